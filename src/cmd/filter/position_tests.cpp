// The key-based position tests (--position, --opening's final position, --hash) and
// PositionWatch. The pattern, material and opening-line parsers have files of their own.

#include "pgnkit/cmd/filter/position_tests.hpp"

#include "pgnkit/chess/fen.hpp"
#include "pgnkit/cmd/filter/criterion_error.hpp"

#include <fmt/format.h>

#include <array>
#include <cstring>
#include <string>

namespace pgnkit::app::filter {

namespace {

/// The en-passant square as FIDE identity counts it: only when a capture there is legal.
chess::Square effective_ep(const chess::Position& pos) {
    return pos.ep_square() != chess::NoSquare && pos.has_legal_ep() ? pos.ep_square()
                                                                    : chess::NoSquare;
}

/// Pawns of colour c on its ranks 2..r (r = 1..6 from c's side), for each r: a pawn only
/// moves forward, so each count can only fall as a game goes on.
std::array<int, 7> pawns_behind(const chess::Position& pos, chess::Color c) {
    std::array<int, 7> out{};
    const chess::Bitboard pawns = pos.pieces(c, chess::PieceType::Pawn);
    int sum = 0;
    for (int r = 1; r <= 6; ++r) {
        sum += chess::popcount(pawns & chess::rank_bb(c == chess::Color::White ? r : 7 - r));
        out[std::size_t(r)] = sum;
    }
    return out;
}

/// Same position by FIDE repetition identity. The 64-bit repetition key is compared first;
/// the board is compared only then, so that a key collision never makes a false match.
class SamePositionTest final : public PositionTest {
  public:
    explicit SamePositionTest(const chess::Position& target)
        : target_(target), key_(target.repetition_key()), ep_(effective_ep(target)) {
        using chess::Color;
        for (Color c : {Color::White, Color::Black}) {
            const int i = chess::idx(c);
            men_[i] = chess::popcount(target.pieces(c));
            behind_[i] = pawns_behind(target, c);
        }
        home_pawns_ = (target.pieces(Color::White, chess::PieceType::Pawn) & chess::rank_bb(1)) |
                      (target.pieces(Color::Black, chess::PieceType::Pawn) & chess::rank_bb(6));
    }

    /// Necessary conditions, each about something a move can only take away: the number of
    /// men of a side (a capture removes one, a promotion keeps the count), the pawns on their
    /// starting squares (no pawn can come back to one), the pawns on each side's ranks up to
    /// r, and the castling rights.
    bool may_follow(const chess::Position& pos) const override {
        using chess::Color;
        const chess::Bitboard home =
            (pos.pieces(Color::White, chess::PieceType::Pawn) & chess::rank_bb(1)) |
            (pos.pieces(Color::Black, chess::PieceType::Pawn) & chess::rank_bb(6));
        if ((home_pawns_ & ~home) || (target_.castling_rights() & ~pos.castling_rights()))
            return false;
        for (Color c : {Color::White, Color::Black}) {
            const int i = chess::idx(c);
            if (chess::popcount(pos.pieces(c)) < men_[i]) return false;
            const auto behind = pawns_behind(pos, c);
            for (std::size_t r = 1; r <= 6; ++r)
                if (behind[r] < behind_[i][r]) return false;
        }
        return true;
    }

    bool matches(const chess::Position& pos) const override {
        if (pos.repetition_key() != key_) return false;
        return pos.side_to_move() == target_.side_to_move() &&
               pos.castling_rights() == target_.castling_rights() &&
               std::memcmp(pos.board(), target_.board(), 64 * sizeof(chess::Piece)) == 0 &&
               effective_ep(pos) == ep_;
    }

  private:
    chess::Position target_;
    std::uint64_t key_;
    chess::Square ep_;
    int men_[2];
    std::array<int, 7> behind_[2];
    chess::Bitboard home_pawns_;
};

class PolyglotKeyTest final : public PositionTest {
  public:
    explicit PolyglotKeyTest(std::uint64_t key) : key_(key) {}
    bool matches(const chess::Position& pos) const override { return pos.key() == key_; }

