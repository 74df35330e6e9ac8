/// open_file_range() (io/file_range.hpp): a regular file's source (open_raw) moved to the
/// range's start and cut at its end.
#include "pgnkit/io/file_range.hpp"

#include <algorithm>
#include <string_view>

namespace pgnkit {

namespace {

class FileRangeSource final : public ByteSource {
  public:
    FileRangeSource(std::unique_ptr<ByteSource> file, std::uint64_t begin, std::uint64_t end,
                    std::uint64_t align)
        : file_(std::move(file)), begin_(begin), end_(end), pos_(begin),
          align_(std::max<std::uint64_t>(align, 1)) {}
    std::string_view name() const override { return file_->name(); }
    std::uint64_t bytes_in() const override { return pos_ - begin_; }
    std::uint64_t size_hint() const override { return file_->size_hint(); }

  protected:
    std::size_t do_read(char* buf, std::size_t cap) override {
        const std::uint64_t upto = std::min(end_, (pos_ / align_ + 1) * align_);
        if (pos_ >= upto) return 0;
        const std::size_t n =
            file_->read(buf, std::size_t(std::min<std::uint64_t>(cap, upto - pos_)));
        pos_ += n;
        return n;
    }

  private:
    std::unique_ptr<ByteSource> file_;
    std::uint64_t begin_, end_, pos_, align_;
};

} // namespace

std::unique_ptr<ByteSource> open_file_range(const std::string& path, std::uint64_t begin,
                                            std::uint64_t end, std::uint64_t align) {
    std::unique_ptr<ByteSource> file = open_raw(path);
    if (!file->seek_to(begin))
        throw IoError(path + ": not a regular file: cannot read a shard of it");
    return std::make_unique<FileRangeSource>(std::move(file), begin, end, align);
}

} // namespace pgnkit
