// material_test(): a material signature such as "KRP:KR" (grammar in position_tests.hpp).

#include "pgnkit/chess/bitboard.hpp"
#include "pgnkit/cmd/filter/criterion_error.hpp"
#include "pgnkit/cmd/filter/position_tests.hpp"

#include <fmt/format.h>

#include <array>
#include <string>

namespace pgnkit::app::filter {

namespace {

using chess::Color;
using chess::PieceType;

/// Pieces per side, pawn to queen (the king is always there).
using Counts = std::array<int, 5>;

class MaterialTest final : public PositionTest {
  public:
    MaterialTest(const Counts& white, const Counts& black, bool exact, bool either_colour)
        : white_(white), black_(black), exact_(exact), either_colour_(either_colour) {}

    bool matches(const chess::Position& pos) const override {
        return fits(pos, white_, black_) || (either_colour_ && fits(pos, black_, white_));
    }

    /// A side's pawns and its men in all can only fall (a promotion turns a pawn into another
    /// man): fewer than the signature asks, and no later position fits it.
    bool may_follow(const chess::Position& pos) const override {
        return may_fit(pos, white_, black_) || (either_colour_ && may_fit(pos, black_, white_));
    }

  private:
    static bool may_fit(const chess::Position& pos, const Counts& white, const Counts& black) {
        for (Color c : {Color::White, Color::Black}) {
            const Counts& need = c == Color::White ? white : black;
            int men = 1; // the king
            for (int n : need) men += n;
            if (chess::popcount(pos.pieces(c, PieceType::Pawn)) < need[0] ||
                chess::popcount(pos.pieces(c)) < men)
                return false;
        }
        return true;
    }

    bool fits(const chess::Position& pos, const Counts& white, const Counts& black) const {
        for (int t = 0; t < 5; ++t) {
            const int w = chess::popcount(pos.pieces(Color::White, PieceType(t)));
            const int b = chess::popcount(pos.pieces(Color::Black, PieceType(t)));
            if (exact_ ? (w != white[std::size_t(t)] || b != black[std::size_t(t)])
                       : (w < white[std::size_t(t)] || b < black[std::size_t(t)]))
                return false;
        }
        return true;
    }

    Counts white_, black_;
    bool exact_, either_colour_;
};

/// One side's letters, starting at offset `base` of the signature (for error columns).
Counts parse_side(std::string_view text, std::size_t base) {
    Counts counts{};
    int kings = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        int n = 1;
        const std::size_t count_at = i;
        if (text[i] >= '0' && text[i] <= '9') {
            n = 0;
            while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
                n = n * 10 + (text[i] - '0');
                if (n > 16) throw CriterionError(base + count_at + 1, "more than 16 pieces");
                ++i;
            }
            if (i == text.size())
                throw CriterionError(base + count_at + 1, "a count needs a piece letter after it");
        }
        int type;
        switch (char(text[i] | 0x20)) {
        case 'p': type = 0; break;
        case 'n': type = 1; break;
        case 'b': type = 2; break;
        case 'r': type = 3; break;
        case 'q': type = 4; break;
        case 'k': type = 5; break;
        default:
            throw CriterionError(base + i + 1,
                                 fmt::format("'{}' is not a piece letter (K Q R B N P)", text[i]));
        }
        if (type == 5) {
            kings += n;
            if (kings > 1) throw CriterionError(base + i + 1, "a side has one king");
            continue;
        }
        counts[std::size_t(type)] += n;
        if (counts[std::size_t(type)] > (type == 0 ? 8 : 10))
            throw CriterionError(base + i + 1, "too many pieces of that kind");
    }
    return counts;
}

} // namespace

std::unique_ptr<PositionTest> material_test(std::string_view signature, bool exact,
                                            bool either_colour) {
    const std::size_t colon = signature.find(':');
    if (colon == std::string_view::npos)
        throw CriterionError(1, "a material signature is WHITE:BLACK, e.g. KRP:KR");
    if (signature.find(':', colon + 1) != std::string_view::npos)
        throw CriterionError(signature.find(':', colon + 1) + 1, "one ':' only");
    const Counts white = parse_side(signature.substr(0, colon), 0);
    const Counts black = parse_side(signature.substr(colon + 1), colon + 1);
    return std::make_unique<MaterialTest>(white, black, exact, either_colour);
}

} // namespace pgnkit::app::filter
