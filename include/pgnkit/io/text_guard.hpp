#pragma once
/// Binary data that is not PGN text (an executable, an image, a file of another format): told
/// from text by its first bytes, so that it is one error for the input ("not PGN text: binary
/// data at byte N") instead of a game made of hundreds of lines of symbols.

#include "pgnkit/io/byte_source.hpp"

#include <cstddef>
#include <memory>
#include <string_view>

namespace pgnkit {

/// The input failure of a text that is binary data: the text is not read, but the input it
/// belongs to (an archive) is not damaged: its next members can be read.
class BinaryDataError : public IoError {
  public:
    using IoError::IoError;
};

/// How many first bytes of a text binary_data_at() looks at.
inline constexpr std::size_t binary_probe_size = 4096;

/// Whether `c` is a byte that text does not hold: NUL and the C0 control bytes other than tab,
/// line feed, vertical tab, form feed, carriage return, SUB (^Z, an old end-of-file mark) and
/// ESC.
constexpr bool is_binary_byte(unsigned char c) {
    return c < 0x20 && c != '\t' && c != '\n' && c != '\v' && c != '\f' && c != '\r' && c != 0x1A &&
           c != 0x1B;
}

/// The 0-based offset of the first binary byte (is_binary_byte()) of `head`, the first bytes
/// of a text, when at least one in 32 of its first binary_probe_size bytes is one, and at
/// least 8 if they are fewer than 256 (random or compressed bytes hold about one in 10, an
/// executable or an image more, in their first bytes); else npos. A text with a few stray
/// control bytes is text.
std::size_t binary_data_at(std::string_view head);

/// `text` whose first read throws BinaryDataError "NAME: not PGN text: binary data at byte N" (N
/// counted from 1, in the text as decompressed) when binary_data_at() finds binary data in its
/// first binary_probe_size bytes; otherwise it reads as `text` does.
std::unique_ptr<ByteSource> guard_text(std::unique_ptr<ByteSource> text);

} // namespace pgnkit