  private:
    std::uint64_t key_;
};

/// The 1-based column where FEN field `index` (0-based) starts in `fen`, or 1.
std::size_t fen_field_column(std::string_view fen, int index) {
    std::size_t i = 0;
    for (int field = 0;; ++field) {
        while (i < fen.size() && (fen[i] == ' ' || fen[i] == '\t')) ++i;
        if (i >= fen.size()) return fen.size() + 1;
        if (field == index) return i + 1;
        while (i < fen.size() && fen[i] != ' ' && fen[i] != '\t') ++i;
    }
}

int fen_field_index(const std::string& name) {
    static constexpr const char* names[] = {"board",      "side",     "castling",
                                            "en-passant", "halfmove", "fullmove"};
    for (int i = 0; i < 6; ++i)
        if (name == names[i]) return i;
    return 0;
}

} // namespace

std::unique_ptr<PositionTest> position_test_from_fen(std::string_view fen) {
    auto parsed = chess::parse_fen(fen);
    if (!parsed) {
        const chess::FenError& e = parsed.error();
        throw CriterionError(fen_field_column(fen, fen_field_index(e.field)),
                             fmt::format("bad FEN: {}", e.to_string()));
    }
    return position_test_of(parsed->position);
}

std::unique_ptr<PositionTest> position_test_of(const chess::Position& pos) {
    return std::make_unique<SamePositionTest>(pos);
}

std::unique_ptr<PositionTest> polyglot_hash_test(std::string_view hex) {
    std::string_view digits = hex;
    const bool prefixed = digits.size() >= 2 && digits[0] == '0' && (digits[1] | 0x20) == 'x';
    if (prefixed) digits.remove_prefix(2);
    if (digits.empty() || digits.size() > 16 || (!prefixed && digits.size() != 16))
        throw CriterionError(1, "a Polyglot key is 16 hex digits (or 0x and up to 16)");
    std::uint64_t key = 0;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        const char c = digits[i], l = char(c | 0x20);
        int v;
        if (c >= '0' && c <= '9')
            v = c - '0';
        else if (l >= 'a' && l <= 'f')
            v = l - 'a' + 10;
        else
            throw CriterionError(i + 1 + (prefixed ? 2 : 0),
                                 fmt::format("'{}' is not a hex digit", c));
        key = key << 4 | std::uint64_t(v);
    }
    return std::make_unique<PolyglotKeyTest>(key);
}

int PositionWatch::add(std::unique_ptr<PositionTest> test, bool in_variations, int first_ply,
                       int last_ply) {
    entries_.push_back(Entry{std::move(test), in_variations, first_ply, last_ply});
    ++pending_;
    return int(entries_.size() - 1);
}

void PositionWatch::begin_game(const chess::Position& start) {
    for (Entry& e : entries_) {
        e.ply = e.depth = -1;
        e.unreachable = false;
    }
    pending_ = int(entries_.size());
    see(start, 0, 0);
}

void PositionWatch::see(const chess::Position& after, int ply, int depth) {
    if (pending_ == 0) return;
    for (Entry& e : entries_) {
        if (e.ply >= 0 || (depth > 0 && !e.in_variations) || ply > e.last_ply) continue;
        if (depth == 0) {
            if (e.unreachable) continue;
            // Asked only while the test is pending: from here on it cannot hold in this line.
            if (!e.test->may_follow(after)) {
                e.unreachable = true;
                continue;
            }
        }
        if (ply < e.first_ply) continue;
        if (e.test->matches(after)) {
            e.ply = ply;
            e.depth = depth;
            --pending_;
        }
    }
}

bool PositionWatch::wants_after(int ply) const {
    for (const Entry& e : entries_)
        if (e.ply < 0 && (e.in_variations || (!e.unreachable && e.last_ply > ply))) return true;
    return false;
}

} // namespace pgnkit::app::filter
