// pattern_test(): a board pattern in FEN placement shape (grammar in position_tests.hpp).
//
// A rank without '*' fixes what each of its squares may hold; all those squares are folded
// into one "forbidden squares" bitboard per piece (and one for empty squares), so most
// patterns match with 13 ANDs against the position's bitboards. A rank with '*' is matched
// square by square, with the set of reachable files as a bit set (no backtracking).

#include "pgnkit/chess/bitboard.hpp"
#include "pgnkit/cmd/filter/criterion_error.hpp"
#include "pgnkit/cmd/filter/position_tests.hpp"

#include <fmt/format.h>

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace pgnkit::app::filter {

namespace {

using chess::Bitboard;
using chess::Color;
using chess::Piece;
using chess::PieceType;

/// What a square may hold, as a bit per Piece value (Piece::None = 6 = empty).
using SquareSet = std::uint16_t;
constexpr SquareSet EmptyBit = SquareSet(1u << static_cast<int>(Piece::None));
constexpr SquareSet AnyBits = 0x3F7F; // white pieces 0-5, empty 6, black pieces 8-13

SquareSet piece_bit(Piece p) { return SquareSet(1u << static_cast<int>(p)); }

/// The piece a letter names, or Piece::None.
Piece piece_of_letter(char c) {
    const bool white = c >= 'A' && c <= 'Z';
    switch (char(c | 0x20)) {
    case 'p': return chess::make_piece(white ? Color::White : Color::Black, PieceType::Pawn);
    case 'n': return chess::make_piece(white ? Color::White : Color::Black, PieceType::Knight);
    case 'b': return chess::make_piece(white ? Color::White : Color::Black, PieceType::Bishop);
    case 'r': return chess::make_piece(white ? Color::White : Color::Black, PieceType::Rook);
    case 'q': return chess::make_piece(white ? Color::White : Color::Black, PieceType::Queen);
    case 'k': return chess::make_piece(white ? Color::White : Color::Black, PieceType::King);
    default: return Piece::None;
    }
}

/// The same set with the colours swapped.
SquareSet swap_colours(SquareSet s) {
    return SquareSet(((s & 0x3F) << 8) | ((s >> 8) & 0x3F) | (s & EmptyBit));
}

/// One element of a rank: a square that may hold `allowed`, or a run of any squares.
struct Element {
    SquareSet allowed;
    bool any_run;
};

/// A rank with '*': its elements, matched against the rank's 8 squares at run time.
struct StarRank {
    int rank; ///< 0 = the 1st rank
    std::vector<Element> elements;
};

/// One colour orientation of a pattern.
struct CompiledPattern {
    /// Squares where each Piece value (and index 6, empty) may not stand.
    std::array<Bitboard, 16> forbidden{};
    std::vector<StarRank> star_ranks;

    bool matches(const chess::Position& pos) const {
        for (Color c : {Color::White, Color::Black})
            for (int t = 0; t < 6; ++t) {
                const Piece p = chess::make_piece(c, PieceType(t));
                if (pos.pieces(c, PieceType(t)) & forbidden[std::size_t(p)]) return false;
            }
        if (~pos.pieces() & forbidden[static_cast<std::size_t>(Piece::None)]) return false;
        for (const StarRank& r : star_ranks)
            if (!rank_matches(pos, r)) return false;
        return true;
    }

    static bool rank_matches(const chess::Position& pos, const StarRank& r) {
        const Piece* squares = pos.board() + 8 * r.rank;
        unsigned reached = 1; // bit i: the elements so far can cover exactly files 0..i-1
        for (const Element& e : r.elements) {
            if (e.any_run) {
                // Any number of squares more: every bit from the lowest reached one up.
                reached |= ~(reached - 1) & 0x1FF;
                continue;
            }
            unsigned next = 0;
            for (int i = 0; i < 8; ++i)
                if ((reached >> i & 1) && (e.allowed >> static_cast<int>(squares[i]) & 1))
                    next |= 1u << (i + 1);
            reached = next;
            if (!reached) return false;
        }
        return reached >> 8 & 1;
    }
};

/// A parsed rank: its elements and whether it has a '*'.
struct ParsedRank {
    std::vector<Element> elements;
    bool has_run = false;
};

std::array<ParsedRank, 8> parse_ranks(std::string_view pattern) {
    std::array<ParsedRank, 8> ranks; // ranks[0] = the 8th rank, as written first
    int index = 0;
    int squares = 0;
    std::size_t rank_start = 0;
    auto finish_rank = [&](std::size_t at) {
        ParsedRank& r = ranks[std::size_t(index)];
        const int rank_number = 8 - index;
        if (r.elements.empty())
            throw CriterionError(at + 1, fmt::format("rank {} is empty", rank_number));
        if (!r.has_run && squares != 8)
            throw CriterionError(rank_start + 1,
                                 fmt::format("rank {} has {} squares, not 8 (use * for any run)",
                                             rank_number, squares));
    };
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        ParsedRank& r = ranks[std::size_t(index)];
        if (c == '/') {
            finish_rank(i);
            if (++index == 8) throw CriterionError(i + 1, "more than 8 ranks");
            squares = 0;
            rank_start = i + 1;
            continue;
        }
        const int before = squares;
        if (c >= '1' && c <= '8') {
            for (int k = 0; k < c - '0'; ++k) r.elements.push_back({EmptyBit, false});
            squares += c - '0';
        } else if (c == '?') {
            r.elements.push_back({AnyBits, false});
            ++squares;
        } else if (c == '!') {
            r.elements.push_back({EmptyBit, false});
            ++squares;
        } else if (c == '*') {
            r.elements.push_back({0, true});
            r.has_run = true;
        } else if (c == '[') {
            const std::size_t close = pattern.find(']', i);
            if (close == std::string_view::npos) throw CriterionError(i + 1, "'[' without its ']'");
            if (close == i + 1) throw CriterionError(i + 1, "empty class []");
            SquareSet set = 0;
            for (std::size_t k = i + 1; k < close; ++k) {
                const Piece p = piece_of_letter(pattern[k]);
                if (pattern[k] == '!')
                    set |= EmptyBit;
                else if (p != Piece::None)
                    set |= piece_bit(p);
                else
                    throw CriterionError(
                        k + 1,
                        fmt::format(
                            "'{}' in a class is no piece letter (KQRBNP, kqrbnp or ! for empty)",
                            pattern[k]));
            }
            r.elements.push_back({set, false});
            ++squares;
            i = close;
        } else if (const Piece p = piece_of_letter(c); p != Piece::None) {
            r.elements.push_back({piece_bit(p), false});
            ++squares;
        } else if (c == ' ') {
            throw CriterionError(i + 1, "a pattern is the board part of a FEN only (no side to "
                                        "move, castling …)");
        } else {
            throw CriterionError(
                i + 1,
                fmt::format("'{}' is not a pattern character (pieces, 1-8, ?, !, *, [..], /)", c));
        }
        if (squares > 8 && before <= 8)
            throw CriterionError(i + 1, fmt::format("rank {} has more than 8 squares", 8 - index));
    }
    finish_rank(pattern.size());
    if (index != 7)
        throw CriterionError(pattern.size() + 1,
                             fmt::format("a pattern has 8 ranks, this one {}", index + 1));
    return ranks;
}

/// The pattern compiled for one orientation; `swapped`: colours swapped and ranks mirrored.
CompiledPattern compile(const std::array<ParsedRank, 8>& ranks, bool swapped) {
    CompiledPattern out;
    for (int written = 0; written < 8; ++written) {
        const ParsedRank& r = ranks[std::size_t(written)];
        const int rank = swapped ? written : 7 - written;
        if (r.has_run) {
            StarRank star{rank, r.elements};
            if (swapped)
                for (Element& e : star.elements) e.allowed = swap_colours(e.allowed);
            out.star_ranks.push_back(std::move(star));
            continue;
        }
        for (int file = 0; file < 8; ++file) {
            SquareSet allowed = r.elements[std::size_t(file)].allowed;
            if (swapped) allowed = swap_colours(allowed);
            for (int v = 0; v < 16; ++v)
                if (!(allowed >> v & 1))
                    out.forbidden[std::size_t(v)] |= chess::bb(chess::make_square(file, rank));
        }
    }
    return out;
}

class PatternTest final : public PositionTest {
  public:
    PatternTest(CompiledPattern pattern, std::optional<CompiledPattern> swapped)
        : pattern_(std::move(pattern)), swapped_(std::move(swapped)) {}
    bool matches(const chess::Position& pos) const override {
        return pattern_.matches(pos) || (swapped_ && swapped_->matches(pos));
    }

  private:
    CompiledPattern pattern_;
    std::optional<CompiledPattern> swapped_;
};

} // namespace

std::unique_ptr<PositionTest> pattern_test(std::string_view pattern, bool either_colour) {
    if (pattern.empty()) throw CriterionError(1, "empty pattern");
    const auto ranks = parse_ranks(pattern);
    std::optional<CompiledPattern> swapped;
    if (either_colour) swapped = compile(ranks, true);
    return std::make_unique<PatternTest>(compile(ranks, false), std::move(swapped));
}

} // namespace pgnkit::app::filter
