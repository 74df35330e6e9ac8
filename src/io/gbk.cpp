/// GBK and Big5 text told and transcoded to UTF-8 (io/gbk.hpp). The decoding is glibc's iconv
/// (GB18030, a superset of GBK; BIG5): the C library's own tables of 24,000 characters and
/// their four-byte extension, rather than a table of our own to keep right. Without iconv's
/// module (a stripped system) such a text is read as it is: as Latin-1, game by game.
#include "pgnkit/io/gbk.hpp"

#include "pgnkit/io/text_guard.hpp"
#include "pgnkit/io/utf8.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <iconv.h>
#include <optional>

namespace pgnkit {

namespace {

/// Whether s[i...] begins a valid UTF-8 sequence; its length in `len`. A sequence cut by the
/// end of `s` counts as valid when `cut`.
bool utf8_sequence(std::string_view s, std::size_t i, bool cut, std::size_t& len) {
    const auto c = static_cast<unsigned char>(s[i]);
    unsigned min = 0;
    if (c >= 0xC2 && c <= 0xDF)
        len = 2, min = 0x80;
    else if (c >= 0xE0 && c <= 0xEF)
        len = 3, min = 0x800;
    else if (c >= 0xF0 && c <= 0xF4)
        len = 4, min = 0x10000;
    else
        return false;
    std::uint32_t cp = c & (0x7Fu >> len);
    std::size_t k = 1;
    for (; k < len && i + k < s.size(); ++k) {
        const auto cc = static_cast<unsigned char>(s[i + k]);
        if ((cc & 0xC0) != 0x80) return false;
        cp = cp << 6 | (cc & 0x3F);
    }
    if (k < len) return cut;
    return cp >= min && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF);
}

bool is_utf8(std::string_view s, bool cut) {
    for (std::size_t i = 0; i < s.size();) {
        if (static_cast<unsigned char>(s[i]) < 0x80) {
            ++i;
            continue;
        }
        std::size_t len = 0;
        if (!utf8_sequence(s, i, cut, len)) return false;
        i += len;
    }
    return true;
}

/// iconv's names of the encodings read here.
constexpr const char* gb18030_charset = "GB18030";
constexpr const char* big5_charset = "BIG5";

/// An iconv descriptor from `charset` (a literal) to UTF-8, closed with its owner.
class IconvDecoder {
  public:
    explicit IconvDecoder(const char* charset) : cd_(::iconv_open("UTF-8", charset)) {}
    ~IconvDecoder() {
        if (ok()) ::iconv_close(cd_);
    }
    IconvDecoder(const IconvDecoder&) = delete;
    IconvDecoder& operator=(const IconvDecoder&) = delete;
    bool ok() const { return cd_ != reinterpret_cast<iconv_t>(-1); }

    /// Decodes in[0, in_len) into out[0, out_cap) (out_cap at least 4): returns the bytes of
    /// `in` used and sets `written`. A byte that begins no character is used and written as
    /// U+FFFD; a character cut by the end of `in` is left unused unless `last`, when its bytes
    /// become one U+FFFD.
    std::size_t decode(const char* in, std::size_t in_len, char* out, std::size_t out_cap,
                       bool last, std::size_t& written) {
        char* ip = const_cast<char*>(in); // iconv's signature; it does not write there
        std::size_t il = in_len;
        char* op = out;
        std::size_t ol = out_cap;
        while (il != 0) {
            if (::iconv(cd_, &ip, &il, &op, &ol) != static_cast<std::size_t>(-1)) break;
            if (errno == E2BIG) break;
            if (errno == EINVAL && !last) break; // the rest of a cut character comes later
            if (ol < 3) break;
            op = put_utf8(op, 0xFFFD);
            ol -= 3;
            if (errno == EINVAL) { // a cut character at the very end
                ip += il;
                il = 0;
            } else { // EILSEQ
                ++ip;
                --il;
            }
            ::iconv(cd_, nullptr, nullptr, nullptr, nullptr); // back to the initial state
        }
        written = static_cast<std::size_t>(op - out);
        return in_len - il;
    }

    /// `in` decoded whole into `out`; false at the first byte that begins no character (or
    /// a character cut by the end of `in`, unless `cut`: the text goes on after it).
    bool decode_strictly(std::string_view in, bool cut, std::string& out) {
        out.clear();
        char* ip = const_cast<char*>(in.data()); // iconv's signature; it does not write there
        std::size_t il = in.size();
        char buf[4096];
        while (il != 0) {
            char* op = buf;
            std::size_t ol = sizeof buf;
            const std::size_t r = ::iconv(cd_, &ip, &il, &op, &ol);
            out.append(buf, static_cast<std::size_t>(op - buf));
            if (r != static_cast<std::size_t>(-1)) break;
            if (errno == E2BIG) continue;
            ::iconv(cd_, nullptr, nullptr, nullptr, nullptr);
            return errno == EINVAL && cut;
        }
        return true;
    }

