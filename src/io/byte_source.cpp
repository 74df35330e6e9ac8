/// Byte sources: plain files and stdin read with read(2) in large pieces; zstd and
/// gzip decoders that wrap another source. Decoders hand out every byte decoded before
/// a damaged or truncated stream, then throw IoError on the next read.
#include "pgnkit/io/byte_source.hpp"

#include "pgnkit/io/utf8.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <exception>
#include <fcntl.h>
#include <fmt/format.h>
#include <memory>
#include <mutex>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <vector>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

namespace pgnkit {

std::string_view compression_name(Compression c) {
    switch (c) {
    case Compression::None: return "none";
    case Compression::Zstd: return "zstd";
    case Compression::Gzip: return "gzip";
    case Compression::Utf16LE: return "utf-16le";
    case Compression::Utf16BE: return "utf-16be";
    case Compression::Bzip2: return "bzip2";
    case Compression::Xz: return "xz";
    case Compression::Lzma: return "lzma";
    case Compression::Archive: return "archive";
    case Compression::Gbk: return "gbk";
    case Compression::Big5: return "big5";
    }
    return "none";
}

// ---------------------------------------------------------------- MemorySource

MemorySource::MemorySource(std::string_view data, std::string name)
    : data_(data), name_(std::move(name)) {}

std::unique_ptr<MemorySource> MemorySource::owning(std::string data, std::string name) {
    auto src = std::make_unique<MemorySource>(std::string_view{}, std::move(name));
    src->owned_ = std::move(data);
    src->data_ = src->owned_;
    return src;
}

std::string_view MemorySource::take(std::size_t cap) {
    std::size_t n = std::min(cap, data_.size() - pos_);
    if (max_read_ != 0) n = std::min(n, max_read_);
    std::string_view v = data_.substr(pos_, n);
    pos_ += n;
    return v;
}

std::size_t MemorySource::do_read(char* buf, std::size_t cap) {
    const std::string_view v = take(cap);
    if (!v.empty()) std::memcpy(buf, v.data(), v.size());
    return v.size();
}

std::string_view MemorySource::do_view(std::size_t cap) {
    return views_ ? take(cap) : std::string_view();
}

bool MemorySource::do_unread(std::size_t n) {
    if (n > pos_) return false;
    pos_ -= n;
    return true;
}

namespace {

// ------------------------------------------------------------------ FileSource

/// A file descriptor read with read(2) (pread(2) for a regular file opened here); owns the
/// descriptor unless it is stdin. A regular file is read, not mapped: the splitter's reads
/// land in a buffer that stays in the cache, where the first touch of each page of a
/// mapping costs more than the copy (on the virtual machines measured here, a tenth of a
/// lichess run).
class FileSource final : public ByteSource {
  public:
    FileSource(int fd, std::string name, bool owned)
        : fd_(fd), name_(std::move(name)), owned_(owned) {
        struct stat st {};
        if (::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode)) {
            // Read at known offsets only a file opened here, at offset 0 (not stdin, which
            // may be a file that someone read part of already).
            regular_ = owned_;
            size_ = static_cast<std::uint64_t>(st.st_size);
#ifdef POSIX_FADV_SEQUENTIAL
            ::posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
        }
    }
    ~FileSource() override {
        if (owned_) ::close(fd_);
    }
    std::string_view name() const override { return name_; }
    std::uint64_t bytes_in() const override { return consumed_; }
    std::uint64_t size_hint() const override { return size_; }

