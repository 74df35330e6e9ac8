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

XiangqiWriter::XiangqiWriter(const PgnWriterOptions& opts) : opts_(opts), layout_(opts) {}

void XiangqiWriter::write(const XiangqiValidator& v, const GameSpan& span, std::string& out,
                          std::string& why_not) {
    const xiangqi::ReplayedGame& checked = v.game();
    why_not.clear();
    if (!checked.unplayed.empty()) {
        const xiangqi::UnplayedMove& u = checked.unplayed.front();
        why_not = fmt::format("move '{}'{} was not replayed", u.text,
                              u.depth > 0 ? " (in a variation)" : "");
        return;
    }
    notation_ = checked.first_notation;
    style_ = {};
    if (!opts_.xiangqi_moves.empty()) notation_of(opts_.xiangqi_moves, notation_, style_);

    layout_.clear();
    line_moves_.assign(1, 0);
    variation_before_move_ = false;
    const xiangqi::ReplayedGame& g = replayer_.replay(span, *this); // the same game again
    if (variation_before_move_) {
        why_not = "a variation before the first move of its line has no move to replace";
        return;
    }

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
    layout_.end(result);
    out += layout_.text();
    out += '\n';
}

void XiangqiWriter::move(const xiangqi::Position& before, xiangqi::Move m) {
    ++line_moves_.back();
    if (!layout_.visible()) return;
    layout_.number_before_move(before.fullmove_number(),
                               before.side_to_move() == xiangqi::Color::Black);
    layout_.move_text(xiangqi::format_move(before, m, notation_, style_));
}

void XiangqiWriter::comment(std::string_view text) { layout_.comment(text); }

void XiangqiWriter::nag(int n) { layout_.nag(n); }

void XiangqiWriter::begin_variation() {
    if (line_moves_.back() == 0) variation_before_move_ = true;
    line_moves_.push_back(0);
    layout_.begin_variation();
}

void XiangqiWriter::end_variation() {
    if (line_moves_.size() > 1) line_moves_.pop_back();
    layout_.end_variation();
}

} // namespace pgnkit::app
