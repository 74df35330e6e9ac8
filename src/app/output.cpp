#include "pgnkit/app/output.hpp"

#include <fmt/format.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace pgnkit::app {

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

OutputFile::OutputFile(const std::string& path) : path_(path) {
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
        throw std::runtime_error(
            fmt::format("cannot create '{}': {}", temp_, std::strerror(errno)));
    owned_ = true;
    add_pending(temp_);
}

OutputFile::OutputFile(OutputFile&& o) noexcept
    : path_(std::move(o.path_)), temp_(std::move(o.temp_)), fd_(o.fd_), owned_(o.owned_),
      committed_(o.committed_), broken_pipe_(o.broken_pipe_), error_(std::move(o.error_)),
      buf_(std::move(o.buf_)) {
    o.fd_ = -1;
    o.owned_ = false;
    o.temp_.clear();
}

OutputFile::~OutputFile() {
    if (fd_ >= 0 && !committed_) flush();
    if (owned_ && fd_ >= 0) ::close(fd_);
    if (!temp_.empty() && !committed_) {
        ::unlink(temp_.c_str());
        drop_pending(temp_);
    }
}

bool OutputFile::write(std::string_view bytes) {
    if (broken_pipe_ || !error_.empty()) return false;
    buf_.append(bytes);
    if (buf_.size() >= (std::size_t{1} << 16)) return flush();
    return true;
}

bool OutputFile::flush() {
    if (broken_pipe_ || !error_.empty()) return false;
    std::size_t done = 0;
    while (done < buf_.size()) {
        ssize_t n = ::write(fd_, buf_.data() + done, buf_.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno == EPIPE)
                broken_pipe_ = true;
            else
                error_ = fmt::format("cannot write '{}': {}", path_ == "-" ? "<stdout>" : path_,
                                     std::strerror(errno));
            buf_.clear();
            return false;
        }
        done += std::size_t(n);
    }
    buf_.clear();
    return true;
}

void OutputFile::commit() {
    if (committed_) return;
    flush();
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
                fmt::format("cannot rename '{}' to '{}': {}", temp_, path_, std::strerror(errno)));
        drop_pending(temp_);
        temp_.clear();
    }
    committed_ = true;
}

} // namespace pgnkit::app
