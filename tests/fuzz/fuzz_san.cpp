// libFuzzer target: parse_san + resolve_san over arbitrary tokens in a few fixed positions,
// and write_san / LAN / UCI round trips for the moves they resolve to.
//
// Input: byte 0 picks the position (low 3 bits) and the options (bit 3: null moves allowed,
// bit 4: German piece letters, bit 5: check suffix verified); byte 1 picks a legal move for
// the round trips of every output form; the rest is the token.
// Invariants: parsing is total; a resolved move is legal and is what play_san plays; the
// canonical SAN of a legal move (English, German letters, figurine), its LAN and its UCI
// read back as the same move, and canonical SAN takes no liberty.

#include "fuzz_check.hpp"

#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/movegen.hpp"
#include "pgnkit/chess/san.hpp"
#include "pgnkit/chess/uci_lan.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

using namespace pgnkit::chess;

namespace {

constexpr std::array<std::string_view, 8> Fens = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "4k3/8/8/8/1Q5Q/8/8/N1N1K1QN w - - 0 1",
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
};

const std::vector<Position>& positions() {
    static const std::vector<Position> ps = [] {
        std::vector<Position> v;
        for (std::string_view f : Fens) {
            // Shredder-FEN castling (HFhf) is Chess960's: read as such (a standard reading
            // refuses it).
            FenParseOptions o;
            o.chess960 = f.find(" w HFhf ") != std::string_view::npos;
            auto r = parse_fen(f, o);
            FUZZ_CHECK(r.ok());
            v.push_back(r->position);
        }
        return v;
    }();
    return ps;
}

constexpr std::string_view German = "KDTLS";

void round_trip(const Position& pos, Move m) {
    char buf[64];
    // Canonical English SAN: no liberty, the same move.
    std::string san(buf, write_san(pos, m, buf));
    SanResolution r = parse_and_resolve(pos, san);
    if (!r.ok || r.move != m || r.liberties != LibNone) {
        std::fprintf(stderr, "SAN '%s' of a legal move reads back as ok=%d liberties=%x\n",
                     san.c_str(), r.ok, r.liberties);
        FUZZ_CHECK(false);
    }
    FUZZ_CHECK(format_san(pos, m) == san);
    // German letters, read with the same letters.
    std::string de(buf, write_san(pos, m, buf, German));
    SanParseOptions opts;
    opts.piece_letters = German;
    r = parse_and_resolve(pos, de, opts);
    FUZZ_CHECK(r.ok && r.move == m);
    // Figurine.
    std::string fan(buf, write_san(pos, m, buf, {}, true));
    r = parse_and_resolve(pos, fan);
    FUZZ_CHECK(r.ok && r.move == m);
    // LAN and UCI.
    const std::string lan = format_lan(pos, m);
    FUZZ_CHECK(parse_lan(pos, lan) == m);
    const std::string uci = format_uci(pos, m);
    FUZZ_CHECK(parse_uci(pos, uci) == m);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2 || size > 256) return 0;
    const auto& ps = positions();
    const Position& pos = ps[data[0] & 7];
    SanParseOptions opts;
    opts.allow_null = (data[0] & 8) != 0;
    if (data[0] & 16) opts.piece_letters = German;
    const bool check_suffix = (data[0] & 32) != 0;

    MoveList legal;
    generate_legal(pos, legal);
    if (!legal.empty()) round_trip(pos, legal[data[1] % legal.size()]);

    const std::string_view token(reinterpret_cast<const char*>(data + 2), size - 2);
    San san;
    const bool parsed = parse_san(token, san, opts);
    if (parsed) {
        SanResolution r = resolve_san(pos, san, check_suffix);
        if (r.ok) {
            if (san.kind == San::Kind::Null) {
                FUZZ_CHECK(r.move == Move::null());
            } else {
                FUZZ_CHECK(legal.contains(r.move));
                FUZZ_CHECK(r.candidates <= 1);
                round_trip(pos, r.move);
            }
        } else {
            FUZZ_CHECK(r.error != SanError::Ambiguous || r.candidates >= 2);
        }
    }
    // The one-call forms agree with parse + resolve.
    SanResolution a = parse_and_resolve(pos, token, opts, check_suffix);
    FUZZ_CHECK(a.ok == (parsed && resolve_san(pos, san, check_suffix).ok));
    Position copy = pos;
    SanResolution b = play_san(copy, token, opts, check_suffix);
    FUZZ_CHECK(b.ok == a.ok);
    if (b.ok) {
        FUZZ_CHECK(b.move == a.move);
        FUZZ_CHECK(copy == pos.after(a.move));
        FUZZ_CHECK(copy.is_consistent());
    } else {
        FUZZ_CHECK(copy == pos);
    }
    // Trusted parsers on the raw token: whatever they return is legal.
    const Move u = parse_uci(pos, token);
    FUZZ_CHECK(u == Move::null() || legal.contains(u));
    const Move l = parse_lan(pos, token);
    FUZZ_CHECK(l == Move::null() || legal.contains(l));
    return 0;
}
