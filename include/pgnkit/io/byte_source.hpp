#pragma once
/// Byte sources: files, stdin and memory, with zstd and gzip decoded transparently.
///
/// A `ByteSource` hands out the *decompressed* bytes of one input in large reads.
/// Compression is detected from the first bytes (magic numbers), never from the name.
/// I/O and decoding errors are exceptional: `read()` throws `IoError` after it has
/// delivered every byte decoded before the damage.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace pgnkit {

/// An I/O or decompression failure; the message names the input and what happened.
class IoError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// How an input was encoded on disk: compressed, or as UTF-16 text (with a byte-order mark),
/// GBK or Big5 text (io/gbk.hpp), which are handed out as UTF-8; `Archive` is a member of a zip, 7z
/// or tar archive (io/input.hpp).
enum class Compression : std::uint8_t {
    None,
    Zstd,
    Gzip,
    Utf16LE,
    Utf16BE,
    Bzip2,
    Xz,
    Lzma,
    Archive,
    Gbk,
    Big5
};

/// "none", "zstd", "gzip", "utf-16le", "utf-16be", "bzip2", "xz", "lzma", "archive", "gbk" or
/// "big5".
std::string_view compression_name(Compression c);

/// A stream of bytes read in large chunks.
class ByteSource {
  public:
    virtual ~ByteSource() = default;
    ByteSource() = default;
    ByteSource(const ByteSource&) = delete;
    ByteSource& operator=(const ByteSource&) = delete;

    /// Reads up to `cap` bytes into `buf`; returns 0 only at the end of the stream.
    /// Throws IoError on failure (after returning all good bytes in earlier calls).
    std::size_t read(char* buf, std::size_t cap) {
        std::size_t n = do_read(buf, cap);
        bytes_out_ += n;
        return n;
    }

    /// Zero-copy reads, for sources whose bytes already lie in memory (MemorySource with
    /// set_views): the next up to `cap` bytes in place, as read() would hand them out. Each view
    /// continues the one before it in memory, and all stay valid while the source lives.
    /// An empty view at the end of the stream, and always from a source that cannot hand
    /// out views (can_view()); read() goes on after the last view. Throws IoError as read().
    std::string_view view(std::size_t cap) {
        std::string_view v = do_view(cap);
        bytes_out_ += v.size();
        return v;
    }
    /// Whether view() hands out bytes (else it is always empty and read() is the way).
    virtual bool can_view() const { return false; }
    /// Gives back the last `n` bytes read (the caller has them, as the source does, in
    /// memory), so that they are read or viewed again; false (nothing given back) if the
    /// source cannot. For magic-byte detection before views.
    bool unread(std::size_t n) {
        if (n > bytes_out_ || !do_unread(n)) return false;
        bytes_out_ -= n;
        return true;
    }

    /// Moves to byte `offset` of the underlying input, for a reader of a format that needs it
    /// (a 7z archive keeps its index at its end). Only a regular file opened by name can; false
    /// (nothing moved) for every other source.
    bool seek_to(std::uint64_t offset) {
        if (!do_seek(offset)) return false;
        bytes_out_ = offset;
        return true;
    }

    /// The input's name as given by the user ("-" for stdin, "<memory>" …).
    virtual std::string_view name() const = 0;
    /// Bytes consumed from the underlying file so far (compressed bytes for .zst/.gz).
    virtual std::uint64_t bytes_in() const = 0;
    /// Bytes handed out by read() so far (decompressed).
    std::uint64_t bytes_out() const { return bytes_out_; }
    /// Size of the underlying input in bytes, when known (regular files, memory); else 0.
    virtual std::uint64_t size_hint() const { return 0; }
    /// The detected encoding.
    virtual Compression compression() const { return Compression::None; }
    /// The legacy text encoding the text was transcoded from to UTF-8 (gbk_name, big5_name:
    /// io/gbk.hpp), or
    /// "" (UTF-8, or text read as it is).
    virtual std::string_view transcoded_from() const { return {}; }

  protected:
    virtual std::size_t do_read(char* buf, std::size_t cap) = 0;
    virtual std::string_view do_view(std::size_t /*cap*/) { return {}; }
    virtual bool do_unread(std::size_t /*n*/) { return false; }
    virtual bool do_seek(std::uint64_t /*offset*/) { return false; }

  private:
    std::uint64_t bytes_out_ = 0;
};

/// A source over bytes in memory (tests, small inputs). Not decompressed.
class MemorySource final : public ByteSource {
  public:
    /// Views `data`, which must outlive the source.
    explicit MemorySource(std::string_view data, std::string name = "<memory>");
    /// Owns `data`.
    static std::unique_ptr<MemorySource> owning(std::string data, std::string name = "<memory>");
    /// Hands out at most `n` bytes per read (to test chunk boundaries); 0 = no limit.
    void set_max_read(std::size_t n) { max_read_ = n; }
    /// Hands out views (ByteSource::view) of the data (tests of both ways of reading); off
    /// by default.
    void set_views(bool on) { views_ = on; }

    std::string_view name() const override { return name_; }
    std::uint64_t bytes_in() const override { return pos_; }
    std::uint64_t size_hint() const override { return data_.size(); }
    bool can_view() const override { return views_; }

  protected:
    std::size_t do_read(char* buf, std::size_t cap) override;
    std::string_view do_view(std::size_t cap) override;
    bool do_unread(std::size_t n) override;

  private:
    /// The next up to `cap` bytes (as many as a read hands out), consumed.
    std::string_view take(std::size_t cap);

    std::string owned_;
    std::string_view data_;
    std::string name_;
    std::size_t pos_ = 0;
    std::size_t max_read_ = 0;
    bool views_ = false;
};

/// Opens `path` ("-" = stdin) as it is, not decoded. Throws IoError if it cannot be opened
/// (or is a directory).
std::unique_ptr<ByteSource> open_raw(const std::string& path);

/// Opens `path` ("-" = stdin) and wraps it in a decoder chosen by its magic bytes.
/// Throws IoError if the file cannot be opened.
std::unique_ptr<ByteSource> open_source(const std::string& path);

/// Wraps `raw` in a zstd or gzip decoder if its first bytes say so; else returns a
/// source that hands out `raw`'s bytes unchanged.
std::unique_ptr<ByteSource> make_decoding_source(std::unique_ptr<ByteSource> raw);

/// `inner` after `head`, the bytes read from it so far, as if they had not been read: read
/// again when the source can (unread()), else handed out again before the rest.
std::unique_ptr<ByteSource> put_back(std::unique_ptr<ByteSource> inner, std::string head);

/// Reads `inner` ahead on a thread of its own, in pieces of `chunk` bytes, at most `depth`
/// pieces ahead (memory stays flat): the bytes, the end and a failure (IoError, after every
/// byte before it) come out as `inner` gives them. For a source whose reading costs time
/// of its own (a decoder, a pipe) while other threads consume what it gives.
std::unique_ptr<ByteSource> read_ahead(std::unique_ptr<ByteSource> inner,
                                       std::size_t chunk = std::size_t{1} << 20,
                                       std::size_t depth = 4);

/// Recommended read size: every source is read in pieces at least this large.
inline constexpr std::size_t read_chunk_size = std::size_t{4} << 20;
/// A plain (not compressed) source of known size: a regular file or memory, whose reads
/// are copies (no decoder or pipe to wait for, no read-ahead thread needed).
inline bool plain_sized(const ByteSource& s) {
    return s.compression() == Compression::None && s.size_hint() != 0;
}

} // namespace pgnkit
