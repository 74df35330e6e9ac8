#include "pgnkit/io/output_set.hpp"

#include <fmt/format.h>

#include <zstd.h>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace pgnkit::app {

namespace {

// The hidden folder of the OutputSet being written, for the SIGINT handler (a fixed buffer:
// the handler may not allocate). One set at a time is all a command writes.
char pending_folder[4096];
std::atomic<bool> pending_set{false};

/// Creates `path` and its missing parents (mkdir -p); true if it had to create `path`.
bool make_folders(const std::string& path) {
    struct stat st;
    if (::stat(path.c_str(), &st) == 0) {
        if (!S_ISDIR(st.st_mode))
            throw std::runtime_error(fmt::format("'{}' exists and is not a folder", path));
        return false;
    }
    for (std::size_t slash = path.find('/', 1); slash != std::string::npos;
         slash = path.find('/', slash + 1)) {
        const std::string parent = path.substr(0, slash);
        if (::mkdir(parent.c_str(), 0777) != 0 && errno != EEXIST)
            throw std::runtime_error(
                fmt::format("cannot create the folder '{}': {}", parent, std::strerror(errno)));
    }
    if (::mkdir(path.c_str(), 0777) != 0 && errno != EEXIST)
        throw std::runtime_error(
            fmt::format("cannot create the folder '{}': {}", path, std::strerror(errno)));
    return true;
}

} // namespace

void remove_pending_output_set_on_signal() {
    if (!pending_set) return;
    // getdents64 and unlinkat: system calls, safe in a signal handler (opendir allocates).
    const int dir = ::open(pending_folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0) return;
    alignas(8) static char entries[1 << 14];
    for (;;) {
        const long got = ::syscall(SYS_getdents64, dir, entries, sizeof entries);
        if (got <= 0) break;
        for (long at = 0; at < got;) {
            struct Entry {
                std::uint64_t ino;
                std::int64_t off;
                unsigned short reclen;
                unsigned char type;
                char name[1];
            };
            const auto* entry = reinterpret_cast<const Entry*>(entries + at);
            if (std::strcmp(entry->name, ".") != 0 && std::strcmp(entry->name, "..") != 0)
                ::unlinkat(dir, entry->name, 0);
            at += entry->reclen;
        }
    }
    ::close(dir);
    ::rmdir(pending_folder);
}

OutputSet::OutputSet(std::string folder, const OutputSetOptions& options)
    : folder_(std::move(folder)), options_(options) {
    // Within the open-file limit, with room for the inputs, archives and the pipeline's own.
    struct rlimit limit;
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
        options_.max_open + 32 > limit.rlim_cur)
        options_.max_open = limit.rlim_cur > 33 ? std::size_t(limit.rlim_cur - 32) : 1;
    if (options_.max_open == 0) options_.max_open = 1;
    while (folder_.size() > 1 && folder_.back() == '/') folder_.pop_back();
    created_folder_ = make_folders(folder_);
    folder_fd_ = ::open(folder_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder_fd_ < 0)
        throw std::runtime_error(
            fmt::format("cannot open the folder '{}': {}", folder_, std::strerror(errno)));
    staging_ = fmt::format(".pgnkit-tmp.{}", ::getpid());
    if (::mkdirat(folder_fd_, staging_.c_str(), 0700) != 0 ||
        (staging_fd_ = ::openat(folder_fd_, staging_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) <
            0) {
        const std::string why = std::strerror(errno);
        ::close(folder_fd_);
        if (created_folder_) ::rmdir(folder_.c_str());
        throw std::runtime_error(fmt::format("cannot write in the folder '{}': {}", folder_, why));
    }
    const std::string hidden = path_of(staging_);
    if (hidden.size() < sizeof pending_folder) {
        std::memcpy(pending_folder, hidden.c_str(), hidden.size() + 1);
        pending_set = true;
    }
    zout_.resize(ZSTD_CStreamOutSize());
}

