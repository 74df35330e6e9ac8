// The validate report: game blocks (with a board of the position before the first error) and
// the page around them (see html_report.hpp).

#include "pgnkit/cmd/validate/html_report.hpp"

#include "pgnkit/check/validator.hpp"
#include "pgnkit/chess/bitboard.hpp"
#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/san.hpp"
#include "pgnkit/format/charts.hpp"
#include "pgnkit/format/chess_board.hpp"
#include "pgnkit/format/html.hpp"
#include "pgnkit/format/html_page.hpp"
#include "pgnkit/format/svg_board.hpp"
#include "pgnkit/format/xiangqi_board.hpp"
#include "pgnkit/io/output.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/xiangqi/coordinates.hpp"
#include "pgnkit/xiangqi/fen.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
#include <stdexcept>

namespace pgnkit::app {

using namespace chess;

AttemptedMove find_attempted_move(const Position& pos, std::string_view token,
                                  std::string_view piece_letters) {
    AttemptedMove am;
    San san;
    SanParseOptions po;
    po.piece_letters = piece_letters;
    if (!parse_san(token, san, po)) return am;
    const Color us = pos.side_to_move();
    if (san.kind == San::Kind::Null) return am;
    if (san.kind == San::Kind::CastleKing || san.kind == San::Kind::CastleQueen) {
        CastleSide side = san.kind == San::Kind::CastleKing ? CastleSide::King : CastleSide::Queen;
        am.to = Position::castle_king_to(us, side);
        if (pos.king_square(us) != NoSquare) am.from.push_back(pos.king_square(us));
        return am;
    }
    am.to = san.to;
    if (am.to == NoSquare) return am;
    // A legal move (the diagnostic is about something else) or an ambiguous one.
    SanResolution res = resolve_san(pos, san, false);
    if (res.ok && !res.move.is_null()) {
        am.from.push_back(res.move.from());
        return am;
    }
    if (res.origins) {
        for (Bitboard b = res.origins; b;) am.from.push_back(pop_lsb(b));
        return am;
    }
    // The written origin square of LAN / UCI.
    if (san.from_file >= 0 && san.from_rank >= 0) {
        am.from.push_back(make_square(san.from_file, san.from_rank));
        return am;
    }
    // Pieces of the named type that attack (pawns: reach) the target.
    const Bitboard occ = pos.pieces();
    Bitboard cand = 0;
    switch (san.piece) {
    case PieceType::Knight: cand = knight_attacks(am.to); break;
    case PieceType::Bishop: cand = bishop_attacks(am.to, occ); break;
    case PieceType::Rook: cand = rook_attacks(am.to, occ); break;
    case PieceType::Queen: cand = queen_attacks(am.to, occ); break;
    case PieceType::King: cand = king_attacks(am.to); break;
    case PieceType::Pawn: {
        const int dir = us == Color::White ? -1 : 1; // towards our side
        const int r = rank_of(am.to), f = file_of(am.to);
        if (san.capture || (san.from_file >= 0 && san.from_file != f)) {
            cand = pawn_attacks(~us, am.to);
        } else if (r + dir >= 0 && r + dir <= 7) {
            Square one = make_square(f, r + dir);
            if (!pos.empty(one))
                cand = bb(one);
            else if (r + 2 * dir >= 0 && r + 2 * dir <= 7)
                cand = bb(make_square(f, r + 2 * dir));
        }
        break;
    }
    default: break;
    }
    if (san.piece == PieceType::None) return am;
    cand &= pos.pieces(us, san.piece);
    for (Bitboard b = cand; b;) {
        Square s = pop_lsb(b);
        if (san.from_file >= 0 && file_of(s) != san.from_file) continue;
        if (san.from_rank >= 0 && rank_of(s) != san.from_rank) continue;
        am.from.push_back(s);
    }
    return am;
}

namespace {

/// Text from a game: transcoded from Latin-1 when the game is not UTF-8, then escaped.
void append_game_text(std::string& out, std::string_view s, bool utf8) {
    if (utf8) {
        html::append_escaped(out, s);
        return;
    }
    std::string u;
    cp1252_to_utf8(s, u);
    html::append_escaped(out, u);
}

bool shown(const Diagnostic& d, bool show_info) {
    return d.severity == Severity::Error || d.severity == Severity::Warning ||
           (d.severity == Severity::Info && show_info);
}

std::string_view sev_class(Severity s) {
    return s == Severity::Error ? "error" : s == Severity::Warning ? "warning" : "info";
}

/// "12." or "12..." from a FEN (fullmove and side fields), "" if not found.
std::string move_number(std::string_view fen) {
    std::vector<std::string_view> f;
    std::size_t b = 0;
    while (b < fen.size()) {
        std::size_t e = fen.find(' ', b);
        if (e == std::string_view::npos) e = fen.size();
        if (e > b) f.push_back(fen.substr(b, e - b));
        b = e + 1;
    }
    if (f.size() < 2) return {};
    std::string n = f.size() >= 6 ? std::string(f[5]) : std::string("?");
    return n + (f[1] == "b" ? "..." : ".");
}

void append_players(std::string& out, const GameInfo& info, bool utf8) {
    append_game_text(out, info.white.empty() ? std::string_view("?") : info.white, utf8);
    out += " – ";
    append_game_text(out, info.black.empty() ? std::string_view("?") : info.black, utf8);
}

bool has_value(const std::string& s) { return !s.empty() && s != "?" && s != "-"; }

/// One diagnostic as a list item of the brief form: severity, location, code, message.
void append_diagnostic_item(std::string& b, const Diagnostic& d, std::string_view file, bool utf8) {
    b += fmt::format("<li><span class=\"sev {0}\">{0}</span> <span class=\"loc mono\">",
                     sev_class(d.severity));
    html::append_escaped(b, file);
    b += fmt::format(":{}:{}", d.loc.line, d.loc.column);
    if (d.ply > 0) b += fmt::format(", ply {}", d.ply);
    b += fmt::format("</span> <code>{}</code> ", code_name(d.code));
    append_game_text(b, d.message, utf8);
    if (!d.suggestion.empty()) {
        b += " <span class=\"hint\">(did you mean: ";
        html::append_escaped(b, d.suggestion);
        b += ")</span>";
    }
    b += "</li>\n";
}

/// The origin and target of a xiangqi move text written in coordinates (ICCS, else UCI: the
/// reading whose origin holds a piece of the side to move), or none (`to` NoSquare): the
/// other notations name a piece, not a point, and an illegal move's piece is not certain.
xiangqi::CoordinateMove attempted_xiangqi_move(const xiangqi::Position& pos,
                                               std::string_view token) {
    using xiangqi::Coordinates;
    std::optional<xiangqi::CoordinateMove> first;
    for (Coordinates style : {Coordinates::Iccs, Coordinates::Uci}) {
        const std::optional<xiangqi::CoordinateMove> m = xiangqi::read_coordinates(token, style);
        if (!m) continue;
        const xiangqi::Piece p = pos.piece_on(m->from);
        if (xiangqi::is_piece(p) && xiangqi::color_of(p) == pos.side_to_move()) return *m;
        if (!first) first = m;
    }
    return first ? *first : xiangqi::CoordinateMove{};
}

/// The board of a xiangqi game's position before `d` (its FEN), as chess's in
/// render_validate_game(): the attempted move's target tinted, an arrow from its origin.
void append_xiangqi_figure(std::string& o, const HtmlGameInput& g, const Diagnostic& d) {
    auto parsed = xiangqi::parse_fen(d.fen);
    if (!parsed) return;
    const xiangqi::Position& pos = parsed->position;
    const xiangqi::CoordinateMove am = attempted_xiangqi_move(pos, d.token);
    SvgOptions so;
    set_xiangqi_svg_style(so);
    so.id_prefix = fmt::format("g{}-", g.index);
    so.square_size = 40;
    const std::string move = move_number(d.fen);
    std::string token;
    append_game_text(token, d.token, g.utf8);
    so.title = fmt::format("Position before {} {}", move, d.token);
    BoardDiagram board = xiangqi_board_diagram(pos);
    const bool marked = am.to != xiangqi::NoSquare;
    if (marked) {
        board.highlights.push_back(am.to);
        so.arrows.push_back({am.from, am.to, "#c62828"});
    }
    o += fmt::format("<figure class=\"board\" data-game=\"xiangqi\" data-arrows=\"{}\" "
                     "data-target=\"",
                     marked ? 1 : 0);
    if (marked)
        o += xiangqi::format_coordinates(xiangqi::Move(am.from, am.to), xiangqi::Coordinates::Iccs)
                 .substr(2);
    o += "\">\n";
    o += svg_board(board, so); // (escapes the title itself)
    o += "<figcaption>Before <b>";
    o += move;
    o += ' ';
    o += token;
    o += "</b> (";
    o += pos.side_to_move() == xiangqi::Color::Red ? "Red" : "Black";
    o += " to move)";
    if (marked) o += "; the attempted move is drawn as an arrow";
    o += ".<br><span class=\"fen mono\">";
    html::append_escaped(o, d.fen);
    o += "</span></figcaption>\n</figure>\n";
}

} // namespace

HtmlBlock render_text_between_games(std::string_view file, const Diagnostic& d, bool utf8) {
    HtmlBlock block;
    block.valid = true;
    block.between_games = true;
    block.listed = 1;
    block.brief = "<li><b>Text between games</b>\n<ul class=\"dl\">\n";
    append_diagnostic_item(block.brief, d, file, utf8);
    block.brief += "</ul></li>\n";
    return block;
}

HtmlBlock render_validate_game(const HtmlGameInput& g) {
    HtmlBlock block;
    static const GameInfo no_info{};
    static const std::vector<Diagnostic> no_diags;
    const GameInfo& info = g.info ? *g.info : no_info;
    const auto& diags = g.diagnostics ? *g.diagnostics : no_diags;
    const Diagnostic* first_error = nullptr;
    const Diagnostic* board_diag = nullptr;
    for (const auto& d : diags) {
        if (d.severity != Severity::Error) continue;
        if (!first_error) first_error = &d;
        if (!board_diag && !d.fen.empty()) board_diag = &d;
    }
    const Diagnostic* lead = first_error ? first_error : (diags.empty() ? nullptr : &diags[0]);

    block.valid = first_error == nullptr;
    for (const auto& d : diags) block.listed += shown(d, g.show_info);
    if (block.valid && block.listed == 0) return block; // nothing to show

    // The brief form: the game, then every diagnostic shown, each with its location.
    std::string& b = block.brief;
    b += fmt::format("<li id=\"game-{}\"><b>Game {}</b> ", g.index, g.number);
    append_players(b, info, g.utf8);
    if (has_value(info.round)) {
        b += ", round ";
        append_game_text(b, info.round, g.utf8);
    }
    if (has_value(info.event)) {
        b += " · ";
        append_game_text(b, info.event, g.utf8);
    }
    b += "\n<ul class=\"dl\">\n";
    for (const auto& d : diags)
        if (shown(d, g.show_info)) append_diagnostic_item(b, d, g.file, g.utf8);
    b += "</ul></li>\n";
    if (!g.board || block.valid) return block;

    // The full block.
    std::string& o = block.full;
    o += fmt::format("<section class=\"game\" id=\"game-{}\">\n<h3>Game {}: ", g.index, g.number);
    append_players(o, info, g.utf8);
    o += "</h3>\n<p class=\"meta\">";
    if (has_value(info.event)) {
        o += "<span>";
        append_game_text(o, info.event, g.utf8);
        o += "</span>";
    }
    if (has_value(info.round)) {
        o += "<span>Round ";
        append_game_text(o, info.round, g.utf8);
        o += "</span>";
    }
    if (lead) {
        o += "<span class=\"mono\">";
        html::append_escaped(o, g.file);
        o += fmt::format(":{}:{}</span>", lead->loc.line, lead->loc.column);
    }
    o += "</p>\n<div class=\"body\">\n";
    if (board_diag && g.xiangqi) {
        append_xiangqi_figure(o, g, *board_diag);
    } else if (board_diag) {
        auto parsed = parse_fen(board_diag->fen, FenParseOptions{true, true});
        if (parsed) {
            const Position& pos = parsed.value().position;
            AttemptedMove am = find_attempted_move(pos, board_diag->token, g.piece_letters);
            SvgOptions so;
            so.id_prefix = fmt::format("g{}-", g.index);
            so.square_size = 40;
            std::string move = move_number(board_diag->fen);
            std::string token;
            append_game_text(token, board_diag->token, g.utf8);
            so.title = fmt::format("Position before {} {}", move, board_diag->token);
            BoardDiagram board = chess_board_diagram(pos);
            if (am.to != NoSquare) board.highlights.push_back(am.to);
            for (Square f : am.from) so.arrows.push_back({f, am.to, "#c62828"});
            o += "<figure class=\"board\" data-arrows=\"";
            o += fmt::format("{}\" data-target=\"", am.from.size());
            if (am.to != NoSquare) o += square_name(am.to);
            o += "\">\n";
            // svg_board escapes the title itself; the rest is our own markup.
            std::string svg = svg_board(board, so);
            o += svg;
            o += "<figcaption>Before <b>";
            o += move;
            o += ' ';
            o += token;
            o += "</b> (";
            o += pos.side_to_move() == Color::White ? "White" : "Black";
            o += " to move)";
            if (am.from.empty() && am.to != NoSquare)
                o += "; no piece found that could make it: target square marked";
            else if (!am.from.empty())
                o += "; the attempted move is drawn as an arrow";
            o += ".<br><span class=\"fen mono\">";
            html::append_escaped(o, board_diag->fen);
            o += "</span></figcaption>\n</figure>\n";
        }
    }
    o += "<ul class=\"diags\">\n";
    for (const auto& d : diags) {
        if (!shown(d, g.show_info)) continue;
        o += fmt::format("<li><span class=\"sev {0}\">{0}</span> <code>{1}</code> ",
                         sev_class(d.severity), code_name(d.code));
        append_game_text(o, d.message, g.utf8);
        o += "<br><span class=\"loc mono\">";
        html::append_escaped(o, g.file);
        o += fmt::format(":{}:{}", d.loc.line, d.loc.column);
        if (d.ply > 0) o += fmt::format(", ply {}", d.ply);
        o += "</span>";
        if (!d.suggestion.empty()) {
            o += "<br><span class=\"hint\">did you mean: ";
            html::append_escaped(o, d.suggestion);
            o += "</span>";
        }
        o += "</li>\n";
    }
    o += "</ul>\n</div>\n</section>\n";
    return block;
}

ValidateHtmlReport::ValidateHtmlReport(std::string path, std::size_t max_boards,
                                       std::vector<std::string> inputs)
    : file_(std::make_unique<OutputFile>(path)), max_boards_(max_boards),
      inputs_(std::move(inputs)) {
    spool_ = std::tmpfile();
    valid_spool_ = std::tmpfile();
    if (!spool_ || !valid_spool_)
        throw std::runtime_error("cannot create a temporary file for the HTML report");
}

ValidateHtmlReport::~ValidateHtmlReport() {
    if (spool_) std::fclose(spool_);
    if (valid_spool_) std::fclose(valid_spool_);
}

void ValidateHtmlReport::add(const HtmlBlock& block) {
    if (block.valid) {
        if (block.brief.empty()) return;
        ++(block.between_games ? between_games_ : valid_games_);
        valid_listed_ += block.listed;
        if (std::fwrite(block.brief.data(), 1, block.brief.size(), valid_spool_) !=
                block.brief.size() &&
            error_.empty())
            error_ = "cannot write the temporary file of the HTML report";
        return;
    }
    ++games_;
    const std::string* text = &block.brief;
    std::string buf;
    if (full_.load(std::memory_order_relaxed) < max_boards_ && !block.full.empty()) {
        full_.fetch_add(1, std::memory_order_relaxed);
        text = &block.full;
    } else {
        if (!in_list_) {
            buf = "<h2 id=\"more\">Further invalid games (no board)</h2>\n"
                  "<ol class=\"brief\">\n";
            in_list_ = true;
        }
        ++brief_;
    }
    buf += *text;
    if (std::fwrite(buf.data(), 1, buf.size(), spool_) != buf.size() && error_.empty())
        error_ = "cannot write the temporary file of the HTML report";
}

namespace {

/// A severity's colour (the style sheet's --err, --warn, --info).
std::string_view sev_color(Severity s) {
    return s == Severity::Error ? "#b3261e" : s == Severity::Warning ? "#c47f00" : "#1f6f8b";
}

/// Copies a spool file to the report; false if it cannot be read.
bool copy_spool(OutputFile& file, std::FILE* spool) {
    std::rewind(spool);
    std::string buf(1 << 16, '\0');
    std::size_t got;
    while ((got = std::fread(buf.data(), 1, buf.size(), spool)) > 0)
        file.write(std::string_view(buf.data(), got));
    return !std::ferror(spool);
}

} // namespace

std::string ValidateHtmlReport::finish(const ValidateStats& s, bool show_info,
                                       const SeverityTable& severities) {
    if (!error_.empty()) return error_;
    std::string out = html::page_begin("pgnkit validate report", "Validation report");
    out += "<p class=\"sub\">Input: ";
    html::append_inputs(out, inputs_);
    out += ".</p>\n<div class=\"cards\">";
    auto card = [&](std::uint64_t v, std::string_view label, bool bad) {
        html::append_card(out, fmt::format("{}", v), label, bad && v);
    };
    card(s.files, s.files == 1 ? "file" : "files", false);
    card(s.games, "games", false);
    card(s.valid, "valid", false);
    card(s.invalid, "invalid", true);
    card(s.errors, s.errors == 1 ? "error" : "errors", true);
    card(s.warnings, s.warnings == 1 ? "warning" : "warnings", false);
    if (s.infos) card(s.infos, s.infos == 1 ? "note" : "notes", false);
    out += "</div>\n<h2>Summary by code</h2>\n";
    // The codes by count (largest first; ties: the more severe first, then code order), each
    // bar in its severity's colour, so that a few errors stand out beside many warnings.
    std::vector<int> codes;
    for (int i = 0; i < code_count; ++i)
        if (s.by_code[std::size_t(i)]) codes.push_back(i);
    std::stable_sort(codes.begin(), codes.end(), [&](int a, int b) {
        if (s.by_code[std::size_t(a)] != s.by_code[std::size_t(b)])
            return s.by_code[std::size_t(a)] > s.by_code[std::size_t(b)];
        return severities.get(Code(a)) > severities.get(Code(b));
    });
    html::Chart chart;
    chart.table = "by_code";
    chart.title = "Diagnostics by code";
    html::ChartSeries series;
    series.name = "count";
    series.color = "#5b6f8c";
    std::array<std::uint64_t, 4> per_severity{};
    std::string rows;
    for (int i : codes) {
        std::uint64_t n = s.by_code[std::size_t(i)];
        const CodeInfo& ci = code_info(Code(i));
        const Severity sev = severities.get(Code(i));
        per_severity[std::size_t(sev)] += n;
        chart.labels.emplace_back(ci.name);
        series.values.push_back(fmt::format("{}", n));
        series.colors.emplace_back(sev_color(sev));
        rows += fmt::format("<tr><td><code>{}</code></td><td><span class=\"sev {}\">{}</span></td>"
                            "<td class=\"n\">{}</td><td>",
                            ci.name, sev_class(sev), severity_name(sev), n);
        html::append_escaped(rows, ci.explanation);
        rows += "</td></tr>\n";
    }
    chart.series.push_back(std::move(series));
    for (Severity sev : {Severity::Error, Severity::Warning, Severity::Info})
        if (per_severity[std::size_t(sev)])
            chart.legend.push_back({std::string(severity_name(sev)), std::string(sev_color(sev)),
                                    fmt::format("({})", per_severity[std::size_t(sev)])});
    if (rows.empty()) {
        out += "<p>No diagnostics: every game is valid.</p>\n";
    } else {
        out += "<div class=\"charts\">";
        out += html::render_chart(chart);
        out += "</div>\n<div class=\"scroll\"><table>\n<thead><tr><th>code</th><th>severity"
               "</th><th class=\"n\">count</th><th>explanation</th></tr></thead>\n"
               "<tbody>\n";
        out += rows;
        out += "</tbody></table></div>\n<p class=\"note\">Counts include every diagnostic (also "
               "those of valid games, listed <a href=\"#warnings\">below</a>).</p>\n";
    }
    out += fmt::format("<h2 id=\"games\">Invalid games ({})</h2>\n", games_);
    if (games_ == 0)
        out += "<p>No invalid games.</p>\n";
    else if (brief_)
        out += fmt::format("<p class=\"callout\">The first {} invalid game{} are shown with a "
                           "board of the position before the offending move; the other {} are "
                           "<a href=\"#more\">listed without a board</a> below (limit set by "
                           "<code>--html-max</code>).</p>\n",
                           games_ - brief_, games_ - brief_ == 1 ? "" : "s", brief_);
    if (!show_info && s.infos)
        out += "<p class=\"note\">Notes (info-level diagnostics) are not listed; use "
               "<code>--verbose</code>.</p>\n";

    try {
        OutputFile& file = *file_;
        file.write(out);
        if (!copy_spool(file, spool_)) return "cannot read the temporary file of the HTML report";
        out = in_list_ ? "</ol>\n" : "";
        out += fmt::format("<h2 id=\"warnings\">Valid games with {} ({})</h2>\n",
                           show_info ? "warnings or notes" : "warnings", valid_games_);
        if (valid_games_ + between_games_ == 0) {
            out += fmt::format("<p>No valid game has {}.</p>\n",
                               show_info ? "a warning or a note" : "a warning");
        } else {
            std::string what =
                fmt::format("{} valid game{}", valid_games_, valid_games_ == 1 ? "" : "s");
            if (between_games_)
                what += fmt::format(" and {} passage{} of text between games", between_games_,
                                    between_games_ == 1 ? "" : "s");
            out += fmt::format("<details class=\"valid\"><summary>{}, with {} diagnostic{}: "
                               "click to show or hide</summary>\n<ol class=\"brief\">\n",
                               what, valid_listed_, valid_listed_ == 1 ? "" : "s");
            file.write(out);
            if (!copy_spool(file, valid_spool_))
                return "cannot read the temporary file of the HTML report";
            out = "</ol>\n</details>\n";
        }
        out += html::page_end();
        file.write(out);
        if (!file.error().empty()) return file.error();
        file.commit();
    } catch (const std::exception& e) {
        return e.what();
    }
    return {};
}

} // namespace pgnkit::app