  protected:
    std::size_t do_read(char* buf, std::size_t cap) override {
        for (;;) {
            ssize_t n = regular_ ? ::pread(fd_, buf, cap, static_cast<off_t>(consumed_))
                                 : ::read(fd_, buf, cap);
            if (n > 0) {
                consumed_ += static_cast<std::uint64_t>(n);
                return static_cast<std::size_t>(n);
            }
            if (n == 0) {
                // A file rewritten in place (a broadcast PGN) that ends before the size it
                // had when opened: its last bytes may be lost.
                if (regular_ && consumed_ < size_) {
                    struct stat st {};
                    const std::uint64_t now =
                        ::fstat(fd_, &st) == 0 ? static_cast<std::uint64_t>(st.st_size) : consumed_;
                    throw IoError(fmt::format("{}: the file shrank to {} bytes while it was "
                                              "read ({} bytes when opened); the bytes after "
                                              "{} may be lost",
                                              name_, now, size_, std::min(now, consumed_)));
                }
                return 0;
            }
            if (errno == EINTR) continue;
            throw IoError(fmt::format("{}: read error after {} bytes: {}", name_, consumed_,
                                      std::strerror(errno)));
        }
    }

    bool do_unread(std::size_t n) override {
        if (!regular_ || n > consumed_) return false;
        consumed_ -= n;
        return true;
    }

    bool do_seek(std::uint64_t offset) override {
        if (!regular_) return false;
        consumed_ = offset;
        return true;
    }

  private:
    int fd_;
    std::string name_;
    bool owned_;
    bool regular_ = false;
    std::uint64_t size_ = 0;
    std::uint64_t consumed_ = 0;
};

// ---------------------------------------------------------------- decoder base

/// Shared plumbing of the decoders: an input buffer refilled from the inner source,
/// which starts with the bytes peeked for magic detection, and a deferred error.
class DecoderSource : public ByteSource {
  public:
    DecoderSource(std::unique_ptr<ByteSource> inner, std::string_view prefix)
        : inner_(std::move(inner)), in_(new char[read_chunk_size]) {
        std::memcpy(in_.get(), prefix.data(), prefix.size());
        in_len_ = prefix.size();
    }
    std::string_view name() const override { return inner_->name(); }
    std::uint64_t bytes_in() const override { return inner_->bytes_in(); }
    std::uint64_t size_hint() const override { return inner_->size_hint(); }

  protected:
    std::size_t do_read(char* buf, std::size_t cap) final {
        if (!error_.empty()) throw IoError(error_);
        if (done_ || cap == 0) return 0;
        std::size_t produced = 0;
        try {
            produced = decode(buf, cap);
        } catch (const IoError& e) {
            // Hand out what was decoded before the damage; report it on the next call.
            if (produced_in_call_ == 0) {
                error_ = e.what();
                throw;
            }
            error_ = e.what();
            return produced_in_call_;
        }
        return produced;
    }

    /// Decodes into buf; sets produced_in_call_ as it goes so an exception keeps the count.
    virtual std::size_t decode(char* buf, std::size_t cap) = 0;

    /// Makes input available; returns false at the end of the inner stream.
    bool ensure_input() {
        if (in_pos_ < in_len_) return true;
        if (inner_eof_) return false;
        in_pos_ = 0;
        in_len_ = inner_->read(in_.get(), read_chunk_size);
        if (in_len_ == 0) inner_eof_ = true;
        return in_len_ != 0;
    }

    [[noreturn]] void fail(std::string_view what) {
        throw IoError(fmt::format("{}: {} (after {} decompressed bytes, {} input bytes)", name(),
                                  what, bytes_out() + produced_in_call_, bytes_in()));
    }

