/// GameValidator's replay: the start of the main line, every move of every line played on
/// its position (the slow paths of move(): validator.hpp has the usual move inline), the
/// repetition history, the ends of a line by rule, and the variations.

#include "pgnkit/check/validator.hpp"
#include "pgnkit/chess/detail/san_fast.hpp"
#include "pgnkit/chess/movegen.hpp"
#include "pgnkit/chess/outcome.hpp"
#include "pgnkit/chess/san.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace pgnkit {

using namespace chess;

bool GameValidator::end_tags() {
    if (opts_.detect_xiangqi && tagged_xiangqi()) {
        // Another game: the caller reads it again with xiangqi's replay. What the reader
        // said of its tags is said again there.
        xiangqi_ = skip_ = true;
        diags_.clear();
        errors_ = 0;
        return true;
    }
    check_tags();
    skip_ = !setup_start();
    info_.replayed = !skip_;
    if (!skip_) {
        if (frames_.empty()) frames_.resize(1);
        Frame& f = frames_[0];
        f.reset_state();
        f.pos = start_;
        depth_ = 1;
        update_line();
        history_.push_back(start_.repetition_key());
        if (listener_) listener_->on_start(start_);
        // A set-up position can already be over (FIDE 5.1.1, 5.2.1, 5.2.2).
        if (start_.in_check() && !has_legal_move(start_))
            f.stop.ended = true, f.end = LineEnd::Checkmate;
        else if (has_insufficient_material(start_))
            f.stop.ended = true, f.end = LineEnd::DeadPosition;
        else if (start_.halfmove_clock() >= 150) {
            // 75 moves without a capture or pawn move already (FIDE 9.6.2); before July 2014
            // the game went on under the rules of its time (see played()).
            if (date_ > 0 && date_ < 20140701)
                f.stop.historic_draw = LineEnd::SeventyFive;
            else
                f.stop.ended = true, f.end = LineEnd::SeventyFive;
        }
    }
    return false;
}

int GameValidator::repetitions(const Frame& f) const {
    // Positions repeat only since the last capture or pawn move (the halfmove clock's plies
    // back), with the same side to move. (A castling right lost since then needs no bound of
    // its own: the keys before it differ in the rights.)
    const std::uint64_t key = history_.back();
    int count = 1;
    const std::size_t last = history_.size() - 1;
    const std::size_t lo = last - std::min(last, std::size_t(f.pos.halfmove_clock()));
    for (std::size_t i = last; i >= lo + 2;) {
        i -= 2;
        if (history_[i] == key) ++count;
    }
    return count;
}

void GameValidator::line_end(Frame& f) {
    const Position& p = f.pos;
    const unsigned halfmove = unsigned(p.halfmove_clock());
    LineEnd end = LineEnd::None;
    const bool heavy =
        (p.pieces(PieceType::Pawn) | p.pieces(PieceType::Rook) | p.pieces(PieceType::Queen)) != 0;
    if (p.in_check()) {
        // Whether a check is mate is decided only when it matters (decide_check): usually
        // the line's next move is legal, and then it is not. Only when nothing below would
        // happen if it were not mate (no end of the line, no claim), so that either way the
        // outcome is the same as deciding now; and not for a listener, which hears now
        // whether the move's suffix is right.
        if (listener_ == nullptr && heavy &&
            (halfmove < 8 || (halfmove < 100 && repetitions(f) < 3))) {
            f.check_pending = true;
            return;
        }
        if (!has_legal_move(p)) end = LineEnd::Checkmate;
    }
    if (end != LineEnd::None) {
        // checkmate: nothing else counts
    } else if (!heavy && has_insufficient_material(p)) {
        // Only minor pieces and kings left (rare, so well predicted). Material becomes
        // insufficient only by a capture or a promotion, and the line ends there, so testing
        // after every move finds the same positions as testing after those.
        end = LineEnd::DeadPosition;
    } else if (halfmove >= 150) {
        end = LineEnd::SeventyFive;
    } else if (halfmove >= 8) {
        int reps = repetitions(f);
        if (reps >= 5)
            end = LineEnd::Fivefold;
        else if (reps >= 3 && depth_ == 1 && !claim_reported_) {
            claim_reported_ = true;
            add(Code::DrawClaimable, first_move_loc_,
                fmt::format("threefold repetition could be claimed after ply {}", f.ply), {},
                nullptr, f.ply);
        }
    }
    if (end == LineEnd::None && halfmove == 100 && depth_ == 1 && !claim_reported_) {
        claim_reported_ = true;
        add(Code::DrawClaimable, first_move_loc_,
            fmt::format("the 50-move rule could be claimed after ply {}", f.ply), {}, nullptr,
            f.ply);
    }
    if ((end == LineEnd::Fivefold || end == LineEnd::SeventyFive) && date_ > 0 &&
        date_ < 20140701) {
        if (f.stop.historic_draw == LineEnd::None) f.stop.historic_draw = end;
        end = LineEnd::None;
    }
    if (end != LineEnd::None) {
        f.stop.ended = true;
        f.end = end;
    }
}

