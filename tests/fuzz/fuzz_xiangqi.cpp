// libFuzzer target: the xiangqi core over arbitrary bytes.
//
// The input is read as a FEN (up to its first newline) and, after the newline, as coordinate
// move texts, one per line. Invariants:
//  * parse_fen never fails in any other way than a FenError; a FEN it accepts gives a
//    consistent position whose key equals the key computed from scratch, whose FEN parses
//    again to the same position and text (a fixed point);
//  * every legal move is_legal(), check_move() agrees with is_legal() on it, and it plays to a
//    consistent position in which the mover's general is not attacked;
//  * each move text that parses (ICCS or UCI) is a legal move, and one that does not parse
//    as a legal move has a verdict that is not Legal, or is not a coordinate move at all.

#include "fuzz_check.hpp"

#include "pgnkit/xiangqi/coordinates.hpp"
#include "pgnkit/xiangqi/fen.hpp"
#include "pgnkit/xiangqi/move_rules.hpp"
#include "pgnkit/xiangqi/movegen.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using namespace pgnkit::xiangqi;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view in(reinterpret_cast<const char*>(data), size);
    const std::size_t nl = in.find('\n');
    const std::string_view fen = in.substr(0, nl);
    auto parsed = parse_fen(fen);
    if (!parsed) {
        FUZZ_CHECK(!parsed.error().field.empty());
        return 0;
    }
    Position pos = parsed->position;
    FUZZ_CHECK(pos.is_consistent());
    const std::string text = write_fen(pos);
    auto again = parse_fen(text);
    FUZZ_CHECK(again.ok());
    FUZZ_CHECK(again->position == pos);
    FUZZ_CHECK(again->position.key() == pos.key());
    FUZZ_CHECK(write_fen(again->position) == text);
    const Color us = pos.side_to_move();
    for (Move m : legal_moves(pos)) {
        FUZZ_CHECK(pos.is_legal(m));
        FUZZ_CHECK(check_move(pos, m).legal());
        const Position next = pos.after(m);
        FUZZ_CHECK(next.is_consistent());
        FUZZ_CHECK(!next.attacked(next.general_square(us), ~us));
    }
    if (nl == std::string_view::npos) return 0;
    std::string_view rest = in.substr(nl + 1);
    while (!rest.empty()) {
        const std::size_t end = rest.find('\n');
        const std::string_view line = rest.substr(0, end);
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
        for (Coordinates style : {Coordinates::Iccs, Coordinates::Uci}) {
            auto m = parse_coordinates(pos, line, style);
            if (m) {
                FUZZ_CHECK(pos.is_legal(*m));
                FUZZ_CHECK(legal_moves(pos).contains(*m));
                continue;
            }
            if (!m.error().syntax) FUZZ_CHECK(!m.error().verdict.legal());
        }
        // Play the first move that is legal in ICCS, so the next lines see a new position.
        if (auto m = parse_coordinates(pos, line, Coordinates::Iccs)) pos.play(*m);
    }
    return 0;
}
