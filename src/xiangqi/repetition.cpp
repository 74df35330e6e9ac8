/// The repetition rules over a xiangqi main line (xiangqi/repetition.hpp).
#include "pgnkit/xiangqi/repetition.hpp"

#include "pgnkit/xiangqi/movegen.hpp"

#include <cstring>

namespace pgnkit::xiangqi {

namespace {

/// The table's first size (a power of two): a stretch of up to 32 positions; longer ones
/// grow it once per thread.
constexpr std::size_t InitialSlots = 64;

/// Calls f(point) for each point of a set.
template <class F>
void for_each_point(const PointSet& set, F&& f) {
    for (std::uint64_t w = set.lo; w; w &= w - 1) f(Square(__builtin_ctzll(w)));
    for (std::uint64_t w = set.hi; w; w &= w - 1) f(Square(64 + __builtin_ctzll(w)));
}

/// Whether a piece of this kind may be said to chase: the general and soldiers are exempt
/// (docs/GUIDE.md "Xiangqi repetition").
bool may_chase(PieceType t) { return t != PieceType::General && t != PieceType::Soldier; }

/// Whether a piece may be chased: not the general (that is check) nor a soldier on its own
/// half (it has not crossed the river: attacking it is not a chase).
bool may_be_chased(const Position& pos, Square s) {
    const Piece p = pos.piece_on(s);
    const PieceType t = type_of(p);
    if (t == PieceType::General) return false;
    if (t == PieceType::Soldier) return !own_half(color_of(p), s);
    return true;
}

} // namespace

const char* repetition_name(RepetitionKind k) {
    switch (k) {
    case RepetitionKind::Threefold: return "threefold repetition";
    case RepetitionKind::PerpetualCheck: return "perpetual check";
    case RepetitionKind::MutualPerpetualCheck: return "mutual perpetual check";
    case RepetitionKind::PerpetualChase: return "perpetual chase";
    }
    return "repetition";
}

RepetitionReport judge_repetitions(const Position& start, std::span<const Move> moves) {
    thread_local RepetitionJudge judge; // buffers kept from game to game
    return judge.judge(start, moves);
}

RepetitionJudge::RepetitionJudge() : table_(InitialSlots) {}

const RepetitionReport& RepetitionJudge::judge(const Position& start, std::span<const Move> moves) {
    moves_ = moves;
    report_.findings.clear();
    report_.fifty_moves_ply.reset();
    report_.verdict.reset();
    report_.verdict_finding.reset();
    judged_through_ = -1;
    const std::size_t n = moves.size();
    // Grown, never shrunk: a game allocates only when it is the longest yet.
    if (positions_.size() < n + 1) positions_.resize(n + 1);
    if (info_.size() < n + 1) info_.resize(n + 1);

    positions_[0] = start;
    if (start.halfmove_clock() >= 100) report_.fifty_moves_ply = 0;
    start_stretch(0);
    remember(0);
    for (std::size_t k = 1; k <= n; ++k) {
        const Move m = moves[k - 1];
        // A capture starts a stretch: no position before it can stand again (fewer pieces).
        const bool capture = !positions_[k - 1].empty(m.to());
        positions_[k] = positions_[k - 1];
        positions_[k].play(m);
        if (capture) start_stretch(int(k));
        if (!report_.fifty_moves_ply && positions_[k].halfmove_clock() >= 100)
            report_.fifty_moves_ply = int(k);
        remember(int(k));
    }

    // The verdict: the game ends inside the last finding's cycle.
    if (!report_.findings.empty()) {
        const RepetitionFinding& f = report_.findings.back();
        for (int p = int(n); p >= f.first_ply; p = info_[p].previous) {
            if (p <= f.last_ply) {
                report_.verdict_finding = report_.findings.size() - 1;
                if (f.kind == RepetitionKind::PerpetualCheck ||
                    f.kind == RepetitionKind::PerpetualChase)
                    report_.verdict = std::optional<Color>(f.offender);
                else
                    report_.verdict = std::optional<Color>();
                break;
            }
        }
    }
    return report_;
}

void RepetitionJudge::start_stretch(int ply) {
    stretch_start_ = ply;
    used_ = 0;
    if (++stretch_ == 0) { // the counter wrapped: old slots could pass for current ones
        for (Slot& s : table_) s = Slot{};
        stretch_ = 1;
    }
}

RepetitionJudge::Slot& RepetitionJudge::slot_of(std::uint64_t key) {
    // Linear probing; the table is at most half full, so an empty slot is near.
    const std::size_t mask = table_.size() - 1;
    for (std::size_t i = key & mask;; i = (i + 1) & mask) {
        Slot& s = table_[i];
        if (s.stretch != stretch_ || s.key == key) return s;
    }
}

bool RepetitionJudge::same_position(int a, int b) const {
    const Position &x = positions_[a], &y = positions_[b];
    return x.side_to_move() == y.side_to_move() &&
           std::memcmp(x.board(), y.board(), sizeof(Piece) * Points) == 0;
}

void RepetitionJudge::remember(int ply) {
    const std::uint64_t key = positions_[ply].key();
    Slot* slot = &slot_of(key);
    PlyInfo& info = info_[ply];
    info = PlyInfo{-1, 1, ply};
    if (slot->stretch == stretch_) {
        const int j = slot->ply;
        slot->ply = ply;
        // Equal keys, and (confirmed) equal positions; a key collision is taken as a new
        // position, forgetting the older one.
        if (!same_position(j, ply)) return;
        info = PlyInfo{j, info_[j].count + 1, info_[j].first};
        if (info.count == 3 && info.first > judged_through_) add_finding(ply);
        return;
    }
    if (2 * (used_ + 1) > int(table_.size())) {
        grow_table(ply);
        slot = &slot_of(key);
    }
    *slot = Slot{key, stretch_, ply};
    ++used_;
}

void RepetitionJudge::grow_table(int ply) {
    table_.assign(table_.size() * 2, Slot{});
    // The stretch's plies again, in order, so each key keeps its last ply.
    used_ = 0;
    for (int p = stretch_start_; p < ply; ++p) {
        Slot& s = slot_of(positions_[p].key());
        if (s.stretch != stretch_) ++used_;
        s = Slot{positions_[p].key(), stretch_, p};
    }
}

void RepetitionJudge::add_finding(int ply) {
    const int second = info_[ply].previous, first = info_[second].previous;
    RepetitionFinding f = classify(first, ply);
    f.plies = {first, second, ply};
    report_.findings.push_back(std::move(f));
    // The cycle's other positions will reach their third time too: one finding per cycle.
    judged_through_ = ply;
}

RepetitionFinding RepetitionJudge::classify(int first, int last) const {
    RepetitionFinding f;
    f.first_ply = first;
    f.last_ply = last;
    f.kind = RepetitionKind::Threefold;
    f.offender = positions_[last].side_to_move();
    // Perpetual check: every move of a side in the cycle gives check.
    bool checks_all[2] = {true, true};
    for (int k = first + 1; k <= last; ++k) {
        const Color mover = positions_[k - 1].side_to_move();
        if (checks_all[idx(mover)] && !positions_[k].in_check()) checks_all[idx(mover)] = false;
    }
    if (checks_all[0] && checks_all[1]) {
        f.kind = RepetitionKind::MutualPerpetualCheck;
        f.offender = positions_[last - 1].side_to_move();
        return f;
    }
    for (Color c : {Color::Red, Color::Black}) {
        if (!checks_all[idx(c)]) continue;
        f.kind = RepetitionKind::PerpetualCheck;
        f.offender = c;
        return f;
    }
    // Perpetual chase by one side only (both chasing is a draw: reported as Threefold).
    const std::optional<Square> red = chased_throughout(Color::Red, first, last);
    const std::optional<Square> black = chased_throughout(Color::Black, first, last);
    if (red.has_value() != black.has_value()) {
        f.kind = RepetitionKind::PerpetualChase;
        f.offender = red ? Color::Red : Color::Black;
        f.chased = red ? *red : *black;
    }
    return f;
}

std::optional<Square> RepetitionJudge::chased_throughout(Color chaser, int first, int last) const {
    // The other side's pieces at the cycle start, followed through its moves (no capture in a
    // cycle: its first and last positions have the same pieces); a piece stays a candidate
    // while every move of the chaser chases it.
    struct Candidate {
        Square origin, now;
        bool alive;
    };
    Candidate cand[16];
    int count = 0;
    for_each_point(positions_[first].pieces(~chaser), [&](Square s) {
        if (count < 16 && may_be_chased(positions_[first], s)) cand[count++] = {s, s, true};
    });
    int alive = count;
    for (int k = first + 1; k <= last && alive > 0; ++k) {
        const Move m = moves_[k - 1];
        if (positions_[k - 1].side_to_move() != chaser) {
            for (int i = 0; i < count; ++i)
                if (cand[i].now == m.from()) cand[i].now = m.to();
            continue;
        }
        for (int i = 0; i < count; ++i) {
            if (!cand[i].alive || chases(k, cand[i].now)) continue;
            cand[i].alive = false;
            --alive;
        }
    }
    for (int i = 0; i < count; ++i)
        if (cand[i].alive) return cand[i].origin;
    return std::nullopt;
}

bool RepetitionJudge::chases(int ply, Square target) const {
    // The move of ply `ply` chases the piece on `target` when, after it, a piece of the mover
    // (not its general nor a soldier) could take it legally on its next move, could not
    // before this move, cannot itself be taken by the chased piece, and the chased piece is
    // unprotected (no legal recapture) or is a chariot attacked by a horse or a cannon. A
    // capture the move only unpins is not a chase.
    const Position& before = positions_[ply - 1];
    const Position& after = positions_[ply];
    const Move m = moves_[ply - 1];
    const Color chaser = before.side_to_move();
    if (!may_be_chased(after, target)) return false;
    const Position threat = after.after(Move::null()); // the chaser to move again
    const PieceType chased_type = type_of(after.piece_on(target));
    bool chased = false;
    for_each_point(after.pieces(chaser), [&](Square a) {
        if (chased) return;
        const PieceType t = type_of(after.piece_on(a));
        if (!may_chase(t) || !threat.is_legal(Move(a, target))) return;
        const Square was = a == m.to() ? m.from() : a;
        // A threat that was there already, even if a pin held it back, was not made now.
        if (before.is_pseudo_legal(Move(was, target))) return;
        if (after.is_legal(Move(target, a))) return; // mutual attack: an offer, not a chase
        if (chased_type == PieceType::Chariot &&
            (t == PieceType::Horse || t == PieceType::Cannon)) {
            chased = true;
            return;
        }
        const Position taken = threat.after(Move(a, target));
        for (Move reply : legal_moves(taken))
            if (reply.to() == target) return; // protected
        chased = true;
    });
    return chased;
}

} // namespace pgnkit::xiangqi
