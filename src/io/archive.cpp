/// Archives and libarchive's compressed streams (io/archive.hpp). libarchive reads the input
/// through callbacks over our ByteSource (so stdin, a decoded .tar.gz and a file read alike),
/// seeking only where the source can (a 7z's index is at its end). A member is read with
/// archive_read_data() as the splitter asks for bytes: nothing is loaded whole.
#include "pgnkit/io/archive.hpp"

#include <algorithm>
#include <archive.h>
#include <archive_entry.h>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fmt/format.h>
#include <memory>
#include <string>
#include <vector>

namespace pgnkit {

namespace {

/// How much of the input one read callback hands libarchive.
constexpr std::size_t archive_read_size = std::size_t{1} << 20;

/// The compression of a stream that holds no archive, from libarchive's outermost filter.
Compression stream_compression(int filter) {
    switch (filter) {
    case ARCHIVE_FILTER_BZIP2: return Compression::Bzip2;
    case ARCHIVE_FILTER_XZ: return Compression::Xz;
    case ARCHIVE_FILTER_LZMA: return Compression::Lzma;
    case ARCHIVE_FILTER_GZIP: return Compression::Gzip;
    case ARCHIVE_FILTER_ZSTD: return Compression::Zstd;
    default: return Compression::Archive;
    }
}

/// What an archive entry that is no regular file is, for the warning that skips it.
std::string_view entry_kind(const archive_entry* e) {
    switch (archive_entry_filetype(const_cast<archive_entry*>(e))) {
    case AE_IFLNK: return "a symbolic link";
    case AE_IFCHR: return "a character device";
    case AE_IFBLK: return "a block device";
    case AE_IFIFO: return "a named pipe";
    case AE_IFSOCK: return "a socket";
    default: return "not a regular file";
    }
}

struct ArchiveFree {
    void operator()(archive* a) const { archive_read_free(a); }
};

class ArchiveReader;

/// One member's bytes.
class MemberSource final : public ByteSource {
  public:
    MemberSource(ArchiveReader& owner, std::string name, Compression compression);
    std::string_view name() const override { return name_; }
    std::uint64_t bytes_in() const override;
    Compression compression() const override { return compression_; }

  protected:
    std::size_t do_read(char* buf, std::size_t cap) override;

  private:
    ArchiveReader& owner_;
    std::string name_;
    Compression compression_;
    std::uint64_t start_;    ///< the input's bytes read before this member
    std::string_view block_; ///< what is left of libarchive's last block
    bool end_ = false;
    std::string error_; ///< a failure met after bytes this read hands out: the next read's
};

/// The members of one archive or libarchive stream.
class ArchiveReader final : public InputMembers {
  public:
    explicit ArchiveReader(std::unique_ptr<ByteSource> raw)
        : raw_(std::move(raw)), name_(raw_->name()), a_(archive_read_new()),
          buf_(std::make_unique_for_overwrite<char[]>(archive_read_size)) {
        if (!a_) throw IoError(fmt::format("{}: cannot create an archive reader", name_));
        archive* a = a_.get();
        archive_read_support_filter_all(a);
        archive_read_support_format_zip(a);
        archive_read_support_format_7zip(a);
        archive_read_support_format_tar(a);
        archive_read_support_format_raw(a); // a compressed stream that holds no archive
        archive_read_set_callback_data(a, this);
        archive_read_set_read_callback(a, &ArchiveReader::read_callback);
        seekable_ = raw_->seek_to(raw_->bytes_in());
        if (seekable_) archive_read_set_seek_callback(a, &ArchiveReader::seek_callback);
        if (archive_read_open1(a) != ARCHIVE_OK)
            throw IoError(fmt::format("{}: cannot read: {}", name_, error()));
    }