    std::unique_ptr<ByteSource> inner_;
    std::unique_ptr<char[]> in_;
    std::size_t in_pos_ = 0;
    std::size_t in_len_ = 0;
    bool inner_eof_ = false;
    bool done_ = false;
    std::size_t produced_in_call_ = 0;
    std::string error_;
};

// ------------------------------------------------------------------ ZstdSource

/// log2 of the largest zstd window decoded: PGNKIT_ZSTD_WINDOW_LOG_MAX (10 to 31), else 27.
int zstd_window_log_max() {
    static const int value = [] {
        const char* env = std::getenv("PGNKIT_ZSTD_WINDOW_LOG_MAX");
        const int v = env ? std::atoi(env) : 0;
        return v >= 10 && v <= 31 ? v : 27;
    }();
    return value;
}

/// zstd streams: any number of frames back to back, skippable frames ignored
/// (ZSTD_decompressStream does both).
class ZstdSource final : public DecoderSource {
  public:
    ZstdSource(std::unique_ptr<ByteSource> inner, std::string_view prefix)
        : DecoderSource(std::move(inner), prefix), ds_(ZSTD_createDStream()) {
        if (ds_ == nullptr) throw IoError(fmt::format("{}: cannot create zstd decoder", name()));
        ZSTD_initDStream(ds_);
        // The decoder allocates the window a frame header asks for before reading any data,
        // so the limit bounds memory on damaged or hostile input too: 128 MiB by default (what
        // `zstd -d` accepts), up to 2 GiB (`zstd --long=31` streams) when the user says so.
        ZSTD_DCtx_setParameter(ds_, ZSTD_d_windowLogMax, zstd_window_log_max());
    }
    ~ZstdSource() override { ZSTD_freeDStream(ds_); }
    Compression compression() const override { return Compression::Zstd; }

  protected:
    // zstd decodes a block straight into an output buffer with room for it, and withholds
    // those bytes when the frame's checksum then fails; into a small one it hands bytes out
    // as it goes. So the bytes before damage would depend on the reader's read sizes (and
    // differ between --jobs 1 and N): zstd always decodes into the same staging buffer, read
    // out from there.
    std::size_t decode(char* buf, std::size_t cap) override {
        produced_in_call_ = 0;
        std::size_t produced = 0;
        while (produced < cap) {
            if (stage_pos_ == stage_len_) {
                if (!stage_error_.empty()) {
                    std::string what;
                    what.swap(stage_error_);
                    throw IoError(what); // do_read hands out `produced` first
                }
                if (stage_end_) {
                    done_ = true;
                    break;
                }
                refill(produced);
                continue;
            }
            const std::size_t n = std::min(cap - produced, stage_len_ - stage_pos_);
            std::memcpy(buf + produced, stage_.get() + stage_pos_, n);
            stage_pos_ += n;
            produced += n;
            produced_in_call_ = produced;
        }
        return produced;
    }

  private:
    /// Decodes into the empty staging buffer until it is full, the stream ends or fails (the
    /// message waits in stage_error_ behind the bytes decoded before it). `base`: the bytes
    /// this read() call has handed out, for the message's count.
    void refill(std::size_t base) {
        ZSTD_outBuffer out{stage_.get(), stage_size_, 0};
        try {
            while (out.pos < out.size) {
                if (!ensure_input()) {
                    if (!frame_open_) {
                        stage_end_ = true;
                        break;
                    }
                    // The decoder may hold bytes it had no room for: every one of them comes
                    // out before the truncation is reported.
                    ZSTD_inBuffer none{in_.get(), 0, 0};
                    const std::size_t before = out.pos;
                    const std::size_t r = ZSTD_decompressStream(ds_, &out, &none);
                    produced_in_call_ = base + out.pos;
                    if (!ZSTD_isError(r) && r == 0) { // the frame's end had been read
                        frame_open_ = false;
                        continue;
                    }
                    if (ZSTD_isError(r) || out.pos == before)
                        fail("truncated zstd stream: the input ends inside a frame");
                    continue;
                }
                ZSTD_inBuffer in{in_.get(), in_len_, in_pos_};
                std::size_t r = ZSTD_decompressStream(ds_, &out, &in);
                in_pos_ = in.pos;
                produced_in_call_ = base + out.pos;
                if (ZSTD_isError(r) &&
                    ZSTD_getErrorCode(r) == ZSTD_error_frameParameter_windowTooLarge)
                    fail(fmt::format("zstd frame needs a window larger than {} MiB (a `zstd "
                                     "--long` stream, or a damaged header); "
                                     "PGNKIT_ZSTD_WINDOW_LOG_MAX=31 allows up to 2048 MiB",
                                     (std::size_t{1} << zstd_window_log_max()) >> 20));
                if (ZSTD_isError(r))
                    fail(fmt::format("corrupt zstd stream: {}", ZSTD_getErrorName(r)));
                frame_open_ = r != 0;
            }
        } catch (const IoError& e) {
            stage_error_ = e.what();
            if (stage_error_.empty()) stage_error_ = "corrupt zstd stream";
        }
        produced_in_call_ = base;
        stage_pos_ = 0;
        stage_len_ = out.pos;
    }

