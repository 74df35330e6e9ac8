#include "pgnkit/cmd/filter/game_facts.hpp"

#include "pgnkit/chess/outcome.hpp"

#include <algorithm>

namespace pgnkit::app {

void FactsVisitor::begin_game(const GameSpan& s) {
    facts_ = GameFacts{};
    depth_ = 0;
    have_last_ = false;
    keys_.clear();
    if (replay_) v_.begin_game(s);
}

bool FactsVisitor::end_tags() {
    if (!replay_) return false;
    const bool skip = v_.end_tags();
    if (const chess::Position* start = v_.current_position()) {
        if (endings_) main_line_position(*start);
        if (watcher_) (*watcher_)(*start, 0, 0);
    }
    return skip;
}

void FactsVisitor::main_line_position(const chess::Position& p) {
    last_ = p;
    have_last_ = true;
    // A capture or pawn move: no earlier position can recur (chess/outcome.hpp).
    if (p.halfmove_clock() == 0) keys_.clear();
    keys_.push_back(p.repetition_key());
}

void FactsVisitor::move(std::string_view t, const TokenPlace& l) {
    if (!replay_) return;
    v_.move(t, l);
    if (!v_.last_move_replayed()) return;
    if (watcher_) (*watcher_)(v_.last_after(), v_.last_ply(), depth_);
    if (depth_ != 0) return;
    const chess::Move m = v_.last_move();
    switch (m.kind()) {
    case chess::Move::Promotion:
        facts_.underpromotion |= m.promotion() != chess::PieceType::Queen;
        break;
    case chess::Move::EnPassant: facts_.en_passant = true; break;
    case chess::Move::Castling: {
        // The king moves onto the rook's square (types.hpp): towards the h-file is kingside.
        const std::uint8_t side = chess::file_of(m.to()) > chess::file_of(m.from()) ? 1 : 2;
        (chess::rank_of(m.from()) == 0 ? facts_.white_castled : facts_.black_castled) = side;
        break;
    }
    case chess::Move::Normal: break;
    }
    if (endings_) main_line_position(v_.last_after());
}

void FactsVisitor::comment(std::string_view t, const SourceLocation& l) {
    facts_.comments = true;
    if (!facts_.clock && t.find("[%clk") != std::string_view::npos) facts_.clock = true;
    if (!facts_.eval && t.find("[%eval") != std::string_view::npos) facts_.eval = true;
    if (replay_) v_.comment(t, l);
}

void FactsVisitor::end_game() {
    if (!replay_) return;
    v_.end_game();
    const GameInfo& info = v_.info();
    facts_.plies = info.plies;
    facts_.replayed = info.replayed;
    facts_.valid = !v_.has_error();
    for (const Diagnostic& d : v_.diagnostics())
        if (d.severity != Severity::Ignore) facts_.codes.set(static_cast<std::size_t>(d.code));
    if (!endings_) return;
    const auto set = [&](Ending e) { facts_.endings |= std::uint8_t(1u << static_cast<int>(e)); };
    switch (info.end) {
    case LineEnd::Checkmate: set(Ending::Checkmate); break;
    case LineEnd::Stalemate: set(Ending::Stalemate); break;
    case LineEnd::DeadPosition: set(Ending::Dead); break;
    case LineEnd::SeventyFive: set(Ending::SeventyFive); break;
    case LineEnd::Fivefold: set(Ending::Repetition); break;
    case LineEnd::None: break;
    }
    if (!have_last_) return;
    // The final position's own tests (a line an error stopped ends where it stopped).
    if (chess::is_checkmate(last_)) set(Ending::Checkmate);
    if (chess::is_stalemate(last_)) set(Ending::Stalemate);
    if (chess::fifty_move_claimable(last_)) set(Ending::FiftyMoves);
    if (chess::seventy_five_move_draw(last_)) set(Ending::SeventyFive);
    if (chess::has_insufficient_material(last_)) set(Ending::Insufficient);
    if (std::count(keys_.begin(), keys_.end(), keys_.back()) >= 3) set(Ending::Repetition);
}

} // namespace pgnkit::app