    std::unique_ptr<ByteSource> next(std::string& member) override {
        member.clear();
        for (;;) {
            archive_entry* e = nullptr;
            const int r = archive_read_next_header(a_.get(), &e);
            if (r == ARCHIVE_EOF) return nullptr;
            if (r < ARCHIVE_WARN) {
                std::string why = error();
                if (!seekable_ && archive_format(a_.get()) == ARCHIVE_FORMAT_7ZIP)
                    why += " (a 7z archive is read from a file, not from standard input: its "
                           "index is at its end)";
                throw IoError(last_.empty() ? fmt::format("{}: damaged archive: {}", name_, why)
                                            : fmt::format("{}: damaged archive after {}: {}", name_,
                                                          last_, why));
            }
            if (r == ARCHIVE_WARN) warnings_.push_back(fmt::format("{}: {}", name_, error()));
            if (archive_format(a_.get()) == ARCHIVE_FORMAT_RAW) {
                // Raw bids on anything: without a compression filter, the first bytes were an
                // archive's but no reader could take it.
                const int filter = archive_filter_code(a_.get(), 0);
                if (filter == ARCHIVE_FILTER_NONE)
                    throw IoError(fmt::format("{}: damaged archive: no archive reader accepts "
                                              "its first bytes",
                                              name_));
                if (raw_done_) return nullptr;
                raw_done_ = true;
                return std::make_unique<MemberSource>(*this, name_, stream_compression(filter));
            }
            const char* path = archive_entry_pathname_utf8(e);
            if (path == nullptr) path = archive_entry_pathname(e);
            const std::string name = path != nullptr ? path : "";
            if (archive_entry_filetype(e) == AE_IFDIR) continue;
            if (const char* target = archive_entry_hardlink(e)) {
                warnings_.push_back(
                    fmt::format("{}:{}: skipped: a hard link to {}", name_, name, target));
                continue;
            }
            if (archive_entry_filetype(e) != AE_IFREG) {
                warnings_.push_back(fmt::format("{}:{}: skipped: {}", name_, name, entry_kind(e)));
                continue;
            }
            last_ = name;
            member = name;
            return std::make_unique<MemberSource>(*this, fmt::format("{}:{}", name_, name),
                                                  Compression::Archive);
        }
    }

    std::vector<std::string> take_warnings() override { return std::move(warnings_); }

    /// The member's next block of bytes (archive_read_data_block(), in place): false at its
    /// end; throws IoError naming `member`. (archive_read_data() would drop the bytes it
    /// copied before a failure in the same call.)
    bool next_block(std::string_view& block, std::string_view member) {
        const void* p = nullptr;
        std::size_t size = 0;
        la_int64_t offset = 0;
        const int r = archive_read_data_block(a_.get(), &p, &size, &offset);
        if (r == ARCHIVE_EOF) return false;
        if (r < ARCHIVE_WARN) throw IoError(fmt::format("{}: {}", member, error()));
        block = std::string_view(static_cast<const char*>(p), size);
        return true;
    }
    std::uint64_t input_bytes() const { return raw_->bytes_in(); }

  private:
    /// What failed: the input's read (its own message), else libarchive's message.
    std::string error() const {
        if (!raw_error_.empty()) return raw_error_;
        const char* s = archive_error_string(a_.get());
        return s != nullptr ? s : "read error";
    }

    static la_ssize_t read_callback(archive* a, void* self, const void** buffer) {
        auto& r = *static_cast<ArchiveReader*>(self);
        *buffer = r.buf_.get();
        try {
            return static_cast<la_ssize_t>(r.raw_->read(r.buf_.get(), archive_read_size));
        } catch (const std::exception& e) { // no exception crosses libarchive's C frames
            r.raw_error_ = e.what();
            archive_set_error(a, EIO, "%s", e.what());
            return -1;
        }
    }

    static la_int64_t seek_callback(archive*, void* self, la_int64_t offset, int whence) {
        auto& r = *static_cast<ArchiveReader*>(self);
        const la_int64_t base = whence == SEEK_SET   ? 0
                                : whence == SEEK_CUR ? la_int64_t(r.raw_->bytes_in())
                                                     : la_int64_t(r.raw_->size_hint());
        const la_int64_t to = base + offset;
        if (to < 0 || !r.raw_->seek_to(std::uint64_t(to))) return ARCHIVE_FATAL;
        return to;
    }

    std::unique_ptr<ByteSource> raw_;
    std::string name_;
    std::unique_ptr<archive, ArchiveFree> a_;
    std::unique_ptr<char[]> buf_;
    bool seekable_ = false;
    bool raw_done_ = false; ///< the one text of a stream that holds no archive was handed out
    std::string last_;      ///< the last member handed out
    std::string raw_error_; ///< the input's read failure
    std::vector<std::string> warnings_;
};

MemberSource::MemberSource(ArchiveReader& owner, std::string name, Compression compression)
    : owner_(owner), name_(std::move(name)), compression_(compression),
      start_(owner.input_bytes()) {}

std::uint64_t MemberSource::bytes_in() const { return owner_.input_bytes() - start_; }

std::size_t MemberSource::do_read(char* buf, std::size_t cap) {
    if (!error_.empty()) throw IoError(error_);
    std::size_t got = 0;
    while (got < cap && !end_) {
        if (block_.empty()) {
            try {
                if (!owner_.next_block(block_, name_)) end_ = true;
            } catch (const IoError& e) {
                if (got == 0) throw;
                error_ = e.what(); // after the bytes before it
                break;
            }
            continue;
        }
        const std::size_t n = std::min(cap - got, block_.size());
        std::memcpy(buf + got, block_.data(), n);
        block_.remove_prefix(n);
        got += n;
    }
    return got;
}

} // namespace

std::unique_ptr<InputMembers> archive_members(std::unique_ptr<ByteSource> raw) {
    return std::make_unique<ArchiveReader>(std::move(raw));
}

} // namespace pgnkit
