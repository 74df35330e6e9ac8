#pragma once
/// A stretch of a regular file read as a text of its own: a shard of a plain file
/// (`--shard K/N`, run/shard.hpp).

#include "pgnkit/io/byte_source.hpp"

#include <cstdint>
#include <memory>
#include <string>

namespace pgnkit {

/// The bytes [begin, end) of the regular file `path`, in reads that never cross a multiple of
/// `align` bytes of the file: a reader that asks for `align` bytes at a time (GameSplitter,
/// with chunk_for() of the whole file) then reads at the same file offsets as it does over the
/// whole file, so that what it decides where its reads end is decided alike. size_hint() is
/// the whole file's size; bytes_in() counts the bytes read. Throws IoError if the file cannot
/// be opened or is no regular file.
std::unique_ptr<ByteSource> open_file_range(const std::string& path, std::uint64_t begin,
                                            std::uint64_t end, std::uint64_t align);

} // namespace pgnkit
