/// A xiangqi game's movetext replayed (xiangqi/game_replay.hpp).
#include "pgnkit/xiangqi/game_replay.hpp"

#include "pgnkit/xiangqi/fen.hpp"
#include "pgnkit/xiangqi/move_tokens.hpp"

#include <array>
#include <memory>
#include <optional>

namespace pgnkit::xiangqi {

namespace {

/// The order notations are tried in when a text has the shape of several and the game's own
/// is not one of them (`h2e2` is ICCS or UCI: ICCS, the databases' notation, first).
constexpr std::array<Notation, 5> try_order = {Notation::Iccs, Notation::Uci, Notation::WinboardSan,
                                               Notation::Wxf, Notation::Chinese};

} // namespace

/// The reader's visitor: replays each line on a stack of positions.
struct GameReplayer::Visitor : VisitorBase {
    explicit Visitor(ReplayedGame& g) : game(g) {}

    /// One line being replayed: its position, the position before its last move (where a
    /// variation that replaces that move starts), its ply, and whether it stopped.
    struct Line {
        Position pos, before;
        int ply = 0;
        bool stopped = false;
    };

    ReplayedGame& game;
    MovetextListener* listener = nullptr; ///< told the movetext, if any
    std::vector<Line> lines;
    std::string fen;
    bool have_notation = false;
    Notation notation = Notation::Iccs; ///< the game's: that of its first move read

    void begin_game(const GameSpan&) {
        static const Position startpos = Position::startpos(); // (made from its FEN)
        game.start = startpos;
        game.fen_error.clear();
        game.moves.clear();
        game.unplayed.clear();
        game.notations = 0;
        game.first_notation = Notation::Iccs;
        game.mixed_at.reset();
        game.result.clear();
        game.syntax.clear();
        game.tags.clear();
        game.tag_at.clear();
        game.comments = game.variations = game.nags = 0;
        fen.clear();
        have_notation = false;
        lines.clear();
    }
    void tag(std::string_view name, std::string_view value, const SourceLocation& at) {
        if (name == "FEN") fen.assign(value);
        game.tags.emplace_back(name, value);
        game.tag_at.push_back(at);
    }
    void comment(std::string_view text, const SourceLocation&) {
        ++game.comments;
        if (listener) listener->comment(text);
    }
    void nag(int n, const SourceLocation&) {
        ++game.nags;
        if (listener) listener->nag(n);
    }
    bool end_tags() {
        if (!fen.empty()) {
            auto parsed = parse_fen(fen);
            if (!parsed) {
                game.fen_error = parsed.error().to_string();
                game.end = game.start;
                return true; // no position to replay the moves from
            }
            game.start = parsed->position;
        }
        lines.push_back({game.start, game.start, 0, false});
        return false;
    }
    void move(std::string_view text, const TokenPlace& place) {
        Line& line = lines.back();
        if (line.stopped) return;
        std::optional<MoveTextError> nearest; // why the text was refused, and in which notation
        Notation nearest_in = notation;
        const auto attempt = [&](Notation n) {
            auto r = parse_move(line.pos, text, n);
            if (r) {
                played(line, text, place, n, *r);
                return true;
            }
            if (!nearest) {
                nearest = r.error();
                nearest_in = n;
            }
            return false;
        };
        // The game's notation first, without asking the text's shape (the usual move). A text
        // of its shape that it refuses is refused: read in another notation (`h2e3`, illegal
        // in ICCS, as UCI's h1–e2) it would hide the mistake.
        if (have_notation) {
            auto r = parse_move(line.pos, text, notation);
            if (r) {
                played(line, text, place, notation, *r);
                return;
            }
            if (r.error().fault != MoveTextFault::Syntax) {
                nearest = r.error();
                nearest_in = notation;
            }
        }
        if (!nearest) {
            const unsigned shapes = notations_of(text);
            for (Notation n : try_order)
                if ((shapes & notation_bit(n)) && !(have_notation && n == notation) && attempt(n))
                    return;
        }
        UnplayedMove u;
        u.at = place.location();
        u.text.assign(text);
        u.ply = line.ply + 1;
        u.depth = static_cast<int>(lines.size()) - 1;
        u.fen_before = write_fen(line.pos);
        if (nearest) {
            u.error = *nearest;
            u.notation = nearest_in;
        } else {
            u.error.fault = MoveTextFault::Syntax;
            u.error.message = "not a move in any xiangqi notation (ICCS, UCI, WinBoard SAN, "
                              "WXF, Chinese)";
        }
        game.unplayed.push_back(std::move(u));
        line.stopped = true;
    }
    void played(Line& line, std::string_view text, const TokenPlace& place, Notation n, Move m) {
        if (!have_notation) {
            have_notation = true;
            notation = n;
            game.first_notation = n;
        } else if (n != game.first_notation && !game.mixed_at) {
            game.mixed_at = place.location();
        }
        game.notations |= notation_bit(n);
        if (listener) listener->move(line.pos, m);
        line.before = line.pos;
        line.pos.play(m);
        ++line.ply;
        if (lines.size() == 1) game.moves.push_back({m, n, place.location(), text});
    }
    void begin_variation(const SourceLocation&) {
        ++game.variations;
        const Line& parent = lines.back();
        // A variation replaces the last move of its parent: it starts before it.
        lines.push_back({parent.before, parent.before, parent.ply - 1, parent.stopped});
        if (listener) listener->begin_variation();
    }
    void end_variation(const SourceLocation&) {
        if (lines.size() > 1) lines.pop_back();
        if (listener) listener->end_variation();
    }
    void result(std::string_view text, const SourceLocation&) { game.result.assign(text); }
    void end_game() {
        if (!lines.empty()) game.end = lines.front().pos;
    }
    void diagnostic(const Diagnostic& d) { game.syntax.push_back(d); }
};

GameReplayer::GameReplayer()
    : reader_(ReaderLimits{}, xiangqi_move_tokens), visitor_(std::make_unique<Visitor>(game_)) {}
GameReplayer::~GameReplayer() = default;

const ReplayedGame& GameReplayer::replay(const GameSpan& span) {
    visitor_->listener = nullptr;
    reader_.read(span, *visitor_);
    return game_;
}

const ReplayedGame& GameReplayer::replay(const GameSpan& span, MovetextListener& listener) {
    visitor_->listener = &listener;
    reader_.read(span, *visitor_);
    visitor_->listener = nullptr;
    return game_;
}

} // namespace pgnkit::xiangqi
