/// Chinese notation read and written (xiangqi/chinese.hpp).
#include "pgnkit/xiangqi/chinese.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

namespace pgnkit::xiangqi {

namespace {

/// The code point of the UTF-8 character at s[i], its length in `len`; 0 if none.
std::uint32_t next_char(std::string_view s, std::size_t i, std::size_t& len) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
        len = 1;
        return c;
    }
    len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0;
    if (len == 0 || i + len > s.size()) return 0;
    std::uint32_t cp = c & (0x7Fu >> len);
    for (std::size_t k = 1; k < len; ++k) {
        const auto cc = static_cast<unsigned char>(s[i + k]);
        if ((cc & 0xC0) != 0x80) return 0;
        cp = cp << 6 | (cc & 0x3F);
    }
    return cp;
}

PieceType chinese_piece(std::uint32_t c) {
    switch (c) {
    case U'帥':
    case U'帅':
    case U'將':
    case U'将': return PieceType::General;
    case U'仕':
    case U'士': return PieceType::Advisor;
    case U'相':
    case U'象': return PieceType::Elephant;
    case U'馬':
    case U'马':
    case U'傌': return PieceType::Horse;
    case U'車':
    case U'车':
    case U'俥': return PieceType::Chariot;
    case U'炮':
    case U'砲':
    case U'包': return PieceType::Cannon;
    case U'兵':
    case U'卒': return PieceType::Soldier;
    default: return PieceType::None;
    }
}

/// 1–9 for a Chinese numeral, an ASCII or a full-width digit; 0 otherwise.
int chinese_number(std::uint32_t c) {
    static constexpr char32_t numerals[] = U"一二三四五六七八九";
    for (int k = 0; k < 9; ++k)
        if (c == numerals[k]) return k + 1;
    if (c >= '1' && c <= '9') return static_cast<int>(c - '0');
    if (c >= 0xFF11 && c <= 0xFF19) return static_cast<int>(c - 0xFF10);
    return 0;
}

char chinese_direction(std::uint32_t c) {
    switch (c) {
    case U'進':
    case U'进': return '+';
    case U'退': return '-';
    case U'平': return '=';
    default: return 0;
    }
}

/// The place a character names: 前 1, 後/后 -1, 中 Middle; 0 if none.
int chinese_place(std::uint32_t c) {
    switch (c) {
    case U'前': return 1;
    case U'後':
    case U'后': return -1;
    case U'中': return DescriptiveMove::Middle;
    default: return 0;
    }
}

/// Whether c is a CJK ideograph (one that is no piece of ours is an unknown piece).
bool is_ideograph(std::uint32_t c) { return c >= 0x4E00 && c <= 0x9FFF; }

void append_utf8(std::string& s, char32_t c) {
    if (c < 0x80) {
        s += static_cast<char>(c);
    } else if (c < 0x800) {
        s += static_cast<char>(0xC0 | (c >> 6));
        s += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        s += static_cast<char>(0xE0 | (c >> 12));
        s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        s += static_cast<char>(0x80 | (c & 0x3F));
    }
}

/// The side characters c[0, n) are written for (chinese_side()).
std::optional<Color> side_of(const std::uint32_t* c, std::size_t n) {
    bool red = false, black = false;
    for (std::size_t k = 0; k < n; ++k) {
        switch (c[k]) {
        case U'帥':
        case U'帅':
        case U'仕':
        case U'相':
        case U'兵':
        case U'傌':
        case U'俥': red = true; break;
        case U'將':
        case U'将':
        case U'士':
        case U'象':
        case U'卒':
        case U'砲':
        case U'包': black = true; break;
        default:
            if (c[k] >= 0xFF11 && c[k] <= 0xFF19)
                black = true;
            else if (c[k] >= 0x80 && chinese_direction(c[k]) == 0 && chinese_place(c[k]) == 0 &&
                     chinese_number(c[k]) != 0)
                red = true;
        }
    }
    if (red == black) return std::nullopt;
    return red ? Color::Red : Color::Black;
}

} // namespace