    ZSTD_DStream* ds_;
    bool frame_open_ = false;
    const std::size_t stage_size_ = ZSTD_DStreamOutSize();
    std::unique_ptr<char[]> stage_ = std::make_unique_for_overwrite<char[]>(stage_size_);
    std::size_t stage_pos_ = 0, stage_len_ = 0;
    bool stage_end_ = false;
    std::string stage_error_;
};

// ------------------------------------------------------------------ GzipSource

/// gzip streams of one or more members (as `cat a.gz b.gz` or pigz produce); zero bytes
/// after the last member (tape padding) are ignored, as gzip(1) does.
class GzipSource final : public DecoderSource {
  public:
    GzipSource(std::unique_ptr<ByteSource> inner, std::string_view prefix)
        : DecoderSource(std::move(inner), prefix) {
        std::memset(&zs_, 0, sizeof zs_);
        if (inflateInit2(&zs_, 15 + 16) != Z_OK)
            throw IoError(fmt::format("{}: cannot create gzip decoder", name()));
    }
    ~GzipSource() override { inflateEnd(&zs_); }
    Compression compression() const override { return Compression::Gzip; }

  protected:
    std::size_t decode(char* buf, std::size_t cap) override {
        produced_in_call_ = 0;
        std::size_t produced = 0;
        while (produced < cap) {
            if (!ensure_input()) {
                if (!member_open_) {
                    done_ = true;
                    break;
                }
                // zlib may hold bytes it had no room for (a match being copied): every one of
                // them comes out before the truncation is reported, however large the reads are.
                const std::size_t avail_out = std::min<std::size_t>(cap - produced, 1u << 30);
                zs_.next_in = reinterpret_cast<Bytef*>(in_.get());
                zs_.avail_in = 0;
                zs_.next_out = reinterpret_cast<Bytef*>(buf + produced);
                zs_.avail_out = static_cast<uInt>(avail_out);
                const int r = inflate(&zs_, Z_NO_FLUSH);
                const std::size_t got = avail_out - zs_.avail_out;
                produced += got;
                produced_in_call_ = produced;
                if (r == Z_STREAM_END) {
                    member_open_ = false;
                    continue;
                }
                // Damage found in the bits zlib still held is damage, as when input was left
                // (with small reads the last input goes in before the output that shows it).
                if (r != Z_OK && r != Z_BUF_ERROR) corrupt();
                if (got == 0) fail("truncated gzip stream: the input ends inside a member");
                continue;
            }
            if (!member_open_) {
                if (in_[in_pos_] == 0) { // padding after the last member
                    ++in_pos_;
                    continue;
                }
                if (inflateReset(&zs_) != Z_OK) fail("cannot reset gzip decoder");
                member_open_ = true;
            }
            std::size_t avail_in = std::min<std::size_t>(in_len_ - in_pos_, 1u << 30);
            std::size_t avail_out = std::min<std::size_t>(cap - produced, 1u << 30);
            zs_.next_in = reinterpret_cast<Bytef*>(in_.get() + in_pos_);
            zs_.avail_in = static_cast<uInt>(avail_in);
            zs_.next_out = reinterpret_cast<Bytef*>(buf + produced);
            zs_.avail_out = static_cast<uInt>(avail_out);
            int r = inflate(&zs_, Z_NO_FLUSH);
            in_pos_ += avail_in - zs_.avail_in;
            produced += avail_out - zs_.avail_out;
            produced_in_call_ = produced;
            if (r == Z_STREAM_END) {
                member_open_ = false;
            } else if (r != Z_OK && r != Z_BUF_ERROR) {
                corrupt();
            }
        }
        return produced;
    }

