/// The binary-data guard of every input's text (io/text_guard.hpp). It looks only at the first
/// read: the rest of the text is read as it is, at no cost.
#include "pgnkit/io/text_guard.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <string>

namespace pgnkit {

std::size_t binary_data_at(std::string_view head) {
    head = head.substr(0, std::min(head.size(), binary_probe_size));
    std::size_t count = 0, first = std::string_view::npos;
    for (std::size_t i = 0; i < head.size(); ++i) {
        if (!is_binary_byte(static_cast<unsigned char>(head[i]))) continue;
        if (count++ == 0) first = i;
    }
    // One in 32, and in a short text at least 8: a note of a few lines with a stray control
    // byte stays text.
    return count != 0 && count * 32 >= std::max<std::size_t>(head.size(), 256)
               ? first
               : std::string_view::npos;
}

namespace {

/// Checks the first binary_probe_size bytes at the first read, in the caller's buffer (no copy).
class TextGuard final : public ByteSource {
  public:
    explicit TextGuard(std::unique_ptr<ByteSource> inner) : inner_(std::move(inner)) {}
    std::string_view name() const override { return inner_->name(); }
    std::uint64_t bytes_in() const override { return inner_->bytes_in(); }
    std::uint64_t size_hint() const override { return inner_->size_hint(); }
    Compression compression() const override { return inner_->compression(); }
    std::string_view transcoded_from() const override { return inner_->transcoded_from(); }

  protected:
    std::size_t do_read(char* buf, std::size_t cap) override {
        if (!error_.empty()) throw BinaryDataError(error_);
        if (checked_ || cap == 0) return inner_->read(buf, cap);
        // The first bytes, as many as the first reads give up to the probe's size (a pipe may
        // hand out a few at a time). A failure after some is met again at the next read.
        std::size_t got = 0;
        const std::size_t want = std::min(cap, binary_probe_size);
        try {
            while (got < want) {
                const std::size_t n = inner_->read(buf + got, cap - got);
                if (n == 0) break;
                got += n;
            }
        } catch (const IoError&) {
            if (got == 0) throw;
        }
        checked_ = true;
        const std::size_t at = binary_data_at(std::string_view(buf, got));
        if (at != std::string_view::npos) {
            error_ =
                fmt::format("{}: not PGN text: binary data at byte {}", inner_->name(), at + 1);
            throw BinaryDataError(error_);
        }
        return got;
    }

  private:
    std::unique_ptr<ByteSource> inner_;
    bool checked_ = false;
    std::string error_; ///< binary data: every read fails
};

} // namespace

std::unique_ptr<ByteSource> guard_text(std::unique_ptr<ByteSource> text) {
    return std::make_unique<TextGuard>(std::move(text));
}

} // namespace pgnkit
