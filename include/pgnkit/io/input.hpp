#pragma once
/// Inputs as users name them: a file or stdin, whose text may be compressed (zstd, gzip, bzip2,
/// xz, lzma) or be an archive of several files (zip, 7z, tar, a tar compressed by any of
/// those). All are told by their first bytes, never by their names, and read as they stream:
/// memory does not grow with the input.
///
/// An input is read as its *members*, in order: one for a file or a compressed stream, one per
/// regular file of an archive. Every member's text is guarded against binary data
/// (io/text_guard.hpp) and may itself be zstd, gzip or UTF-16 (make_decoding_source()) or GBK
/// (decode_chinese_text(): GBK and Big5 handed out as UTF-8).

#include "pgnkit/io/byte_source.hpp"

#include <memory>
#include <string>
#include <vector>

namespace pgnkit {

/// The texts of one input, in order.
class InputMembers {
  public:
    virtual ~InputMembers() = default;
    InputMembers() = default;
    InputMembers(const InputMembers&) = delete;
    InputMembers& operator=(const InputMembers&) = delete;

    /// The next member's text, or nullptr after the last. `member` is set to the member's path
    /// in the archive, or "" for the text of an input that is no archive (a file, a compressed
    /// stream). The source's name() is "INPUT:MEMBER" for a member of an archive. The member
    /// handed out before must have been destroyed: the members share the archive's stream.
    /// Throws IoError when the archive is damaged (after its members before the damage).
    virtual std::unique_ptr<ByteSource> next(std::string& member) = 0;

    /// What was skipped since the last call, one warning each (an archive's members that are
    /// not regular files: links, devices; its directories are no members and not reported),
    /// e.g. "games.zip:latest.pgn: skipped: a symbolic link".
    virtual std::vector<std::string> take_warnings() { return {}; }
};

/// Opens `path` ("-" = stdin). Throws IoError if it cannot be opened or is an archive that
/// cannot be read.
std::unique_ptr<InputMembers> open_input(const std::string& path);
/// The members of `raw`, an input not read yet (tests read memory this way).
std::unique_ptr<InputMembers> open_input(std::unique_ptr<ByteSource> raw);

/// Whether an input whose first bytes (up to 512) are `head` is read by libarchive: bzip2, xz,
/// lzma, zip, 7z or tar.
bool is_archive_or_stream(std::string_view head);
/// Whether a text whose first bytes (up to 512) are `head` is a tar archive ("ustar" at byte
/// 257).
bool is_tar(std::string_view head);

} // namespace pgnkit