  private:
    [[noreturn]] void corrupt() {
        fail(fmt::format("corrupt gzip stream: {}", zs_.msg != nullptr ? zs_.msg : "error"));
    }
    z_stream zs_;
    bool member_open_ = false;
};

/// Whether a text whose first bytes (up to 4) are `head` begins with a UTF-16 byte-order mark:
/// FE FF, or FF FE but not FF FE 00 00 (UTF-32, which no one writes).
bool is_utf16_bom(std::string_view head) {
    return head.starts_with("\xFE\xFF") ||
           (head.starts_with("\xFF\xFE") && head != std::string_view("\xFF\xFE\0\0", 4));
}

// --------------------------------------------------------------- Utf16Source

/// UTF-16 text with a byte-order mark (as Windows editors save "Unicode" text), handed out as
/// UTF-8 without the mark; lines, tags and moves are then read as in any UTF-8 file (offsets
/// in reports count the UTF-8 bytes). An unpaired surrogate or a last odd byte becomes
/// U+FFFD, as every UTF-16 decoder does.
class Utf16Source final : public DecoderSource {
  public:
    Utf16Source(std::unique_ptr<ByteSource> inner, std::string_view prefix, bool big_endian)
        : DecoderSource(std::move(inner), prefix), big_endian_(big_endian) {
        in_pos_ = 2; // the byte-order mark
    }
    Compression compression() const override {
        return big_endian_ ? Compression::Utf16BE : Compression::Utf16LE;
    }

  protected:
    std::size_t decode(char* buf, std::size_t cap) override {
        std::size_t produced = 0;
        for (;;) {
            while (out_pos_ < out_len_ && produced < cap) buf[produced++] = out_[out_pos_++];
            if (produced == cap) break;
            produced_in_call_ = produced; // what do_read() hands out if the inner read throws
            std::uint32_t unit = 0;
            if (!next_unit(unit)) {
                if (odd_ || high_ != 0) { // a last odd byte, or a high surrogate at the end
                    odd_ = false;
                    high_ = 0;
                    put(0xFFFD);
                    continue;
                }
                done_ = true;
                break;
            }
            if (high_ != 0) {
                const std::uint32_t high = high_;
                high_ = 0;
                if (unit >= 0xDC00 && unit <= 0xDFFF) {
                    put(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00));
                    continue;
                }
                put(0xFFFD); // the high surrogate alone; `unit` is read on its own below
            }
            if (unit >= 0xD800 && unit <= 0xDBFF)
                high_ = unit;
            else
                put(unit >= 0xDC00 && unit <= 0xDFFF ? 0xFFFD : unit);
        }
        produced_in_call_ = produced;
        return produced;
    }

  private:
    /// The next 16-bit unit; false at the end of the input (an odd byte left in odd_).
    bool next_unit(std::uint32_t& unit) {
        unsigned char b[2];
        int got = 0;
        if (odd_) {
            b[got++] = odd_byte_;
            odd_ = false;
        }
        while (got < 2) {
            if (!ensure_input()) {
                if (got == 1) {
                    odd_ = true;
                    odd_byte_ = b[0];
                }
                return false;
            }
            b[got++] = static_cast<unsigned char>(in_[in_pos_++]);
        }
        unit = big_endian_ ? (std::uint32_t(b[0]) << 8 | b[1]) : (std::uint32_t(b[1]) << 8 | b[0]);
        return true;
    }
    /// Queues the code point `cp` as UTF-8 for decode() to hand out (after what is queued).
    void put(std::uint32_t cp) {
        if (out_pos_ == out_len_) out_pos_ = out_len_ = 0;
        out_len_ = static_cast<std::size_t>(put_utf8(out_ + out_len_, cp) - out_);
    }