void GameValidator::move_general(Frame& f, std::string_view text, const TokenPlace& loc) {
    if (f.check_pending) {
        // As move() would have done had the check been decided when it was given.
        decide_check(f);
        if (f.stop.any() && move_blocked(f, text, loc)) return;
    }
    // parse_san + resolve_san(f.pos, san, false) in one pass, filling `r` in place.
    // +/# correctness is checked by replay() on the position played. A token that does not
    // parse is never resolved (r.ok is false).
    chess::San san;
    chess::SanResolution r;
    const bool parsed = chess::parse_resolve_san(f.pos, text, san_opts_, san, r);
    if (!r.ok) {
        move_not_played(f, text, loc, parsed, r);
        return;
    }
    if ((r.move.is_null() || r.liberties) && !move_notes(f, text, loc, r)) return;
    replay(
        f, r.move, text, loc,
        (san.mate    ? WrittenMate
         : san.check ? WrittenCheck
                     : 0u) |
            (r.liberties != 0 || san.suffix_nag != 0 || r.move.is_null() ? WrittenNotPlain : 0u) |
            (r.move.is_null() ? WrittenNull : 0u));
}

void GameValidator::replayed_rare(Frame& f, chess::Move m, std::string_view text,
                                  const TokenPlace& loc, unsigned written) {
    if (f.expect_number) { // a wrong number before this move (move_number())
        wrong_move_number(f);
        f.expect_number = 0;
    }
    played(f);
    last_replayed_ = true;
    last_move_ = m;
    const bool check = f.pos.in_check();
    // The suffix the move needs, as `written` codes it (the usual move gives no check).
    const unsigned needed = check ? check_needs(f, text, loc, written) : 0u;
    const bool mate = needed == WrittenMate;
    const bool suffix_ok = (written & 3u) == needed || (written & WrittenNull);
    if (listener_) {
        const SourceLocation& l = loc;
        listener_->on_move(ReplayedMove{f.before_pos(), m, f.pos, text, l, f.ply, int(depth_) - 1,
                                        suffix_ok && !(written & WrittenNotPlain)});
    }
    if (!suffix_ok) wrong_suffix(f, text, loc, mate, check);
}