  private:
    iconv_t cd_;
};

/// Characters of xiangqi move text and tags, traditional and simplified: the pieces, the
/// moves' verbs, the sides (decode_chinese_text() counts them in each decoding).
constexpr std::string_view xiangqi_vocabulary[] = {
    "車", "车", "馬", "马", "炮", "砲", "包", "帥", "帅", "將", "将", "仕", "士", "相", "象",
    "兵", "卒", "進", "进", "退", "平", "俥", "傌", "紅", "红", "黑", "前", "後", "后"};

/// How many characters of xiangqi_vocabulary `utf8` holds.
std::size_t vocabulary_count(std::string_view utf8) {
    std::size_t n = 0;
    for (std::string_view word : xiangqi_vocabulary)
        for (std::size_t at = utf8.find(word); at != std::string_view::npos;
             at = utf8.find(word, at + word.size()))
            ++n;
    return n;
}

/// Whether iconv decodes `charset` here (its module is installed).
bool available(const char* charset) { return IconvDecoder(charset).ok(); }

/// An encoding read here: iconv's name for it, and what ByteSource says of it.
struct ChineseEncoding {
    const char* charset;
    Compression compression;
    std::string_view name;
};
constexpr ChineseEncoding gbk_encoding{gb18030_charset, Compression::Gbk, gbk_name};
constexpr ChineseEncoding big5_encoding{big5_charset, Compression::Big5, big5_name};

/// GBK or Big5 text handed out as UTF-8.
class ChineseSource final : public ByteSource {
  public:
    ChineseSource(std::unique_ptr<ByteSource> inner, std::string head,
                  const ChineseEncoding& encoding)
        : inner_(std::move(inner)), encoding_(encoding), decoder_(encoding.charset),
          in_(std::move(head)) {}
    std::string_view name() const override { return inner_->name(); }
    std::uint64_t bytes_in() const override { return inner_->bytes_in(); }
    std::uint64_t size_hint() const override { return inner_->size_hint(); }
    Compression compression() const override {
        const Compression c = inner_->compression();
        return c == Compression::None ? encoding_.compression : c;
    }
    std::string_view transcoded_from() const override { return encoding_.name; }

  protected:
    std::size_t do_read(char* buf, std::size_t cap) override {
        if (!error_.empty()) throw IoError(error_);
        std::size_t produced = 0;
        try {
            while (produced < cap) {
                if (out_pos_ == out_len_ && !refill()) break;
                const std::size_t n = std::min(cap - produced, out_len_ - out_pos_);
                std::memcpy(buf + produced, out_ + out_pos_, n);
                out_pos_ += n;
                produced += n;
            }
        } catch (const IoError& e) {
            // Hand out what was decoded before the failure; report it at the next read.
            error_ = e.what();
            if (produced == 0) throw;
        }
        return produced;
    }

  private:
    /// Decodes the next bytes into out_; false at the end of the text.
    bool refill() {
        out_pos_ = out_len_ = 0;
        for (;;) {
            if (in_pos_ < in_.size()) {
                std::size_t written = 0;
                in_pos_ += decoder_.decode(in_.data() + in_pos_, in_.size() - in_pos_, out_,
                                           sizeof out_, eof_, written);
                out_len_ = written;
                if (written != 0) return true;
            }
            if (eof_) return false;
            // Keep the bytes of a cut character, and read more after them.
            in_.erase(0, in_pos_);
            in_pos_ = 0;
            const std::size_t kept = in_.size();
            in_.resize(kept + read_size);
            const std::size_t n = inner_->read(in_.data() + kept, read_size);
            in_.resize(kept + n);
            if (n == 0) eof_ = true;
        }
    }

    static constexpr std::size_t read_size = std::size_t{256} << 10;
    std::unique_ptr<ByteSource> inner_;
    const ChineseEncoding& encoding_;
    IconvDecoder decoder_;
    std::string in_; ///< bytes read from inner_ (the first: the head looked at)
    std::size_t in_pos_ = 0;
    bool eof_ = false;
    char out_[std::size_t{64} << 10]; ///< decoded, waiting to be handed out
    std::size_t out_pos_ = 0, out_len_ = 0;
    std::string error_; ///< a read failure, met again at every read after it
};

} // namespace

