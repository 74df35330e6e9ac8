#include "pgnkit/io/output.hpp"

#include "pgnkit/io/utf8.hpp"

#include <fmt/format.h>

#include <zstd.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <new>
#include <stdexcept>

namespace pgnkit::app {

void OutBuffer::grow(std::size_t n) {
    constexpr std::size_t Block = std::size_t{64} << 10;
    std::size_t cap = std::max(n, 2 * cap_);
    cap = (cap + Block - 1) / Block * Block;
    // realloc keeps all the old bytes (the caller may have written past the text); a large
    // block may move by remapping rather than copying.
    void* p = std::realloc(p_, cap);
    if (!p) throw std::bad_alloc();
    p_ = static_cast<char*>(p);
    cap_ = cap;
}

namespace {
// Temporary names still to remove if the process is interrupted (fixed slots: the signal
// handler may not allocate).
constexpr int MaxPending = 16;
char pending_names[MaxPending][4096];
std::atomic<bool> pending_used[MaxPending];

int add_pending(const std::string& name) {
    for (int i = 0; i < MaxPending; ++i) {
        bool expected = false;
        if (name.size() < sizeof pending_names[i] &&
            pending_used[i].compare_exchange_strong(expected, true)) {
            std::memcpy(pending_names[i], name.c_str(), name.size() + 1);
            return i;
        }
    }
    return -1;
}
void drop_pending(const std::string& name) {
    for (int i = 0; i < MaxPending; ++i)
        if (pending_used[i] && name == pending_names[i]) pending_used[i] = false;
}
} // namespace

void remove_pending_outputs_on_signal() {
    for (int i = 0; i < MaxPending; ++i)
        if (pending_used[i]) ::unlink(pending_names[i]);
}

OutputFile::OutputFile(const std::string& path, const OutputOptions& opts) : path_(path) {
    bool zstd = opts.compression == OutputCompression::Zstd ||
                (opts.compression == OutputCompression::Auto && path.size() > 4 &&
                 path.compare(path.size() - 4, 4, ".zst") == 0);
    if (zstd) {
        ZSTD_CStream* z = ZSTD_createCStream();
        if (!z) throw std::runtime_error("cannot create a zstd stream");
        ZSTD_CCtx_setParameter(z, ZSTD_c_compressionLevel, opts.zstd_level);
        ZSTD_CCtx_setParameter(z, ZSTD_c_checksumFlag, 1);
        zstd_ = z;
        zbuf_.resize(ZSTD_CStreamOutSize());
    }
    if (path == "-") {
        fd_ = STDOUT_FILENO;
        return;
    }
    struct stat st;
    bool exists = ::stat(path.c_str(), &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) {
        // /dev/null, /dev/stdout, a FIFO …: write in place, never replace.
        fd_ = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
        if (fd_ < 0)
            throw std::runtime_error(
                fmt::format("cannot open '{}': {}", path, std::strerror(errno)));
        owned_ = true;
        return;
    }
    temp_ = fmt::format("{}.tmp.{}", path, ::getpid());
    fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd_ < 0)
        throw std::runtime_error(fmt::format("cannot create '{}': {}", path, std::strerror(errno)));
    owned_ = true;
    add_pending(temp_);
    if (opts.permissions) ::fchmod(fd_, *opts.permissions);
}

OutputFile::OutputFile(OutputFile&& o) noexcept
    : path_(std::move(o.path_)), temp_(std::move(o.temp_)), fd_(o.fd_), owned_(o.owned_),
      committed_(o.committed_), broken_pipe_(o.broken_pipe_), error_(std::move(o.error_)),
      buf_(std::move(o.buf_)) {
    zstd_ = o.zstd_;
    zbuf_ = std::move(o.zbuf_);
    o.zstd_ = nullptr;
    o.fd_ = -1;
    o.owned_ = false;
    o.temp_.clear();
}