    bool big_endian_;
    std::uint32_t high_ = 0; ///< a high surrogate waiting for its low half
    bool odd_ = false;       ///< odd_byte_ is the first byte of a unit split between reads
    unsigned char odd_byte_ = 0;
    char out_[8] = {}; ///< at most a U+FFFD and a code point queued
    std::size_t out_pos_ = 0, out_len_ = 0;
};

// --------------------------------------------------------------- PrefixSource

/// Plain bytes: replays the peeked prefix, then reads the inner source directly.
class PrefixSource final : public ByteSource {
  public:
    PrefixSource(std::unique_ptr<ByteSource> inner, std::string prefix)
        : inner_(std::move(inner)), prefix_(std::move(prefix)) {}
    std::string_view name() const override { return inner_->name(); }
    std::uint64_t bytes_in() const override { return inner_->bytes_in(); }
    std::uint64_t size_hint() const override { return inner_->size_hint(); }
    Compression compression() const override { return inner_->compression(); }

  protected:
    std::size_t do_read(char* buf, std::size_t cap) override {
        if (pos_ < prefix_.size()) {
            std::size_t n = std::min(cap, prefix_.size() - pos_);
            std::memcpy(buf, prefix_.data() + pos_, n);
            pos_ += n;
            return n;
        }
        return inner_->read(buf, cap);
    }

  private:
    std::unique_ptr<ByteSource> inner_;
    std::string prefix_;
    std::size_t pos_ = 0;
};

// ------------------------------------------------------------- DecodedTextSource

/// A decompressor's output, whose text may itself be UTF-16 (a Windows "Unicode" file that was
/// compressed): the first read looks at its first bytes and then hands out either its UTF-8
/// (through a Utf16Source) or the bytes as they are. Looking only at the first read keeps a
/// damaged stream's failure where it was: at the read that meets it, not at open.
class DecodedTextSource final : public ByteSource {
  public:
    explicit DecodedTextSource(std::unique_ptr<ByteSource> decoded)
        : decoded_(std::move(decoded)), compression_(decoded_->compression()) {}
    std::string_view name() const override { return decoded_ ? decoded_->name() : text_->name(); }
    std::uint64_t bytes_in() const override {
        return decoded_ ? decoded_->bytes_in() : text_->bytes_in();
    }
    std::uint64_t size_hint() const override {
        return decoded_ ? decoded_->size_hint() : text_->size_hint();
    }
    /// The decompressor's (a UTF-16 text inside is not a property of the container).
    Compression compression() const override { return compression_; }

  protected:
    std::size_t do_read(char* buf, std::size_t cap) override {
        if (!decided_) decide();
        if (pos_ < peek_len_) {
            const std::size_t n = std::min(cap, peek_len_ - pos_);
            std::memcpy(buf, peek_ + pos_, n);
            pos_ += n;
            return n;
        }
        return decoded_ ? decoded_->read(buf, cap) : text_->read(buf, cap);
    }

  private:
    void decide() {
        // Up to 4 bytes (enough to tell FF FE from FF FE 00 00). A failure before any byte is
        // the first read's; after some, the decoder fails again at the next read (it keeps
        // its error), after the bytes peeked here are handed out.
        try {
            while (peek_len_ < sizeof peek_) {
                const std::size_t n = decoded_->read(peek_ + peek_len_, sizeof peek_ - peek_len_);
                if (n == 0) break;
                peek_len_ += n;
            }
        } catch (const IoError&) {
            if (peek_len_ == 0) throw;
        }
        decided_ = true;
        const std::string_view head(peek_, peek_len_);
        if (is_utf16_bom(head)) {
            text_ = std::make_unique<Utf16Source>(std::move(decoded_), head, head[0] == '\xFE');
            peek_len_ = 0; // the Utf16Source decodes them
        }
    }

