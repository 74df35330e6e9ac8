/// WXF notation read and written (xiangqi/wxf.hpp).
#include "pgnkit/io/utf8.hpp"
#include "pgnkit/xiangqi/wxf.hpp"

namespace pgnkit::xiangqi {

namespace {

PieceType wxf_piece(char c) {
    switch (c) {
    case 'K':
    case 'k':
    case 'G':
    case 'g': return PieceType::General;
    case 'A':
    case 'a': return PieceType::Advisor;
    case 'E':
    case 'e':
    case 'B':
    case 'b': return PieceType::Elephant;
    case 'H':
    case 'h':
    case 'N':
    case 'n': return PieceType::Horse;
    case 'R':
    case 'r': return PieceType::Chariot;
    case 'C':
    case 'c': return PieceType::Cannon;
    case 'P':
    case 'p':
    case 'S':
    case 's': return PieceType::Soldier;
    default: return PieceType::None;
    }
}

char wxf_letter(PieceType t) {
    switch (t) {
    case PieceType::General: return 'K';
    case PieceType::Advisor: return 'A';
    case PieceType::Elephant: return 'E';
    case PieceType::Horse: return 'H';
    case PieceType::Chariot: return 'R';
    case PieceType::Cannon: return 'C';
    case PieceType::Soldier: return 'P';
    case PieceType::None: break;
    }
    return '?';
}

bool is_digit19(char c) { return c >= '1' && c <= '9'; }
bool is_sign(char c) { return c == '+' || c == '-'; }

} // namespace

std::string fold_fullwidth(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        // U+FF01–U+FF5E are EF BC 81 – EF BD 9E; U+3000 (ideographic space) is E3 80 80.
        if (c == 0xEF && i + 2 < text.size()) {
            const auto b1 = static_cast<unsigned char>(text[i + 1]);
            const auto b2 = static_cast<unsigned char>(text[i + 2]);
            const unsigned cp = 0xF000u | (b1 & 0x3Fu) << 6 | (b2 & 0x3Fu);
            if ((b1 == 0xBC || b1 == 0xBD) && (b2 & 0xC0) == 0x80 && cp >= 0xFF01 && cp <= 0xFF5E) {
                out += static_cast<char>(cp - 0xFEE0);
                i += 2;
                continue;
            }
        }
        if (c == 0xE3 && i + 2 < text.size() && text[i + 1] == '\x80' && text[i + 2] == '\x80') {
            out += ' ';
            i += 2;
            continue;
        }
        out += static_cast<char>(c);
    }
    return out;
}

std::optional<DescriptiveMove> read_wxf(std::string_view text) {
    const std::string s = fold_fullwidth(text);
    if (s.size() != 4) return std::nullopt;
    DescriptiveMove d;
    const char dir = s[2];
    if (dir == '+' || dir == '-')
        d.direction = dir;
    else if (dir == '.' || dir == '=')
        d.direction = '=';
    else
        return std::nullopt;
    if (!is_digit19(s[3])) return std::nullopt;
    d.target = s[3] - '0';
    const char a = s[0], b = s[1];
    if (wxf_piece(a) != PieceType::None && is_digit19(b)) { // C2.5
        d.piece = wxf_piece(a);
        d.file = b - '0';
    } else if (wxf_piece(a) != PieceType::None && is_sign(b)) { // C+.5 (WXF)
        d.piece = wxf_piece(a);
        d.place = b == '+' ? DescriptiveMove::Plus : DescriptiveMove::Minus;
    } else if (is_sign(a) && wxf_piece(b) != PieceType::None) { // +C.5
        d.piece = wxf_piece(b);
        d.place = a == '+' ? DescriptiveMove::Plus : DescriptiveMove::Minus;
    } else if (is_sign(a) && b == a) { // ++.4, --.4: the foremost, the rearmost soldier
        d.piece = PieceType::Soldier;
        d.place = a == '+' ? 1 : -1;
    } else if (is_digit19(a) && (is_sign(b) || b == a)) { // 3+.4, 33.4: soldiers on two files
        d.piece = PieceType::Soldier;
        d.file = a - '0';
        d.place = b == '+'   ? DescriptiveMove::Plus
                  : b == '-' ? DescriptiveMove::Minus
                             : DescriptiveMove::Middle;
    } else {
        return std::nullopt;
    }
    return d;
}

std::string write_wxf(const DescriptiveMove& d, const NotationStyle& style) {
    const char letter = wxf_letter(d.piece);
    std::string s;
    const auto tandem = [&](char sign) {
        if (style.wxf_tandem_first) {
            s += sign;
            s += letter;
        } else {
            s += letter;
            s += sign;
        }
    };
    const char file = static_cast<char>('0' + d.file);
    if (d.count < 2 || (d.place == DescriptiveMove::Middle && !d.two_files)) {
        s += letter;
        s += file;
    } else if (d.two_files) {
        s += file;
        s += d.place == 1 ? '+' : d.place == -1 ? '-' : file;
    } else if (d.count >= 4 && (d.place == 1 || d.place == -1)) {
        s.assign(2, d.place == 1 ? '+' : '-');
    } else {
        tandem(d.place > 0 ? '+' : '-');
    }
    s += d.direction == '=' ? style.wxf_traverse : d.direction;
    s += static_cast<char>('0' + d.target);
    if (!style.wxf_fullwidth) return s;
    std::string wide;
    char buf[4];
    for (char c : s) wide.append(buf, put_utf8(buf, static_cast<unsigned char>(c) + 0xFEE0u) - buf);
    return wide;
}

} // namespace pgnkit::xiangqi