std::optional<DescriptiveMove> read_chinese(std::string_view text, ChineseSyntax* why,
                                            std::optional<Color>* side) {
    if (why) *why = ChineseSyntax::NotAMove;
    std::array<std::uint32_t, 4> c{};
    std::size_t n = 0;
    for (std::size_t i = 0; i < text.size();) {
        std::size_t len = 0;
        const std::uint32_t cp = next_char(text, i, len);
        if (cp == 0 || n == c.size()) return std::nullopt;
        c[n++] = cp;
        i += len;
    }
    if (n != 4) return std::nullopt;
    DescriptiveMove d;
    d.direction = chinese_direction(c[2]);
    d.target = chinese_number(c[3]);
    if (d.direction == 0 || d.target == 0) return std::nullopt;
    const PieceType p0 = chinese_piece(c[0]), p1 = chinese_piece(c[1]);
    const int n0 = chinese_number(c[0]), n1 = chinese_number(c[1]);
    const int place0 = chinese_place(c[0]), place1 = chinese_place(c[1]);
    if (p0 != PieceType::None && n1 != 0) { // 炮二平五
        d.piece = p0;
        d.file = n1;
    } else if (p0 != PieceType::None && place1 != 0) { // 車前平三
        d.piece = p0;
        d.place = place1;
    } else if (place0 != 0 && p1 != PieceType::None) { // 前炮退一, 中兵进一
        d.piece = p1;
        d.place = place0;
    } else if (n0 >= 1 && n0 <= 5 && p1 == PieceType::Soldier) { // 二兵平四 (four or five)
        d.piece = p1;
        d.place = n0;
    } else if (place0 != 0 && n1 != 0) { // 前三平四: soldiers on two files
        d.piece = PieceType::Soldier;
        d.place = place0;
        d.file = n1;
    } else {
        if (why && (is_ideograph(c[0]) || is_ideograph(c[1])) &&
            (n1 != 0 || place1 != 0 || place0 != 0))
            *why = ChineseSyntax::UnknownPiece;
        return std::nullopt;
    }
    if (why) *why = ChineseSyntax::Move;
    if (side) *side = side_of(c.data(), n);
    return d;
}

std::optional<Color> chinese_side(std::string_view text) {
    std::array<std::uint32_t, 8> c{};
    std::size_t n = 0;
    for (std::size_t i = 0; i < text.size() && n < c.size();) {
        std::size_t len = 0;
        const std::uint32_t cp = next_char(text, i, len);
        if (cp == 0) break;
        c[n++] = cp;
        i += len;
    }
    return side_of(c.data(), n);
}

std::string write_chinese(const DescriptiveMove& d, Color side, const NotationStyle& style) {
    const bool trad = style.chinese_traditional;
    const bool red = side == Color::Red;
    char32_t piece = U'?';
    switch (d.piece) {
    case PieceType::General: piece = red ? (trad ? U'帥' : U'帅') : (trad ? U'將' : U'将'); break;
    case PieceType::Advisor: piece = red ? U'仕' : U'士'; break;
    case PieceType::Elephant: piece = red ? U'相' : U'象'; break;
    case PieceType::Horse: piece = trad ? (red ? U'傌' : U'馬') : U'马'; break;
    case PieceType::Chariot: piece = trad ? (red ? U'俥' : U'車') : U'车'; break;
    case PieceType::Cannon: piece = trad && !red ? U'砲' : U'炮'; break;
    case PieceType::Soldier: piece = red ? U'兵' : U'卒'; break;
    case PieceType::None: break;
    }
    static constexpr char32_t numerals[] = U"一二三四五六七八九";
    const auto number = [&](std::string& s, int k) {
        if (red)
            append_utf8(s, numerals[k - 1]);
        else
            append_utf8(s, style.chinese_ascii_digits ? char32_t('0' + k) : char32_t(0xFF10 + k));
    };
    const char32_t rear = trad ? U'後' : U'后';
    const auto place_word = [&](int place) {
        return place == 1 ? U'前' : place == -1 ? rear : U'中';
    };
    std::string s;
    if (d.count < 2) {
        append_utf8(s, piece);
        number(s, d.file);
    } else if (d.two_files) { // 前三平四: the place, the file, no piece
        append_utf8(s, place_word(d.place));
        number(s, d.file);
    } else if (d.count >= 4) { // 一兵 … 五兵, from the front
        const int from_front = d.place == DescriptiveMove::Middle ? 3
                               : d.place > 0                      ? d.place
                                                                  : d.count + 1 + d.place;
        append_utf8(s, numerals[from_front - 1]);
        append_utf8(s, piece);
    } else {
        append_utf8(s, place_word(d.place));
        append_utf8(s, piece);
    }
    append_utf8(s, d.direction == '+'   ? (trad ? U'進' : U'进')
                   : d.direction == '-' ? U'退'
                                        : U'平');
    number(s, d.target);
    return s;
}

} // namespace pgnkit::xiangqi
