#pragma once
/// File names made from text found in the input (split's pieces, named after a tag value):
/// safe on every common file system (Linux, macOS, Windows; FAT and NTFS too) and distinct
/// there, whatever the text holds.

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>

namespace pgnkit::app {

/// The longest file name made, in bytes (most file systems allow 255; room is left for a
/// "~N" that tells two names apart, UniqueFileNames).
inline constexpr std::size_t max_file_name_bytes = 240;

/// Appends `text` (UTF-8) as a part of a file name: without the blanks that begin and end it,
/// each byte that some file system refuses or reads as a separator (control characters, C1
/// controls, `/ \ : * ? " < > |`) as `_`, and at most `max_bytes` bytes of it (whole UTF-8
/// sequences). Returns false, appending nothing, when nothing would be left.
bool append_name_part(std::string& out, std::string_view text, std::size_t max_bytes);

/// Makes `name` a portable file name whose last `extension` bytes (".pgn", ".pgn.zst") are its
/// extension: a leading `.` (a hidden file) and a trailing `.` or blank (Windows drops them)
/// become `_`; a name whose stem is a reserved Windows device (CON, PRN, AUX, NUL, COM0-9,
/// LPT0-9, any case, with any extension) gets a leading `_`; the stem is cut (whole UTF-8
/// sequences) so that the name has at most max_file_name_bytes bytes; an empty stem is `_`.
void make_portable_name(std::string& name, std::size_t extension);

/// Names handed out once each: the same name again, or one that differs only in the case of
/// ASCII letters (one file on a case-insensitive file system: Windows, macOS), gets a "~2",
/// "~3" … before its extension — the first free one, so the numbers depend only on the order in
/// which names are asked for.
class UniqueFileNames {
  public:
    /// `name` (a make_portable_name() result with an extension of `extension` bytes), or the
    /// first free "stem~N.ext".
    std::string claim(const std::string& name, std::size_t extension);
    std::size_t size() const { return taken_.size(); }

  private:
    /// The next N to try per folded name (a name asked for again and again stays cheap).
    std::unordered_map<std::string, std::size_t> taken_;
};

} // namespace pgnkit::app
