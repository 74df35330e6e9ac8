/// The positions of a xiangqi game for `pgnkit fen` (cmd/fen/detail/xiangqi_positions.hpp).
#include "pgnkit/cmd/fen/detail/xiangqi_positions.hpp"

#include "pgnkit/format/json.hpp"
#include "pgnkit/pgn/span_tags.hpp"
#include "pgnkit/xiangqi/fen.hpp"
#include "pgnkit/xiangqi/notation.hpp"

#include <fmt/format.h>

#include <initializer_list>
#include <string>

namespace pgnkit::app::fen_detail {

namespace {

/// Whether ply `ply` of a main line of `last` plies is selected (as the chess export selects).
bool selected(const FenRunOptions& o, int ply, int last) {
    const PlySelection& s = o.plies;
    bool in = false;
    switch (s.kind) {
    case PlySelection::Kind::All: in = ply >= 1 || s.start; break;
    case PlySelection::Kind::End: in = ply == last; break;
    case PlySelection::Kind::Range: in = ply >= s.from && ply <= s.to; break;
    }
    return in && ply % s.every == 0 && ply >= s.min_ply;
}

/// The game's tags the columns name, read once per game.
struct Tags {
    std::string red, black, red_elo, black_elo, event, site, date, result;
    explicit Tags(const GameSpan& span, const XiangqiValidator& v) {
        std::string buffer;
        std::string_view value;
        const auto first = [&](std::initializer_list<std::string_view> names) {
            for (std::string_view n : names)
                if (find_span_tag(span, n, buffer, value) && !value.empty())
                    return std::string(value);
            return std::string();
        };
        red = first({"Red", "RedTeam", "White"});
        black = first({"Black", "BlackTeam"});
        red_elo = first({"RedElo", "WhiteElo"});
        black_elo = first({"BlackElo"});
        event = first({"Event"});
        site = first({"Site"});
        date = first({"Date"});
        result = v.info().result_marker;
        if (result.empty() || result == "*") {
            const std::string tag = first({"Result"});
            if (!tag.empty()) result = tag;
        }
        if (result.empty()) result.assign(1, '*'); // (not = "*": g++ 12 -Wrestrict)
    }
};

/// `s` as an EPD string: quoted, `"` and `\` escaped with `\` (as the chess export writes).
void epd_string(std::string& out, std::string_view s) {
    out += '"';
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    out += '"';
}

bool is_number(std::string_view s) {
    return !s.empty() && s.size() < 6 &&
           s.find_first_not_of("0123456789") == std::string_view::npos;
}

} // namespace

std::uint64_t emit_xiangqi_positions(const FenRunOptions& o, const std::vector<Col>& cols,
                                     const XiangqiValidator& v, const GameSpan& span,
                                     std::uint64_t game, OutBuffer& out,
                                     std::vector<std::uint64_t>& keys) {
    if (!v.info().replayed) return 0;
    const xiangqi::ReplayedGame& g = v.game();
    const Tags tags(span, v);
    const int last = static_cast<int>(g.moves.size());
    std::uint64_t n = 0;
    std::string line, san, uci;
    const std::string dash = "-", space = " ";
    xiangqi::Position pos = g.start;
    for (int ply = 0; ply <= last; ++ply) {
        if (ply > 0) pos.play(g.moves[std::size_t(ply - 1)].move);
        if (!selected(o, ply, last)) continue;
        const bool check = pos.in_check();
        const bool has_next = ply < last;
        const xiangqi::Move next = has_next ? g.moves[std::size_t(ply)].move : xiangqi::Move{};
        if (o.skip_check && check) continue;
        if (o.quiet_only && (check || (has_next && pos.is_capture(next)))) continue;
        const std::string fen = xiangqi::write_fen(pos);
        san = has_next ? xiangqi::format_move(pos, next, xiangqi::Notation::WinboardSan) : "";
        uci = has_next ? xiangqi::format_move(pos, next, xiangqi::Notation::Uci) : "";
        const char side = pos.side_to_move() == xiangqi::Color::Red ? 'w' : 'b';
        line.clear();
        switch (o.format) {
        case PositionFormat::Fen:
            line.append(fen);
            line += '\n';
            break;
        case PositionFormat::Epd: {
            // The four fields (board, side, two dashes), then the opcodes as chess's EPD.
            std::size_t cut = 0;
            for (int spaces = 0; cut < fen.size(); ++cut)
                if (fen[cut] == ' ' && ++spaces == 4) break;
            line.append(fen, 0, cut);
            line +=
                fmt::format(" hmvc {}; fmvn {}; id ", pos.halfmove_clock(), pos.fullmove_number());
            std::string id = std::to_string(game);
            if (!o.id_template.empty()) {
                id.clear();
                const std::string& t = o.id_template;
                for (std::size_t i = 0; i < t.size(); ++i) {
                    const std::size_t close = t[i] == '{' ? t.find('}', i) : std::string::npos;
                    if (close == std::string::npos) {
                        id += t[i];
                        continue;
                    }
                    const std::string_view name = std::string_view(t).substr(i + 1, close - i - 1);
                    std::string buffer;
                    std::string_view value;
                    if (name == "game")
                        id += std::to_string(game);
                    else if (find_span_tag(span, name, buffer, value))
                        id += value;
                    i = close;
                }
            }
            epd_string(line, id);
            if (has_next) {
                line += "; sm ";
                line += san;
            }
            line += "; c0 ";
            std::string c0;
            for (const std::string* part : {&tags.red, &dash, &tags.black, &space, &tags.event,
                                            &space, &tags.site, &space, &tags.date})
                c0 += *part;
            epd_string(line, c0);
            line += "; c1 ";
            epd_string(line, tags.result);
            line += ";\n";
            break;
        }
        case PositionFormat::Ndjson: {
            const auto opt = [&](const std::string& s) {
                if (s.empty())
                    line += "null";
                else
                    append_json_string(line, s);
            };
            line += fmt::format("{{\"game\":{},\"ply\":{},\"fen\":", game, ply);
            append_json_string(line, fen);
            line += ",\"move_san\":";
            opt(san);
            line += ",\"move_uci\":";
            opt(uci);
            line += side == 'w' ? ",\"side\":\"w\"" : ",\"side\":\"b\"";
            line += ",\"result\":";
            append_json_string(line, tags.result);
            line += ",\"white\":";
            append_json_string(line, tags.red);
            line += ",\"black\":";
            append_json_string(line, tags.black);
            line += ",\"white_elo\":";
            line += is_number(tags.red_elo) ? tags.red_elo : "null";
            line += ",\"black_elo\":";
            line += is_number(tags.black_elo) ? tags.black_elo : "null";
            line += ",\"event\":";
            append_json_string(line, tags.event);
            line += ",\"date\":";
            append_json_string(line, tags.date);
            if (o.variations) line += ",\"variation_depth\":0";
            line += "}\n";
            break;
        }
        case PositionFormat::Csv:
        case PositionFormat::Tsv: {
            const bool csv = o.format == PositionFormat::Csv;
            bool first_col = true;
            for (Col c : cols) {
                if (!first_col) line += csv ? ',' : '\t';
                first_col = false;
                std::string value;
                switch (c) {
                case Col::Game: value = std::to_string(game); break;
                case Col::Ply: value = std::to_string(ply); break;
                case Col::Fen: value = fen; break;
                case Col::MoveSan: value = san; break;
                case Col::MoveUci: value = uci; break;
                case Col::Side: value = std::string(1, side); break;
                case Col::Result: value = tags.result; break;
                case Col::White: value = tags.red; break;
                case Col::Black: value = tags.black; break;
                case Col::WhiteElo: value = is_number(tags.red_elo) ? tags.red_elo : ""; break;
                case Col::BlackElo: value = is_number(tags.black_elo) ? tags.black_elo : ""; break;
                case Col::Event: value = tags.event; break;
                case Col::Date: value = tags.date; break;
                case Col::Clock:
                case Col::Eval: break;
                }
                if (csv && value.find_first_of(",\"\n\r") != std::string::npos) {
                    line += '"';
                    for (char ch : value) {
                        if (ch == '"') line += '"';
                        line += ch;
                    }
                    line += '"';
                } else {
                    for (char ch : value)
                        line += (!csv && (ch == '\t' || ch == '\n' || ch == '\r')) ? ' ' : ch;
                }
            }
            line += '\n';
            break;
        }
        }
        out += line;
        ++n;
        if (o.unique) keys.push_back(pos.key());
    }
    return n;
}

} // namespace pgnkit::app::fen_detail
