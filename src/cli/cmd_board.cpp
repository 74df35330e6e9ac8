// pgnkit board: show a position for humans (a Unicode diagram and a summary, or an SVG image).

#include "common.hpp"
#include "pgnkit/chess/fen.hpp"
#include "pgnkit/format/chess_board.hpp"
#include "pgnkit/format/svg_board.hpp"
#include "pgnkit/format/xiangqi_board.hpp"
#include "pgnkit/xiangqi/coordinates.hpp"
#include "pgnkit/xiangqi/fen.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>

namespace pgnkit::cli {

namespace {
struct BoardOptions {
    const CLI::App* cmd = nullptr;
    std::vector<std::string> fen_fields; ///< the FEN, quoted as one argument or as 4-6 words
    std::string svg;                     ///< SVG output file, "-" for stdout
    std::string arrow;                   ///< "e2e4": an arrow on the SVG image
    bool flip = false;
    bool chess960 = false;
    std::string variant = "standard";
    std::string ep = "legal";
};

/// "h2e2" (ICCS: files a–i, ranks 0–9) → the xiangqi points, or nothing.
std::optional<app::SvgArrow> parse_xiangqi_arrow(const std::string& s) {
    auto c = xiangqi::read_coordinates(s, xiangqi::Coordinates::Iccs);
    if (!c) return std::nullopt;
    app::SvgArrow a;
    a.from = c->from;
    a.to = c->to;
    return a;
}

/// "e2e4" → (e2, e4), or nothing.
std::optional<app::SvgArrow> parse_arrow(const std::string& s) {
    auto square = [](char f, char r) {
        return f >= 'a' && f <= 'h' && r >= '1' && r <= '8' ? chess::make_square(f - 'a', r - '1')
                                                            : chess::NoSquare;
    };
    if (s.size() != 4) return std::nullopt;
    app::SvgArrow a;
    a.from = square(s[0], s[1]);
    a.to = square(s[2], s[3]);
    if (a.from == chess::NoSquare || a.to == chess::NoSquare) return std::nullopt;
    return a;
}

/// Writes the SVG image to o.svg ("-": stdout); false on a write error (reported).
bool write_svg(const BoardOptions& o, const std::string& svg) {
    if (o.svg == "-") {
        std::fwrite(svg.data(), 1, svg.size(), stdout);
        return std::fflush(stdout) == 0;
    }
    std::ofstream f(o.svg, std::ios::binary);
    if (!(f << svg) || !f.flush()) {
        fmt::print(stderr, "pgnkit board: error: cannot write '{}'\n", o.svg);
        return false;
    }
    return true;
}

/// `pgnkit board --variant xiangqi`: the text diagram and summary, or the SVG image.
int run_xiangqi_board(const BoardOptions& o, std::string fen) {
    if (o.chess960)
        return usage_error("board", "--chess960 and --variant xiangqi exclude each other");
    if (int rc = ignored_option("board", o.cmd, "--ep", "with --variant xiangqi",
                                "xiangqi has no en passant"))
        return rc;
    std::optional<app::SvgArrow> arrow;
    if (!o.arrow.empty() && !(arrow = parse_xiangqi_arrow(o.arrow)))
        return usage_error("board", "--arrow: expected two xiangqi points in ICCS, e.g. h2e2 (see "
                                    "pgnkit board --help)");
    if (fen.empty()) fen = xiangqi::StartFen;
    auto parsed = xiangqi::parse_fen(fen);
    if (!parsed) {
        const chess::FenError e{parsed.error().field, parsed.error().message};
        fmt::print(stderr, "pgnkit board: error: invalid FEN: {}\n", app::format_fen_error(fen, e));
        return ExitFound;
    }
    const xiangqi::Position& pos = parsed->position;
    if (!o.svg.empty()) {
        app::SvgOptions so;
        so.flip = o.flip;
        app::set_xiangqi_svg_style(so);
        if (arrow) so.arrows.push_back(*arrow);
        so.title = xiangqi::write_fen(pos);
        if (!write_svg(o, app::svg_board(app::xiangqi_board_diagram(pos), so))) return ExitError;
        if (o.svg == "-") return ExitOk;
    }
    app::XiangqiBoardTextOptions to;
    to.flip = o.flip;
    to.notes = parsed->notes;
    const std::string text = app::render_xiangqi_board(pos, to);
    std::fwrite(text.data(), 1, text.size(), stdout);
    return ExitOk;
}

int run_board(const BoardOptions& o) {
    // Options that the others make do nothing: usage errors, not silence.
    if (o.svg.empty())
        if (int rc = ignored_option("board", o.cmd, "--arrow", "without --svg",
                                    "arrows are drawn on the SVG image"))
            return rc;
    if (o.svg == "-")
        if (int rc = ignored_option("board", o.cmd, "--ep", "with --svg -",
                                    "only the SVG image is written, no FEN line"))
            return rc;
    std::string fen;
    for (const std::string& f : o.fen_fields) fen += (fen.empty() ? "" : " ") + f;
    if (o.variant == "xiangqi") return run_xiangqi_board(o, fen);
    if (!o.arrow.empty() && !parse_arrow(o.arrow))
        return usage_error("board", // as the CLI11 check words it for other texts
                           "--arrow: expected two squares, e.g. e2e4 (see pgnkit board --help)");
    if (fen.empty()) fen = chess::StartFen;

    chess::FenParseOptions fo;
    fo.chess960 = o.chess960 || o.variant == "chess960";
    auto parsed = chess::parse_fen(fen, fo);
    if (!parsed) {
        fmt::print(stderr, "pgnkit board: error: invalid FEN: {}\n",
                   app::format_fen_error(fen, parsed.error()));
        return ExitFound;
    }
    const chess::Position& pos = parsed->position;

    if (!o.svg.empty()) {
        app::SvgOptions so;
        so.flip = o.flip;
        if (!o.arrow.empty()) so.arrows.push_back(*parse_arrow(o.arrow)); // checked above
        so.title = chess::format_fen(pos);
        // With "-" the image is the output: no text around it.
        if (!write_svg(o, app::svg_board(app::chess_board_diagram(pos), so))) return ExitError;
        if (o.svg == "-") return ExitOk;
    }

    app::BoardTextOptions to;
    to.flip = o.flip;
    chess::parse_ep_mode(o.ep, to.ep); // the name was checked by CLI11
    to.notes = parsed->notes;
    std::string text = app::render_board(pos, to);
    std::fwrite(text.data(), 1, text.size(), stdout);
    return ExitOk;
}
} // namespace

void add_board(CLI::App& app, Runner& run) {
    auto opts = std::make_shared<BoardOptions>();
    auto* cmd = app.add_subcommand(
        "board", "Show a position: a diagram, its status and legal moves (or an SVG image)");
    opts->cmd = cmd;
    cmd->add_option("fen", opts->fen_fields,
                    "The position as FEN, X-FEN or Shredder-FEN, or a xiangqi FEN with --variant "
                    "xiangqi (one quoted argument or its fields as separate words; default: the "
                    "start position)")
        ->type_name("FEN");
    cmd->add_option("--svg", opts->svg,
                    "Also write the position as an SVG image to FILE "
                    "('-': write only the SVG, to stdout)")
        ->type_name("FILE");
    cmd->add_flag("--flip", opts->flip, "Black at the bottom");
    cmd->add_option("--ep", opts->ep,
                    "En-passant square in the FEN line: legal (a legal capture exists, default), "
                    "pseudo (a pawn stands beside), always (after every double push)")
        ->type_name("MODE")
        ->check(CLI::IsMember({"legal", "pseudo", "always"}));
    cmd->add_option("--variant", opts->variant,
                    "Read the position as standard chess (default: castling rights need the king "
                    "on e1/e8 and the rook in its corner), chess960 (X-FEN/Shredder-FEN) or "
                    "xiangqi (Chinese chess: legal moves in ICCS, pieces by FEN letter)")
        ->type_name("VARIANT")
        ->check(CLI::IsMember({"standard", "chess960", "xiangqi"}));
    cmd->add_flag("--chess960", opts->chess960, "Same as --variant chess960");
    cmd->add_option("--arrow", opts->arrow,
                    "With --svg: draw an arrow, e.g. e2e4 (xiangqi: ICCS points, e.g. h2e2)")
        ->type_name("FROMTO")
        ->check(CLI::Validator(
            [](std::string& s) {
                return parse_arrow(s) || parse_xiangqi_arrow(s) ? std::string()
                                                                : "expected two squares, e.g. e2e4";
            },
            ""));
    cmd->callback([&run, opts] { run = [opts] { return run_board(*opts); }; });
}

} // namespace pgnkit::cli
