// libFuzzer target: parse_fen over arbitrary bytes, and format/parse round trips.
//
// Invariants of every FEN the parser accepts (standard and lenient castling, and as Chess960):
//  * the position is internally consistent and its key equals the key computed from scratch;
//  * for every output form (ep legal/pseudo/always, X-FEN/Shredder castling, with and without
//    clocks) write_fen and format_fen agree, the output parses again and formats to the same
//    text (a fixed point), and with ep "always" and clocks the parsed position equals the
//    original;
//  * every legal move plays to a consistent position.

#include "fuzz_check.hpp"

#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/movegen.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using namespace pgnkit::chess;

namespace {

void check_position(const Position& p) {
    FUZZ_CHECK(p.is_consistent());
    FUZZ_CHECK(p.key() == p.compute_key());
    for (const EpMode ep : {EpMode::Legal, EpMode::Pseudo, EpMode::Always})
        for (const CastlingStyle cs : {CastlingStyle::XFen, CastlingStyle::Shredder})
            for (const bool clocks : {true, false}) {
                FenFormat fmt;
                fmt.ep = ep;
                fmt.castling = cs;
                fmt.clocks = clocks;
                const std::string text = format_fen(p, fmt);
                char buf[160];
                char* end = write_fen(p, buf, fmt);
                FUZZ_CHECK(end >= buf && end - buf < 100);
                FUZZ_CHECK(std::string_view(buf, static_cast<std::size_t>(end - buf)) == text);
                FenParseOptions again;
                again.chess960 = p.chess960();
                auto r = parse_fen(text, again);
                if (!r) {
                    std::fprintf(stderr, "output '%s' does not parse: %s\n", text.c_str(),
                                 r.error().to_string().c_str());
                    FUZZ_CHECK(false);
                }
                const Position& q = r->position;
                FUZZ_CHECK(q.is_consistent());
                const std::string text2 = format_fen(q, fmt);
                if (text2 != text) {
                    std::fprintf(stderr, "not a fixed point:\n  %s\n  %s\n", text.c_str(),
                                 text2.c_str());
                    FUZZ_CHECK(false);
                }
                if (ep == EpMode::Always && clocks) FUZZ_CHECK(q == p);
            }
    MoveList moves;
    generate_legal(p, moves);
    FUZZ_CHECK(static_cast<int>(moves.size()) == count_legal(p));
    FUZZ_CHECK(moves.empty() == !has_legal_move(p));
    for (Move m : moves) {
        FUZZ_CHECK(p.is_legal(m));
        Position after = p.after(m);
        FUZZ_CHECK(after.is_consistent());
        FUZZ_CHECK(after.key() == after.compute_key());
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 4096) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (int variant = 0; variant < 4; ++variant) {
        FenParseOptions opts;
        opts.lenient_castling = (variant & 1) != 0;
        opts.chess960 = (variant & 2) != 0;
        auto r = parse_fen(text, opts);
        if (!r) {
            FUZZ_CHECK(!r.error().field.empty());
            FUZZ_CHECK(!r.error().message.empty());
            continue;
        }
        check_position(r->position);
    }
    return 0;
}
