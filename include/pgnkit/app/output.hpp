#pragma once
/// Output files: stdout, or a named file written under a temporary name in the same folder
/// and renamed when complete, so an interrupted run never leaves a half file that looks
/// whole. Targets that are not regular files (/dev/null, /dev/stdout, FIFOs) are written
/// directly.

#include <cstdio>
#include <string>
#include <string_view>

namespace pgnkit::app {

/// Compression of an output: none, zstd, or chosen from the name (".zst" → zstd).
enum class OutputCompression { Auto, None, Zstd };

struct OutputOptions {
    OutputCompression compression = OutputCompression::Auto;
    int zstd_level = 3;
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
    bool compress(bool end);
};

/// Removes every temporary output file still open (for a SIGINT handler: async-signal-safe).
void remove_pending_outputs_on_signal();

} // namespace pgnkit::app