bool GameValidator::move_blocked(Frame& f, std::string_view text, const SourceLocation& loc) {
    if (f.stop.dead) return true;
    if (f.stop.ended) {
        static constexpr std::string_view why[] = {"",
                                                   "checkmate",
                                                   "stalemate",
                                                   "a dead position (insufficient material)",
                                                   "the 75-move rule",
                                                   "fivefold repetition"};
        if (is_ep_suffix_token(text)) return true;
        add(Code::MoveAfterGameEnd, loc,
            fmt::format("'{}': the game had already ended by {}", text,
                        why[static_cast<int>(f.end)]),
            text, &f.pos, f.ply + 1);
        f.stop.dead = true;
        return true;
    }
    if (f.stop.historic_draw != LineEnd::None && !f.historic_reported) {
        // Fivefold repetition and the 75-move rule end games automatically only since the
        // FIDE Laws of 1 July 2014 (9.6); an older game went on under the rules of its time.
        f.historic_reported = true;
        add(Code::MoveAfterPre2014Draw, loc,
            fmt::format(
                "'{}': the game continues after {}, an automatic draw only since 1 July 2014; "
                "this game is older",
                text,
                f.stop.historic_draw == LineEnd::Fivefold ? "fivefold repetition"
                                                          : "the 75-move rule"),
            text, &f.pos, f.ply + 1);
    }
    return false;
}

void GameValidator::move_not_played(Frame& f, std::string_view text, const SourceLocation& loc,
                                    bool parsed, const SanResolution& r) {
    if (!parsed && is_ep_suffix_token(text)) {
        add(Code::EnPassantSuffix, loc, "en-passant capture marked with a separate 'e.p.'", text);
        return;
    }
    if (r.error != SanError::Syntax && !f.pos.in_check() && !has_legal_move(f.pos)) {
        f.stop.ended = true;
        f.end = LineEnd::Stalemate;
        add(Code::MoveAfterGameEnd, loc,
            fmt::format("'{}': the game had already ended by stalemate", text), text, &f.pos,
            f.ply + 1);
    } else {
        report_illegal(f, text, loc,
                       r.error == SanError::Syntax      ? 0
                       : r.error == SanError::Ambiguous ? 2
                                                        : 1,
                       r.candidates);
    }
    f.stop.dead = true;
}

bool GameValidator::move_notes(Frame& f, std::string_view text, const SourceLocation& loc,
                               const SanResolution& r) {
    if (r.move.is_null()) {
        if (f.pos.in_check()) {
            add(Code::IllegalMove, loc, fmt::format("null move '{}' while in check", text), text,
                &f.pos, f.ply + 1);
            f.stop.dead = true;
            return false;
        }
        add(Code::NullMove, loc, fmt::format("null move '{}' (the turn passes)", text), text,
            &f.pos, f.ply + 1);
    }
    if (r.liberties) {
        auto lib = [&](std::uint16_t bit, Code code, std::string_view what) {
            if (r.liberties & bit)
                add(code, loc, fmt::format("'{}': {}", text, what), text, &f.pos, f.ply + 1);
        };
        lib(LibCastlingZeros, Code::CastlingZeros, "castling written with zeros or lower case");
        lib(LibPromotionForm, Code::PromotionForm, "promotion written without '='");
        lib(LibEnPassantSuffix, Code::EnPassantSuffix, "en-passant capture marked 'e.p.'");
        lib(LibOverDisambiguated, Code::NonCanonicalSan, "more disambiguation than needed");
        lib(LibMissingCapture, Code::NonCanonicalSan, "capture written without 'x'");
        lib(LibSpuriousCapture, Code::NonCanonicalSan, "'x' on a move that captures nothing");
        lib(LibPieceLowercase, Code::NonCanonicalSan, "piece letter in lower case");
        lib(LibPawnLetter, Code::NonCanonicalSan, "pawn move written with 'P'");
        lib(LibLongAlgebraic, Code::LongAlgebraic, "long algebraic notation");
        lib(LibUci, Code::LongAlgebraic, "UCI coordinate notation");
        lib(LibFigurine, Code::Figurine, "figurine piece symbol");
    }
    return true;
}