bool looks_like_gbk(std::string_view head, bool cut) {
    // chars: GBK characters; high: those with both bytes from 0x80 on; utf8_pairs: those of
    // them that are UTF-8 two-byte sequences too (C2-DF, 80-BF), as UTF-8 text read as
    // Latin-1 and written again ("MÃ¼ller") is.
    std::size_t chars = 0, high = 0, utf8_pairs = 0;
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(head[i]); };
    const auto verdict = [&] { return chars >= 2 && 2 * high >= chars && 2 * utf8_pairs < high; };
    for (std::size_t i = 0; i < head.size();) {
        const unsigned c = byte(i);
        if (c < 0x80) {
            ++i;
            continue;
        }
        if (c == 0x80 || c == 0xFF) return false;
        if (i + 1 == head.size()) return cut && verdict();
        const unsigned t = byte(i + 1);
        if ((t >= 0x40 && t <= 0x7E) || (t >= 0x80 && t <= 0xFE)) {
            ++chars;
            if (t >= 0x80) ++high;
            if (c >= 0xC2 && c <= 0xDF && t <= 0xBF && t >= 0x80) ++utf8_pairs;
            i += 2;
        } else if (t >= 0x30 && t <= 0x39) { // GB18030's four bytes
            if (i + 4 > head.size()) return cut && verdict();
            if (byte(i + 2) < 0x81 || byte(i + 2) == 0xFF || byte(i + 3) < 0x30 ||
                byte(i + 3) > 0x39)
                return false;
            ++chars, ++high;
            i += 4;
        } else {
            return false;
        }
    }
    return verdict() && !is_utf8(head, cut);
}

namespace {

/// `s` decoded from `charset` as the source does (a byte that begins no character: U+FFFD).
std::string decode_to_utf8(const char* charset, std::string_view s) {
    std::string out;
    IconvDecoder d(charset);
    if (!d.ok()) {
        cp1252_to_utf8(s, out);
        return out;
    }
    char buf[4096];
    while (!s.empty()) {
        std::size_t written = 0;
        const std::size_t used = d.decode(s.data(), s.size(), buf, sizeof buf, true, written);
        out.append(buf, written);
        s.remove_prefix(used);
    }
    return out;
}

/// The xiangqi vocabulary `head` holds read as `charset`, or nothing when it is no such text.
std::optional<std::size_t> vocabulary_as(const char* charset, std::string_view head, bool cut) {
    IconvDecoder d(charset);
    std::string text;
    if (!d.ok() || !d.decode_strictly(head, cut, text)) return std::nullopt;
    return vocabulary_count(text);
}

} // namespace

std::string gbk_to_utf8(std::string_view s) { return decode_to_utf8(gb18030_charset, s); }

std::string big5_to_utf8(std::string_view s) { return decode_to_utf8(big5_charset, s); }

ChineseText chinese_text_kind(std::string_view head, bool cut) {
    // Big5 and GBK share their lead bytes and most trail bytes, and Latin-1 letters next to
    // ASCII ones (`M\xFCller`) are Big5 characters too: Big5 needs a head that is not UTF-8,
    // decodes without a fault, and holds at least two characters of xiangqi's vocabulary,
    // more than the same bytes read as GBK hold (when they read as GBK at all).
    const bool gbk = looks_like_gbk(head, cut);
    if (!gbk && is_utf8(head, cut)) return ChineseText::None;
    const std::optional<std::size_t> big5 = vocabulary_as(big5_charset, head, cut);
    if (big5 && *big5 >= 2) {
        const std::optional<std::size_t> as_gbk =
            gbk ? vocabulary_as(gb18030_charset, head, cut) : std::nullopt;
        if (!as_gbk || *big5 > *as_gbk) return ChineseText::Big5;
    }
    return gbk ? ChineseText::Gbk : ChineseText::None;
}

std::unique_ptr<ByteSource> decode_chinese_text(std::unique_ptr<ByteSource> text) {
    std::string head(gbk_probe_size, '\0');
    std::size_t got = 0;
    bool end = false;
    try {
        while (got < head.size()) {
            const std::size_t n = text->read(head.data() + got, head.size() - got);
            if (n == 0) {
                end = true;
                break;
            }
            got += n;
        }
    } catch (const IoError&) {
        // Met again at the next read, after the bytes read here.
    }
    head.resize(got);
    // Binary data is the text guard's to report (io/text_guard.hpp), as it is. ASCII text
    // (most chess files) is no legacy text: not looked at further.
    if (binary_data_at(head) == std::string_view::npos && !is_ascii(head)) {
        const ChineseText kind = chinese_text_kind(head, !end);
        const ChineseEncoding* e = kind == ChineseText::Gbk    ? &gbk_encoding
                                   : kind == ChineseText::Big5 ? &big5_encoding
                                                               : nullptr;
        if (e && available(e->charset))
            return std::make_unique<ChineseSource>(std::move(text), std::move(head), *e);
    }
    return put_back(std::move(text), std::move(head));
}

} // namespace pgnkit
