/// Xiangqi games in export layout (cmd/convert/xiangqi_writer.hpp).
#include "pgnkit/cmd/convert/xiangqi_writer.hpp"

#include "pgnkit/check/game_kind.hpp"
#include "pgnkit/xiangqi/notation.hpp"

#include <fmt/format.h>

namespace pgnkit::app {

namespace {

/// The notation and style of a --moves word (is_xiangqi_moves()).
void notation_of(std::string_view word, xiangqi::Notation& n, xiangqi::NotationStyle& style) {
    using xiangqi::Notation;
    n = word == "uci"    ? Notation::Uci
        : word == "san"  ? Notation::WinboardSan
        : word == "wxf"  ? Notation::Wxf
        : word == "iccs" ? Notation::Iccs
                         : Notation::Chinese;
    style.chinese_traditional = word == "chinese";
}

/// Characters (UTF-8 code points) of `s`: the width a line is measured in.
std::size_t characters(std::string_view s) {
    std::size_t n = 0;
    for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

void append_tag(std::string& out, std::string_view name, std::string_view value) {
    out += '[';
    out += name;
    out += " \"";
    for (char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    out += "\"]\n";
}

} // namespace

bool is_xiangqi_moves(std::string_view word) {
    return word == "uci" || word == "san" || is_xiangqi_only_moves(word);
}
bool is_xiangqi_only_moves(std::string_view word) {
    return word == "iccs" || word == "wxf" || word == "chinese" || word == "chinese-simplified";
}

void write_xiangqi_game(const XiangqiValidator& v, const PgnWriterOptions& o, std::string& out,
                        std::string& why_not) {
    const xiangqi::ReplayedGame& g = v.game();
    why_not.clear();
    if (g.comments > 0 && !o.strip_comments)
        why_not = "the comments of a xiangqi game are not written yet (--strip comments drops "
                  "them)";
    else if (g.variations > 0 && !o.strip_variations)
        why_not = "the variations of a xiangqi game are not written yet (--strip variations "
                  "drops them)";
    else if (g.nags > 0 && !o.strip_nags)
        why_not = "the NAGs of a xiangqi game are not written yet (--strip nags drops them)";
    if (!why_not.empty()) return;

    xiangqi::Notation notation = g.first_notation;
    xiangqi::NotationStyle style;
    if (!o.xiangqi_moves.empty()) notation_of(o.xiangqi_moves, notation, style);

    bool named = false;
    for (const auto& [name, value] : g.tags)
        if ((name == "Variant" || name == "Game") && names_xiangqi(value)) named = true;
    const std::string& marker = v.info().result_marker;
    std::string_view result = "*";
    if (!marker.empty())
        result = marker;
    else if (!v.info().result_tag.empty() && v.info().result_tag != "?")
        result = v.info().result_tag;
    for (const auto& [name, value] : g.tags) append_tag(out, name, value);
    if (!named) append_tag(out, "Variant", "xiangqi");
    out += '\n';

    const std::size_t width = o.line_width > 0 ? std::size_t(o.line_width) : 79;
    std::size_t column = 0;
    const auto token = [&](std::string_view t) {
        const std::size_t w = characters(t);
        if (column > 0 && column + 1 + w > width) {
            out += '\n';
            column = 0;
        }
        if (column > 0) {
            out += ' ';
            ++column;
        }
        out += t;
        column += w;
    };
    xiangqi::Position pos = g.start;
    std::string text;
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
        const xiangqi::Move m = g.moves[i].move;
        if (pos.side_to_move() == xiangqi::Color::Red || i == 0) {
            text = fmt::format("{}.", pos.fullmove_number());
            if (pos.side_to_move() == xiangqi::Color::Black) text += "..";
            token(text);
        }
        token(xiangqi::format_move(pos, m, notation, style));
        pos.play(m);
    }
    token(result);
    out += "\n\n";
}

} // namespace pgnkit::app
