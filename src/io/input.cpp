/// Inputs and their members (io/input.hpp): the first bytes say which reader takes an input.
/// zstd and gzip keep their own tuned decoders (byte_source.cpp); libarchive reads the rest
/// (io/archive.hpp), and a tar inside zstd or gzip.
#include "pgnkit/io/input.hpp"

#include "pgnkit/io/archive.hpp"
#include "pgnkit/io/gbk.hpp"
#include "pgnkit/io/text_guard.hpp"

#include <string>

namespace pgnkit {

namespace {

/// Bytes looked at to tell an input's kind: a tar header's magic ends at byte 262.
constexpr std::size_t head_size = 512;

/// Up to head_size first bytes of `src`. With `tolerant`, a failure ends them early (the
/// decoder meets it again at the next read, where the splitter reports it after the games
/// before it); else it is thrown.
std::string read_head(ByteSource& src, bool tolerant) {
    std::string head(head_size, '\0');
    std::size_t got = 0;
    try {
        while (got < head.size()) {
            const std::size_t n = src.read(head.data() + got, head.size() - got);
            if (n == 0) break;
            got += n;
        }
    } catch (const IoError&) {
        if (!tolerant) throw;
    }
    head.resize(got);
    return head;
}

/// An input that is no archive: its one text.
class SingleText final : public InputMembers {
  public:
    explicit SingleText(std::unique_ptr<ByteSource> text) : text_(std::move(text)) {}
    std::unique_ptr<ByteSource> next(std::string& member) override {
        member.clear();
        return std::move(text_);
    }

  private:
    std::unique_ptr<ByteSource> text_;
};

/// An archive's members, each guarded and decoded (a member may be a .pgn.zst or UTF-16).
class DecodedMembers final : public InputMembers {
  public:
    explicit DecodedMembers(std::unique_ptr<InputMembers> archive) : archive_(std::move(archive)) {}
    std::unique_ptr<ByteSource> next(std::string& member) override {
        std::unique_ptr<ByteSource> m = archive_->next(member);
        if (!m) return m;
        return guard_text(decode_chinese_text(make_decoding_source(std::move(m))));
    }
    std::vector<std::string> take_warnings() override { return archive_->take_warnings(); }

  private:
    std::unique_ptr<InputMembers> archive_;
};

} // namespace

bool is_tar(std::string_view head) { return head.size() >= 262 && head.substr(257, 5) == "ustar"; }

bool is_archive_or_stream(std::string_view h) {
    using namespace std::string_view_literals;
    if (h.size() >= 4 && h.starts_with("BZh") && h[3] >= '1' && h[3] <= '9') return true;
    return h.starts_with("\xFD"
                         "7zXZ\0"sv) ||
           h.starts_with("\x5D\0\0"sv) ||                                          // lzma (alone)
           h.starts_with("PK\3\4"sv) || h.starts_with("PK\5\6"sv) ||               // zip, empty zip
           h.starts_with("PK\7\x08"sv) || h.starts_with("7z\xBC\xAF\x27\x1C"sv) || // spanned, 7z
           is_tar(h);
}

std::unique_ptr<InputMembers> open_input(std::unique_ptr<ByteSource> raw) {
    std::string head = read_head(*raw, false);
    if (is_archive_or_stream(head))
        return std::make_unique<DecodedMembers>(
            archive_members(put_back(std::move(raw), std::move(head))));
    std::unique_ptr<ByteSource> text =
        make_decoding_source(put_back(std::move(raw), std::move(head)));
    if (text->compression() == Compression::Zstd || text->compression() == Compression::Gzip) {
        std::string inner = read_head(*text, true);
        const bool tar = is_tar(inner);
        text = put_back(std::move(text), std::move(inner));
        if (tar) return std::make_unique<DecodedMembers>(archive_members(std::move(text)));
    }
    return std::make_unique<SingleText>(guard_text(decode_chinese_text(std::move(text))));
}

std::unique_ptr<InputMembers> open_input(const std::string& path) {
    return open_input(open_raw(path));
}

} // namespace pgnkit