OutputFile::~OutputFile() {
    if (fd_ >= 0 && !committed_) {
        flush();
        if (zstd_ && temp_.empty()) compress(true); // stdout or a device: end the frame
    }
    if (zstd_) ZSTD_freeCStream(static_cast<ZSTD_CStream*>(zstd_));
    if (owned_ && fd_ >= 0) ::close(fd_);
    if (!temp_.empty() && !committed_) {
        ::unlink(temp_.c_str());
        drop_pending(temp_);
    }
}

bool OutputFile::write(std::string_view bytes) {
    if (broken_pipe_ || !error_.empty()) return false;
    // Large blocks (a whole batch) go out without another copy into the buffer.
    if (!zstd_ && bytes.size() >= (std::size_t{1} << 16)) {
        if (!buf_.empty() && !flush()) return false;
        return write_raw(bytes.data(), bytes.size());
    }
    buf_.append(bytes);
    if (buf_.size() >= (std::size_t{1} << 16)) return flush();
    return true;
}

bool OutputFile::write_pieces(std::span<const std::string_view> pieces) {
    if (broken_pipe_ || !error_.empty()) return false;
    if (zstd_) { // (compressing copies them anyway)
        for (std::string_view piece : pieces)
            if (!write(piece)) return false;
        return true;
    }
    if (!buf_.empty() && !flush()) return false;
    std::array<iovec, 1024> vec; // (IOV_MAX on Linux)
    std::size_t next = 0;
    while (next < pieces.size()) {
        std::size_t n = 0;
        for (; n < vec.size() && next < pieces.size(); ++next) {
            if (pieces[next].empty()) continue;
            vec[n].iov_base = const_cast<char*>(pieces[next].data());
            vec[n++].iov_len = pieces[next].size();
        }
        iovec* v = vec.data();
        while (n != 0) {
            const ssize_t wrote = ::writev(fd_, v, static_cast<int>(n));
            if (wrote < 0) {
                if (errno == EINTR) continue;
                return write_failed();
            }
            // A short write (a pipe, a signal): on after the bytes written.
            auto done = static_cast<std::size_t>(wrote);
            while (n != 0 && done >= v->iov_len) {
                done -= v->iov_len;
                ++v;
                --n;
            }
            if (n != 0) {
                v->iov_base = static_cast<char*>(v->iov_base) + done;
                v->iov_len -= done;
            }
        }
    }
    return true;
}

bool OutputFile::write_raw(const char* data, std::size_t size) {
    std::size_t done = 0;
    while (done < size) {
        ssize_t n = ::write(fd_, data + done, size - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return write_failed();
        }
        done += std::size_t(n);
    }
    return true;
}

bool OutputFile::write_failed() {
    if (errno == EPIPE)
        broken_pipe_ = true;
    else
        error_ = fmt::format("cannot write '{}': {}", path_ == "-" ? "<stdout>" : path_,
                             std::strerror(errno));
    return false;
}

/// Compresses buf_ (and ends the frame when `end`), writing what zstd produces.
bool OutputFile::compress(bool end) {
    auto* z = static_cast<ZSTD_CStream*>(zstd_);
    ZSTD_inBuffer in{buf_.data(), buf_.size(), 0};
    for (;;) {
        ZSTD_outBuffer out{zbuf_.data(), zbuf_.size(), 0};
        std::size_t rest = ZSTD_compressStream2(z, &out, &in, end ? ZSTD_e_end : ZSTD_e_continue);
        if (ZSTD_isError(rest)) {
            error_ = fmt::format("zstd: {}", ZSTD_getErrorName(rest));
            return false;
        }
        if (out.pos && !write_raw(zbuf_.data(), out.pos)) return false;
        if (end ? rest == 0 : in.pos == in.size) break;
    }
    buf_.clear();
    return true;
}

bool OutputFile::flush() {
    if (broken_pipe_ || !error_.empty()) return false;
    bool ok = zstd_ ? compress(false) : write_raw(buf_.data(), buf_.size());
    buf_.clear();
    return ok;
}