    std::unique_ptr<ByteSource> decoded_; ///< until a Utf16Source takes it
    std::unique_ptr<ByteSource> text_;    ///< the Utf16Source, if the text is UTF-16
    Compression compression_;
    bool decided_ = false;
    char peek_[4] = {};
    std::size_t peek_len_ = 0, pos_ = 0;
};

} // namespace

std::unique_ptr<ByteSource> make_decoding_source(std::unique_ptr<ByteSource> raw) {
    char magic[4] = {};
    std::size_t got = 0;
    while (got < sizeof magic) {
        std::size_t n = raw->read(magic + got, sizeof magic - got);
        if (n == 0) break;
        got += n;
    }
    std::string_view prefix(magic, got);
    auto byte = [&](std::size_t i) { return static_cast<unsigned char>(magic[i]); };
    // A compressed text may be UTF-16 in turn (DecodedTextSource), not compressed again.
    if (got >= 4 && byte(0) == 0x28 && byte(1) == 0xB5 && byte(2) == 0x2F && byte(3) == 0xFD)
        return std::make_unique<DecodedTextSource>(
            std::make_unique<ZstdSource>(std::move(raw), prefix));
    // A stream that begins with a skippable frame (magic 0x184D2A50..5F, little endian).
    if (got >= 4 && (byte(0) & 0xF0) == 0x50 && byte(1) == 0x2A && byte(2) == 0x4D &&
        byte(3) == 0x18)
        return std::make_unique<DecodedTextSource>(
            std::make_unique<ZstdSource>(std::move(raw), prefix));
    if (got >= 2 && byte(0) == 0x1F && byte(1) == 0x8B)
        return std::make_unique<DecodedTextSource>(
            std::make_unique<GzipSource>(std::move(raw), prefix));
    if (is_utf16_bom(prefix))
        return std::make_unique<Utf16Source>(std::move(raw), prefix, byte(0) == 0xFE);
    // Plain bytes: read again from the start when the source can (a regular file opened by
    // name, memory), else replayed after the peeked prefix.
    if (raw->unread(got)) return raw;
    return std::make_unique<PrefixSource>(std::move(raw), std::string(prefix));
}

std::unique_ptr<ByteSource> put_back(std::unique_ptr<ByteSource> inner, std::string head) {
    if (inner->unread(head.size())) return inner;
    return std::make_unique<PrefixSource>(std::move(inner), std::move(head));
}

// ---------------------------------------------------------------- read-ahead

namespace {

/// read_ahead(): a reader thread fills pieces; do_read() hands them out in order.
class ReadAheadSource final : public ByteSource {
  public:
    ReadAheadSource(std::unique_ptr<ByteSource> inner, std::size_t chunk, std::size_t depth)
        : inner_(std::move(inner)), name_(inner_->name()), size_(inner_->size_hint()),
          compression_(inner_->compression()), transcoded_from_(inner_->transcoded_from()),
          chunk_(std::max<std::size_t>(chunk, 1)), depth_(std::max<std::size_t>(depth, 1)),
          thread_([this] { fill(); }) {}
    ~ReadAheadSource() override {
        {
            std::lock_guard lk(mu_);
            quit_ = true;
        }
        cv_.notify_all();
        thread_.join();
    }
    std::string_view name() const override { return name_; }
    std::uint64_t bytes_in() const override { return bytes_in_.load(std::memory_order_relaxed); }
    std::uint64_t size_hint() const override { return size_; }
    Compression compression() const override { return compression_; }
    std::string_view transcoded_from() const override { return transcoded_from_; }