OutputSet::~OutputSet() {
    for (std::uint32_t f = newest_; f != None;) {
        const std::uint32_t next = files_[f].older;
        ::close(files_[f].fd);
        f = next;
    }
    if (!committed_) remove_staged();
    for (void* z : streams_) ZSTD_freeCStream(static_cast<ZSTD_CStream*>(z));
    if (staging_fd_ >= 0) ::close(staging_fd_);
    if (folder_fd_ >= 0) ::close(folder_fd_);
}

void OutputSet::remove_staged() {
    for (const File& f : files_)
        if (f.created) ::unlinkat(staging_fd_, f.name.c_str(), 0);
    ::unlinkat(folder_fd_, staging_.c_str(), AT_REMOVEDIR);
    pending_set = false;
    if (created_folder_) ::rmdir(folder_.c_str()); // only if empty
}

std::string OutputSet::path_of(std::string_view name) const {
    return folder_ == "/" ? fmt::format("/{}", name) : fmt::format("{}/{}", folder_, name);
}

bool OutputSet::exists(const std::string& name) const {
    struct stat st;
    return ::fstatat(folder_fd_, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0;
}

std::size_t OutputSet::add(std::string name) {
    files_.push_back(File{});
    files_.back().name = std::move(name);
    return files_.size() - 1;
}

void OutputSet::unlink_open(std::uint32_t file) {
    File& f = files_[file];
    (f.newer == None ? newest_ : files_[f.newer].older) = f.older;
    (f.older == None ? oldest_ : files_[f.older].newer) = f.newer;
    f.newer = f.older = None;
}

bool OutputSet::open(std::size_t file) {
    if (open_ >= options_.max_open && !close(oldest_)) return false;
    File& f = files_[file];
    const int flags = O_WRONLY | O_CLOEXEC | (f.created ? O_APPEND : O_CREAT | O_EXCL);
    f.fd = ::openat(staging_fd_, f.name.c_str(), flags, 0666);
    if (f.fd < 0) {
        error_ = fmt::format("cannot {} '{}': {}", f.created ? "open" : "create", path_of(f.name),
                             std::strerror(errno));
        return false;
    }
    reopened_ += f.created;
    f.created = true;
    f.frame_started = false;
    // A buffer and a zstd stream from those of files closed before (memory stays flat).
    if (free_buffers_.empty()) {
        free_buffers_.push_back(std::uint32_t(buffers_.size()));
        buffers_.emplace_back();
        buffers_.back().reserve(options_.buffer_bytes);
    }
    f.buffer = free_buffers_.back();
    free_buffers_.pop_back();
    if (options_.zstd) {
        if (free_streams_.empty()) {
            ZSTD_CStream* z = ZSTD_createCStream();
            if (!z) {
                error_ = "cannot create a zstd stream";
                return false;
            }
            ZSTD_CCtx_setParameter(z, ZSTD_c_compressionLevel, options_.zstd_level);
            ZSTD_CCtx_setParameter(z, ZSTD_c_checksumFlag, 1);
            free_streams_.push_back(std::uint32_t(streams_.size()));
            streams_.push_back(z);
        }
        f.stream = free_streams_.back();
        free_streams_.pop_back();
    }
    f.older = newest_;
    if (newest_ != None) files_[newest_].newer = std::uint32_t(file);
    newest_ = std::uint32_t(file);
    if (oldest_ == None) oldest_ = newest_;
    if (++open_ > most_open_) most_open_ = open_;
    return true;
}

bool OutputSet::close(std::size_t file) {
    File& f = files_[file];
    const bool ok = flush(f, true);
    if (::close(f.fd) != 0 && error_.empty())
        error_ = fmt::format("cannot write '{}': {}", path_of(f.name), std::strerror(errno));
    f.fd = -1;
    free_buffers_.push_back(f.buffer);
    f.buffer = None;
    if (f.stream != None) free_streams_.push_back(f.stream);
    f.stream = None;
    unlink_open(std::uint32_t(file));
    --open_;
    return ok && error_.empty();
}

bool OutputSet::write_fd(File& f, const char* data, std::size_t size) {
    while (size != 0) {
        const ssize_t n = ::write(f.fd, data, size);
        if (n < 0) {
            if (errno == EINTR) continue;
            error_ = fmt::format("cannot write '{}': {}", path_of(f.name), std::strerror(errno));
            return false;
        }
        data += n;
        size -= std::size_t(n);
    }
    return true;
}

bool OutputSet::compress(File& f, std::string_view bytes, bool end_frame) {
    auto* z = static_cast<ZSTD_CStream*>(streams_[f.stream]);
    // A frame compressed at once (a file closed before its buffer filled, the usual case with
    // many small files): its size told first, zstd sizes its tables for it instead of clearing
    // tables made for any size (a split into 100,000 files ran 3 times slower without).
    if (!f.frame_started && end_frame) ZSTD_CCtx_setPledgedSrcSize(z, bytes.size());
    f.frame_started = !end_frame;
    ZSTD_inBuffer in{bytes.data(), bytes.size(), 0};
    for (;;) {
        ZSTD_outBuffer out{zout_.data(), zout_.size(), 0};
        const std::size_t rest =
            ZSTD_compressStream2(z, &out, &in, end_frame ? ZSTD_e_end : ZSTD_e_continue);
        if (ZSTD_isError(rest)) {
            error_ = fmt::format("zstd: {}", ZSTD_getErrorName(rest));
            return false;
        }
        if (out.pos && !write_fd(f, zout_.data(), out.pos)) return false;
        if (end_frame ? rest == 0 : in.pos == in.size) return true;
    }
}

bool OutputSet::flush(File& f, bool end_frame) {
    std::string& buffer = buffers_[f.buffer];
    const bool ok = f.stream != None ? compress(f, buffer, end_frame)
                                     : write_fd(f, buffer.data(), buffer.size());
    buffer.clear();
    return ok;
}

bool OutputSet::write(std::size_t file, std::string_view bytes) {
    if (!error_.empty()) return false;
    File& f = files_[file];
    if (f.fd < 0) {
        if (!open(file)) return false;
    } else if (newest_ != file) { // the most recently written now
        unlink_open(std::uint32_t(file));
        f.older = newest_;
        files_[newest_].newer = std::uint32_t(file);
        newest_ = std::uint32_t(file);
        if (oldest_ == None) oldest_ = newest_;
    }
    f.bytes += bytes.size();
    std::string& buffer = buffers_[f.buffer];
    if (buffer.size() + bytes.size() <= options_.buffer_bytes) {
        buffer.append(bytes);
        return true;
    }
    if (!flush(f, false)) return false;
    if (bytes.size() < options_.buffer_bytes) {
        buffer.append(bytes);
        return true;
    }
    return f.stream != None ? compress(f, bytes, false) : write_fd(f, bytes.data(), bytes.size());
}

void OutputSet::commit() {
    while (newest_ != None)
        if (!close(newest_)) throw std::runtime_error(error_);
    for (File& f : files_) {
        if (!f.created) continue;
        int moved = ::renameat2(staging_fd_, f.name.c_str(), folder_fd_, f.name.c_str(),
                                options_.replace ? 0 : RENAME_NOREPLACE);
        if (moved != 0 && errno == EINVAL && !options_.replace) { // a file system without it
            errno = EEXIST;
            moved = exists(f.name)
                        ? -1
                        : ::renameat(staging_fd_, f.name.c_str(), folder_fd_, f.name.c_str());
        }
        if (moved != 0) {
            const std::string why =
                errno == EEXIST ? "it exists (--force replaces it)" : std::strerror(errno);
            remove_staged();
            throw std::runtime_error(fmt::format("cannot write '{}': {}", path_of(f.name), why));
        }
        f.created = false; // moved: not to be removed
    }
    ::unlinkat(folder_fd_, staging_.c_str(), AT_REMOVEDIR);
    pending_set = false;
    committed_ = true;
}

} // namespace pgnkit::app
