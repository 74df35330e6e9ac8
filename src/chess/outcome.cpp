#include "pgnkit/chess/outcome.hpp"

#include "pgnkit/chess/movegen.hpp"

namespace pgnkit::chess {

bool is_checkmate(const Position& pos) { return pos.in_check() && !has_legal_move(pos); }

bool is_stalemate(const Position& pos) { return !pos.in_check() && !has_legal_move(pos); }

bool can_ever_mate(const Position& pos, Color c) {
    const Bitboard ours = pos.pieces(c), theirs = pos.pieces(~c);
    if (ours &
        (pos.pieces(PieceType::Pawn) | pos.pieces(PieceType::Rook) | pos.pieces(PieceType::Queen)))
        return true;
    const Bitboard knights = pos.pieces(c, PieceType::Knight);
    const Bitboard bishops = pos.pieces(PieceType::Bishop); // both sides
    if (knights) {
        // K+N: a mate needs the losing king hemmed in by its own pieces; only a queen (or
        // nothing) on that side means the checking knight can always be taken.
        if (popcount(ours) > 2) return true; // a second knight, or a bishop
        return (theirs & ~pos.pieces(PieceType::King) & ~pos.pieces(PieceType::Queen)) != 0;
    }
    if (pos.pieces(c, PieceType::Bishop)) {
        // Bishops of one colour never attack the other colour: the losing king's neighbours of
        // that colour must be blocked by its own pieces that cannot interpose or capture. Pawns
        // and knights (either side) or a bishop on the other colour make that possible.
        const bool one_colour = !(bishops & DarkSquares) || !(bishops & ~DarkSquares);
        return !one_colour || pos.pieces(PieceType::Pawn) || pos.pieces(PieceType::Knight);
    }
    return false; // bare king
}

bool has_insufficient_material(const Position& pos) {
    return !can_ever_mate(pos, Color::White) && !can_ever_mate(pos, Color::Black);
}

bool seventy_five_move_draw(const Position& pos) {
    return pos.halfmove_clock() >= 150 && !is_checkmate(pos);
}

void RepetitionHistory::push(const Position& pos) {
    // A capture or pawn move (halfmove clock 0) changes material or pawn structure for good, so
    // no position before it can be identical to one after it (FIDE 9.2.2).
    if (pos.halfmove_clock() == 0) keys_.clear();
    keys_.push_back(pos.repetition_key());
}

int RepetitionHistory::count_key(std::uint64_t key) const {
    int n = 0;
    for (std::uint64_t k : keys_) n += k == key;
    return n;
}

std::string_view outcome_name(Outcome o) {
    switch (o) {
    case Outcome::None: return "none";
    case Outcome::Checkmate: return "checkmate";
    case Outcome::Stalemate: return "stalemate";
    case Outcome::InsufficientMaterial: return "insufficient-material";
    case Outcome::SeventyFiveMoves: return "seventy-five-moves";
    case Outcome::FivefoldRepetition: return "fivefold-repetition";
    }
    return "none";
}

Outcome automatic_outcome(const Position& pos, const RepetitionHistory& history) {
    if (!has_legal_move(pos)) return pos.in_check() ? Outcome::Checkmate : Outcome::Stalemate;
    if (has_insufficient_material(pos)) return Outcome::InsufficientMaterial;
    if (pos.halfmove_clock() >= 150) return Outcome::SeventyFiveMoves; // not mate: tested above
    if (history.fivefold(pos)) return Outcome::FivefoldRepetition;
    return Outcome::None;
}

} // namespace pgnkit::chess
