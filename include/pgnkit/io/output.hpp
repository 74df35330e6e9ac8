#pragma once
/// Output files: stdout, or a named file written under a temporary name in the same folder
/// and renamed when complete, so an interrupted run never leaves a half file that looks
/// whole. Targets that are not regular files (/dev/null, /dev/stdout, FIFOs) are written
/// directly.

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace pgnkit::app {

/// A byte buffer for output text (BatchOutput::out): appended to, or written in place in
/// room made with room() and then committed with set_size() — unlike std::string, making
/// room does not zero-fill it. Grows in large blocks and keeps its memory when cleared.
class OutBuffer {
  public:
    OutBuffer() = default;
    OutBuffer(const OutBuffer&) = delete;
    OutBuffer& operator=(const OutBuffer&) = delete;
    OutBuffer(OutBuffer&& o) noexcept : p_(o.p_), size_(o.size_), cap_(o.cap_) {
        o.p_ = nullptr;
        o.size_ = o.cap_ = 0;
    }
    OutBuffer& operator=(OutBuffer&& o) noexcept {
        if (this != &o) {
            std::free(p_);
            p_ = o.p_;
            size_ = o.size_;
            cap_ = o.cap_;
            o.p_ = nullptr;
            o.size_ = o.cap_ = 0;
        }
        return *this;
    }
    ~OutBuffer() { std::free(p_); }

    char* data() { return p_; }
    const char* data() const { return p_; }
    std::size_t size() const { return size_; }
    std::size_t capacity() const { return cap_; }
    bool empty() const { return size_ == 0; }
    void clear() { size_ = 0; }
    std::string_view view() const { return {p_, size_}; }
    operator std::string_view() const { return view(); }

    /// Capacity for at least n bytes. Every byte of the old capacity is kept (also bytes
    /// written past the text and not yet committed).
    void reserve(std::size_t n) {
        if (n > cap_) grow(n);
    }
    /// Room for n more bytes after the text: a pointer to its end (the size is unchanged).
    char* room(std::size_t n) {
        if (cap_ - size_ < n) [[unlikely]]
            grow(size_ + n);
        return p_ + size_;
    }
    /// The text is now the first n bytes (n ≤ capacity(); bytes past the old size must
    /// have been written).
    void set_size(std::size_t n) { size_ = n; }

    OutBuffer& append(const char* s, std::size_t n) {
        if (n) {
            std::memcpy(room(n), s, n);
            size_ += n;
        }
        return *this;
    }
    OutBuffer& append(std::string_view s) { return append(s.data(), s.size()); }
    OutBuffer& operator+=(std::string_view s) { return append(s.data(), s.size()); }
    OutBuffer& operator+=(char c) {
        *room(1) = c;
        ++size_;
        return *this;
    }
    void push_back(char c) { *this += c; }

  private:
    char* p_ = nullptr;
    std::size_t size_ = 0, cap_ = 0;
    /// Grows to at least n bytes (in 64 KB blocks, at least doubling).
    [[gnu::noinline]] void grow(std::size_t n);
};

/// Compression of an output: none, zstd, or chosen from the name (".zst" → zstd).
enum class OutputCompression { Auto, None, Zstd };

struct OutputOptions {
    OutputCompression compression = OutputCompression::Auto;
    int zstd_level = 3;
    /// Permission bits for a new file (else 0666 less the umask): an input rewritten in
    /// place keeps its own.
    std::optional<unsigned> permissions;
};

class OutputFile {
  public:
    /// Opens `path` for writing ("-" = stdout). Throws std::runtime_error on failure.
    explicit OutputFile(const std::string& path, const OutputOptions& opts = {});
    static OutputFile standard_output() { return OutputFile("-"); }
    OutputFile(OutputFile&& o) noexcept;
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;
    /// Without commit(), a temporary file is removed.
    ~OutputFile();

    /// Writes all bytes; false if the reader went away (EPIPE) or the write failed — see
    /// error() (a full disk is an error; a closed pipe is not).
    bool write(std::string_view bytes);
    /// write() of `pieces` one after another: in one system call per many pieces (writev),
    /// without copying them into a buffer first, unless the output is compressed.
    bool write_pieces(std::span<const std::string_view> pieces);
    bool flush();
    /// Flushes, closes and renames the temporary file into place. Throws on failure.
    void commit();
    /// A write failure other than a closed pipe ("" if none).
    const std::string& error() const { return error_; }
    bool broken_pipe() const { return broken_pipe_; }

  private:
    std::string path_, temp_;
    int fd_ = -1;
    bool owned_ = false, committed_ = false, broken_pipe_ = false;
    std::string error_;
    std::string buf_;
    void* zstd_ = nullptr; ///< ZSTD_CStream* when compressing
    std::string zbuf_;
    bool write_raw(const char* data, std::size_t size);
    /// After a failed write: a closed pipe (EPIPE) or error(), from errno. Returns false.
    bool write_failed();
    bool compress(bool end);
};

/// Removes every temporary output file still open (for a SIGINT handler: async-signal-safe).
void remove_pending_outputs_on_signal();

/// Appends `s` as a report for a terminal shows text read from a file: a Latin-1 text
/// (`utf8` false) transcoded to UTF-8, a tab as a blank, and every other control character
/// as a visible symbol one column wide (C0 and DEL as the Unicode control pictures ␀ … ␟ ␡,
/// C1 as �), so that no file can move the cursor, recolour, clear or retitle the terminal of
/// the person reading the report. Printable text is appended unchanged.
void append_display(std::string& out, std::string_view s, bool utf8);
/// append_display() of at most `max` characters of `s` (whole UTF-8 sequences; a Latin-1
/// byte is a character), with "…" for the rest: names in report lines and tables stay
/// readable when a tag holds a megabyte.
void append_display_clipped(std::string& out, std::string_view s, bool utf8, std::size_t max);

} // namespace pgnkit::app
