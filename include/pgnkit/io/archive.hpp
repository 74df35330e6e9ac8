#pragma once
/// Archives and the compressed streams that libarchive reads (bzip2, xz, lzma; zip, 7z, tar):
/// the members of one input (io/input.hpp) read from libarchive as they stream.

#include "pgnkit/io/input.hpp"

#include <memory>
#include <string>

namespace pgnkit {

/// The members of `raw` (not read yet, or given back with put_back()): every regular file of
/// a zip, 7z or tar archive, in the archive's order, or the one text of a bzip2, xz or lzma
/// stream that holds no archive. A 7z archive needs a source that can seek (a regular file
/// opened by name). Throws IoError if `raw` is none of those.
std::unique_ptr<InputMembers> archive_members(std::unique_ptr<ByteSource> raw);

} // namespace pgnkit