void GameValidator::wrong_move_number(const Frame& f) {
    // Once per game: a FEN whose move number is off makes every number of the game wrong
    // (end_game() says how many more there were).
    if (move_number_diag_ != -1) {
        ++more_move_numbers_;
        return;
    }
    const std::size_t first = diags_.size();
    const chess::Position& before = f.before_pos();
    int want = before.fullmove_number();
    if (f.expect_number != want)
        add(Code::MoveNumber, f.number_loc,
            fmt::format("move number {} but the position is at move {}", f.expect_number, want), {},
            &before, f.ply + 1);
    else
        add(Code::MoveNumber, f.number_loc,
            fmt::format("'{}...' before a white move", f.expect_number), {}, &before, f.ply + 1);
    move_number_diag_ = diags_.size() > first ? int(first) : -2; // -2: reported, not kept
}

void GameValidator::wrong_suffix(const Frame& f, std::string_view text, const SourceLocation& loc,
                                 bool mate, bool check) {
    add(Code::CheckSuffix, loc,
        fmt::format("'{}': {}", text,
                    mate    ? "checkmate not marked '#'"
                    : check ? "check not marked '+'"
                            : "marked as check but gives no check"),
        text, &f.before_pos(), f.ply);
}

bool GameValidator::decide_mate(Frame& f) {
    f.check_pending = false;
    if (has_legal_move(f.pos)) return false;
    f.stop.ended = true;
    f.end = LineEnd::Checkmate;
    return true;
}

unsigned GameValidator::check_needs(Frame& f, std::string_view text, const SourceLocation& loc,
                                    unsigned written) {
    if (f.check_pending) {
        // Written '+': right unless it is mate, which decide_check() finds out if the line
        // ends here. Else whether it is mate decides the message now.
        if ((written & 3u) == WrittenCheck) {
            f.check_text = text;
            copy_location(f.check_loc, loc);
        } else {
            decide_mate(f);
        }
    }
    return f.end == LineEnd::Checkmate ? WrittenMate : WrittenCheck;
}

void GameValidator::decide_check(Frame& f) {
    if (decide_mate(f)) wrong_suffix(f, f.check_text, f.check_loc, true, true);
}

void GameValidator::begin_variation(const SourceLocation& loc) {
    if (skip_) return;
    decide_pending();
    if (skipped_depth_ || depth_ == 0) {
        ++skipped_depth_;
        update_line();
        return;
    }
    if (depth_ > std::size_t(opts_.max_variation_depth)) {
        if (skipped_depth_ == 0)
            add(Code::Oversized, loc,
                fmt::format("variations nested deeper than {} are not replayed",
                            opts_.max_variation_depth));
        ++skipped_depth_;
        update_line();
        return;
    }
    if (frames_.size() <= depth_) frames_.resize(depth_ * 2);
    Frame& parent = frames_[depth_ - 1];
    Frame& v = frames_[depth_];
    v.stop.dead = parent.stop.dead || !parent.has_before;
    v.stop.ended = false;
    v.end = LineEnd::None;
    v.has_before = v.before_stale = false;
    v.expect_number = 0;
    v.popped = false;
    v.stop.historic_draw = LineEnd::None;
    v.historic_reported = false;
    v.check_pending = false;
    if (!parent.has_before && !parent.stop.dead)
        add(Code::UnexpectedText, loc,
            "variation before the first move: nothing to replace; not replayed");
    if (!v.stop.dead) {
        v.pos = parent.before_pos();
        v.ply = parent.ply - 1;
        v.popped_key = history_.back();
        history_.pop_back();
        v.popped = true;
    } else {
        v.ply = parent.ply;
    }
    v.hist_begin = history_.size();
    ++depth_;
    update_line();
}

void GameValidator::end_variation(const SourceLocation& loc) {
    if (skip_) return;
    if (skipped_depth_) {
        --skipped_depth_;
        update_line();
        return;
    }
    if (depth_ <= 1) return;
    Frame& v = frames_[depth_ - 1];
    if (v.check_pending) decide_check(v);
    if (!v.stop.dead && !v.has_before && !v.stop.ended)
        add(Code::EmptyVariation, loc, "variation without moves");
    history_.resize(v.hist_begin);
    if (v.popped) history_.push_back(v.popped_key);
    --depth_;
    update_line();
}

} // namespace pgnkit
