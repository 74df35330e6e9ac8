/// GameValidator's checks at the game's end: the termination marker against the Result tag
/// and against how the main line ended (checkmate, a draw by rule, a win on time against a
/// side that cannot mate), and the PlyCount tag against the main line.

#include "pgnkit/check/detail/tag_values.hpp"
#include "pgnkit/check/validator.hpp"
#include "pgnkit/chess/movegen.hpp"
#include "pgnkit/chess/outcome.hpp"

#include <fmt/format.h>

namespace pgnkit {

using namespace chess;
using pgnkit::detail::is_result_value;
using pgnkit::detail::says_time_forfeit;

void GameValidator::result(std::string_view text, const SourceLocation& loc) {
    result_marker_ = std::string(normalize_result(text));
    copy_location(result_loc_, loc);
}

void GameValidator::check_result() {
    info_.result_marker = result_marker_;
    const std::string_view result_tag = tag_text_[TextResult];
    if (has_result_tag_ && !result_marker_.empty() && is_result_value(result_tag) &&
        result_tag != result_marker_)
        add(Code::ResultMismatch, result_loc_,
            fmt::format("the Result tag says '{}' but the movetext ends with '{}'", result_tag,
                        result_marker_),
            result_marker_);
    if (skip_ || depth_ == 0) return;
    Frame& f = frames_[0];
    if (f.stop.dead) return;
    std::string_view r = !result_marker_.empty()       ? std::string_view(result_marker_)
                         : is_result_value(result_tag) ? result_tag
                                                       : std::string_view();
    if (!f.stop.ended && !f.pos.in_check() && !has_legal_move(f.pos)) {
        f.stop.ended = true;
        f.end = LineEnd::Stalemate;
    }
    info_.end = f.end;
    const Position& p = f.pos;
    if (f.end == LineEnd::Checkmate)
        info_.decided_result = p.side_to_move() == Color::White ? "0-1" : "1-0";
    else if (f.end != LineEnd::None)
        info_.decided_result = "1/2-1/2";
    SourceLocation at = result_marker_.empty() ? result_tag_loc_ : result_loc_;
    if (r.empty()) return;
    if (r == "*" && f.end != LineEnd::None) {
        // '*' records no result (puzzle and study databases end their games so): the rules
        // decided it, the moves are legal; worth a warning, not an invalid game.
        static constexpr std::string_view how[] = {"",
                                                   "",
                                                   "stalemate",
                                                   "a dead position (insufficient material)",
                                                   "the 75-move rule",
                                                   "fivefold repetition"};
        const std::string_view decided = f.end == LineEnd::Checkmate
                                             ? (p.side_to_move() == Color::White ? "0-1" : "1-0")
                                             : "1/2-1/2";
        add(Code::UnrecordedResultAtEnd, at,
            f.end == LineEnd::Checkmate
                ? fmt::format("result '*' (not recorded) but {} is checkmated: the result is {}",
                              p.side_to_move() == Color::White ? "White" : "Black", decided)
                : fmt::format("result '*' (not recorded) but the game ended in a draw by {}: the "
                              "result is 1/2-1/2",
                              how[static_cast<int>(f.end)]),
            r, &p, f.ply);
        return;
    }
    if (f.end == LineEnd::Checkmate) {
        std::string_view want = p.side_to_move() == Color::White ? "0-1" : "1-0";
        if (r != want)
            add(Code::ResultContradictsPosition, at,
                fmt::format("result '{}' but {} is checkmated (the result is {})", r,
                            p.side_to_move() == Color::White ? "White" : "Black", want),
                r, &p, f.ply);
        return;
    }
    if (f.end != LineEnd::None) {
        static constexpr std::string_view why[] = {"",
                                                   "",
                                                   "stalemate",
                                                   "a dead position (insufficient material)",
                                                   "the 75-move rule",
                                                   "fivefold repetition"};
        if (r != "1/2-1/2")
            add(Code::ResultContradictsPosition, at,
                fmt::format("result '{}' but the game ended in a draw by {}", r,
                            why[static_cast<int>(f.end)]),
                r, &p, f.ply);
        return;
    }
    // FIDE 6.9: a player who oversteps the time loses, unless the opponent cannot mate
    // by any series of legal moves — then the game is drawn.
    if (r != "1-0" && r != "0-1") return;
    if (says_time_forfeit(tag_text_[TextTermination])) {
        Color winner = r == "1-0" ? Color::White : Color::Black;
        if (!can_ever_mate(p, winner))
            add(Code::ResultContradictsPosition, at,
                fmt::format("'{}' on time, but {} cannot checkmate with the material left: a draw "
                            "(FIDE 6.9)",
                            r, winner == Color::White ? "White" : "Black"),
                r, &p, f.ply);
    }
}
void GameValidator::check_plycount() {
    // PlyCount is the main line's number of plies (PGN standard §9.2.1); only a main line that
    // was replayed to its end is counted (an error that stopped it is reported already).
    if (plycount_tag_ < 0 || skip_ || depth_ == 0 || frames_[0].stop.dead) return;
    const int plies = frames_[0].ply;
    if (plycount_tag_ != plies)
        add(Code::PlyCountMismatch, plycount_loc_,
            pgnkit::detail::plycount_mismatch_message(plycount_tag_, plies), {}, nullptr, plies);
}

} // namespace pgnkit
