#include "pgnkit/cmd/filter/game_facts.hpp"

#include "pgnkit/chess/outcome.hpp"

#include <algorithm>

namespace pgnkit::app {

void FactsVisitor::begin_game(const GameSpan& s) {
    facts_ = GameFacts{};
    span_ = &s;
    replay_ = wanted_.replay;
    mark_next_ = false;
    depth_ = 0;
    have_last_ = false;
    keys_.clear();
    if (replay_) v_.begin_game(s);
}

bool FactsVisitor::end_tags() {
    if (!replay_) return false;
    const bool skip = v_.end_tags();
    if (const chess::Position* start = v_.current_position()) {
        static const std::uint64_t standard_key = chess::Position::startpos().key();
        facts_.standard_start = start->key() == standard_key;
        if (endings_) main_line_position(*start);
        if (watch_) {
            watch_->begin_game(*start);
            facts_.watched = true;
            mark_next_ = wanted_.mark && any_matched();
        }
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

bool FactsVisitor::any_matched() const {
    for (int i = 0; i < watch_->size(); ++i)
        if (watch_->first_match(i) >= 0) return true;
    return false;
}

void FactsVisitor::note_mark(std::string_view text, const TokenPlace& l, int ply) {
    if (facts_.mark_at >= 0 || !any_matched()) return;
    // Text indices equal input offsets less the span's only in a span without elisions
    // (a game with a part longer than the kept limits is written unmarked).
    if (!span_->elisions.empty() || span_->truncated) return;
    const std::uint64_t at = l.location().offset - span_->offset;
    facts_.mark_at = static_cast<std::int64_t>(at + text.size());
    facts_.mark_ply = ply;
}

void FactsVisitor::move(std::string_view t, const TokenPlace& l) {
    if (!replay_) return;
    if (mark_next_) { // the start position matched: before the first move
        mark_next_ = false;
        if (span_->elisions.empty() && !span_->truncated) {
            facts_.mark_at = static_cast<std::int64_t>(l.location().offset - span_->offset);
            facts_.mark_ply = 0;
        }
    }
    v_.move(t, l);
    if (!v_.last_move_replayed()) return;
    const int ply = v_.last_ply();
    if (watch_ && facts_.watched) {
        watch_->see(v_.last_after(), ply, depth_);
        if (wanted_.mark) note_mark(t, l, ply);
    }
    if (depth_ != 0) return;
    const chess::Move m = v_.last_move();
    if (facts_.first_move_count < wanted_.prefix)
        facts_.first_moves[std::size_t(facts_.first_move_count++)] = m;
    // Only the watch and the prefix need the rest: the replay stops when neither can change.
    if (wanted_.stop_early && facts_.first_move_count >= wanted_.prefix &&
        (!watch_ || !watch_->wants_after(ply))) {
        stop_replay();
        return;
    }
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

void FactsVisitor::stop_replay() {
    replay_ = false;
    stopped_ = true;
}

void FactsVisitor::end_game() {
    if (stopped_) { // the validator's game ends unread: its verdict is not asked for
        stopped_ = false;
        v_.end_game();
        facts_.plies = v_.info().plies;
        facts_.replayed = v_.info().replayed;
        return;
    }
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