void OutputFile::commit() {
    if (committed_) return;
    flush();
    if (zstd_ && error_.empty() && !broken_pipe_) compress(true);
    if (!error_.empty()) throw std::runtime_error(error_);
    if (owned_) {
        if (::close(fd_) != 0) {
            fd_ = -1;
            throw std::runtime_error(
                fmt::format("cannot write '{}': {}", path_, std::strerror(errno)));
        }
        fd_ = -1;
    }
    if (!temp_.empty()) {
        if (::rename(temp_.c_str(), path_.c_str()) != 0)
            throw std::runtime_error(
                fmt::format("cannot write '{}': {}", path_, std::strerror(errno)));
        drop_pending(temp_);
        temp_.clear();
    }
    committed_ = true;
}

namespace {
/// The bytes append_display() may need to change: C0, DEL, and the first byte of a C1
/// control (C2 in UTF-8; in Latin-1 read as Windows-1252, its five unassigned bytes).
constexpr std::array<std::array<bool, 256>, 2> display_special = [] {
    std::array<std::array<bool, 256>, 2> t{}; // [utf8]
    for (int c = 0; c < 256; ++c) {
        const bool control = c < 0x20 || c == 0x7F;
        t[1][std::size_t(c)] = control || c == 0xC2;
        t[0][std::size_t(c)] =
            control || c == 0x81 || c == 0x8D || c == 0x8F || c == 0x90 || c == 0x9D;
    }
    return t;
}();
} // namespace

void append_display(std::string& out, std::string_view s, bool utf8) {
    const auto& special = display_special[utf8];
    const char* const p = s.data();
    const std::size_t n = s.size();
    std::size_t i = 0;
    for (;;) {
        std::size_t j = i; // the run shown as it is (Windows-1252: transcoded)
        // Printable ASCII 8 bytes at a time (reports are mostly that), then byte by byte.
        for (std::uint64_t w; j + 8 <= n; j += 8) {
            std::memcpy(&w, p + j, 8);
            constexpr std::uint64_t ones = 0x0101010101010101, highs = ones * 0x80;
            const std::uint64_t below_space = (w - ones * 0x20) & ~w & highs;
            const std::uint64_t del_or_high = (w | (w + ones)) & highs;
            if ((below_space | del_or_high) != 0) break;
        }
        while (j < n && !special[static_cast<unsigned char>(p[j])]) ++j;
        if (utf8)
            out.append(p + i, j - i);
        else
            cp1252_to_utf8(std::string_view(p + i, j - i), out);
        if (j == n) return;
        const unsigned char c = static_cast<unsigned char>(p[j]);
        const unsigned char next = j + 1 < n ? static_cast<unsigned char>(p[j + 1]) : 0;
        i = j + 1;
        if (c == '\t') {
            out += ' ';
        } else if (c < 0x20) { // U+2400 + c
            const char picture[3] = {'\xE2', '\x90', static_cast<char>(0x80 + c)};
            out.append(picture, 3);
        } else if (c == 0x7F) {
            out.append("\xE2\x90\xA1", 3);                   // U+2421
        } else if (!utf8 || (next >= 0x80 && next < 0xA0)) { // C1 (C2 xx in UTF-8)
            out.append("\xEF\xBF\xBD", 3);                   // U+FFFD
            i += utf8;
        } else { // C2 before a byte that is no C1 control
            out += static_cast<char>(c);
        }
    }
}

void append_display_clipped(std::string& out, std::string_view s, bool utf8, std::size_t max) {
    if (s.size() <= max) return append_display(out, s, utf8); // no more characters than bytes
    std::size_t chars = 0, k = 0;
    for (; k < s.size(); ++k) {
        // In UTF-8, continuation bytes do not start a character.
        if (utf8 && (static_cast<unsigned char>(s[k]) & 0xC0) == 0x80) continue;
        if (chars == max) break;
        ++chars;
    }
    append_display(out, s.substr(0, k), utf8);
    if (k < s.size()) out += "…";
}

} // namespace pgnkit::app