  protected:
    std::size_t do_read(char* buf, std::size_t cap) override {
        while (pos_ == cur_.size) {
            std::unique_lock lk(mu_);
            if (cur_.data) free_.push_back(std::move(cur_));
            cur_ = Piece{};
            pos_ = 0;
            cv_.wait(lk, [&] { return !full_.empty() || done_; });
            if (full_.empty()) {
                if (failure_) std::rethrow_exception(failure_);
                if (!error_.empty()) throw IoError(error_);
                return 0;
            }
            cur_ = std::move(full_.front());
            full_.pop_front();
            lk.unlock();
            cv_.notify_all(); // room for one more piece
        }
        const std::size_t n = std::min(cap, cur_.size - pos_);
        std::memcpy(buf, cur_.data.get() + pos_, n);
        pos_ += n;
        return n;
    }

  private:
    /// The reader thread: reads pieces while fewer than depth_ wait, until the end, a
    /// failure or the source's destruction.
    void fill() {
        for (;;) {
            Piece piece;
            {
                std::unique_lock lk(mu_);
                cv_.wait(lk, [&] { return quit_ || full_.size() < depth_; });
                if (quit_) return;
                if (!free_.empty()) {
                    piece = std::move(free_.back());
                    free_.pop_back();
                }
            }
            std::string error;
            std::exception_ptr failure; // an IoError as thrown (its type says what failed)
            std::size_t n = 0;
            if (!piece.data) piece.data = std::make_unique_for_overwrite<char[]>(chunk_);
            try {
                n = inner_->read(piece.data.get(), chunk_);
            } catch (const IoError& e) {
                error = e.what();
                failure = std::current_exception();
            } catch (const std::exception& e) {
                error = fmt::format("{}: read error: {}", name_, e.what());
            }
            bytes_in_.store(inner_->bytes_in(), std::memory_order_relaxed);
            piece.size = n;
            std::lock_guard lk(mu_);
            if (n != 0) full_.push_back(std::move(piece));
            if (n == 0 || !error.empty()) {
                done_ = true;
                error_ = error.empty() ? error_ : error;
                if (failure) failure_ = failure;
            }
            cv_.notify_all();
            if (done_) return;
        }
    }

    std::unique_ptr<ByteSource> inner_; ///< read by the thread only
    const std::string name_;
    const std::uint64_t size_;
    const Compression compression_;
    const std::string_view transcoded_from_; ///< a literal (io/gbk.cpp), valid for good
    const std::size_t chunk_, depth_;
    std::atomic<std::uint64_t> bytes_in_{0};
    struct Piece {
        std::unique_ptr<char[]> data; ///< chunk_ bytes
        std::size_t size = 0;         ///< of them read
    };
    // The consumer's piece and its read position.
    Piece cur_;
    std::size_t pos_ = 0;
    // Under mu_.
    std::mutex mu_;
    std::condition_variable cv_;
    std::deque<Piece> full_; ///< pieces read, in order
    std::vector<Piece> free_;
    bool done_ = false, quit_ = false;
    std::string error_;
    std::exception_ptr failure_; ///< error_'s IoError, thrown again as it was
    std::thread thread_;         ///< last: started once everything above is built
};

} // namespace

std::unique_ptr<ByteSource> read_ahead(std::unique_ptr<ByteSource> inner, std::size_t chunk,
                                       std::size_t depth) {
    return std::make_unique<ReadAheadSource>(std::move(inner), chunk, depth);
}

std::unique_ptr<ByteSource> open_source(const std::string& path) {
    return make_decoding_source(open_raw(path));
}

std::unique_ptr<ByteSource> open_raw(const std::string& path) {
    if (path == "-") return std::make_unique<FileSource>(0, "<stdin>", false);
    int fd;
    do {
        fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) throw IoError(fmt::format("{}: cannot open: {}", path, std::strerror(errno)));
    struct stat st {};
    if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        ::close(fd);
        throw IoError(fmt::format("{}: is a directory", path));
    }
    return std::make_unique<FileSource>(fd, path, true);
}

} // namespace pgnkit
