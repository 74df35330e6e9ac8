// The SAN fast pass (detail/san_fast.hpp): parse_resolve_san()'s specialised pass for the usual SAN
// shapes must leave San and SanResolution exactly as parse_san() + resolve_san(pos, san, false) do,
// for every token.
#include "pgnkit/chess/detail/san_fast.hpp"
#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/movegen.hpp"
#include "pgnkit/chess/san.hpp"

#include "chess_positions.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <string>
#include <vector>

using namespace pgnkit::chess;
using pgnkit::test::from_fen;

namespace {

bool same_san(const San& a, const San& b) {
    return a.kind == b.kind && a.piece == b.piece && a.from_file == b.from_file &&
           a.from_rank == b.from_rank && a.to == b.to && a.promotion == b.promotion &&
           a.capture == b.capture && a.check == b.check && a.mate == b.mate &&
           a.suffix_nag == b.suffix_nag && a.liberties == b.liberties;
}

bool same_resolution(const SanResolution& a, const SanResolution& b) {
    return a.move == b.move && a.ok == b.ok && a.error == b.error && a.liberties == b.liberties &&
           a.candidates == b.candidates && a.gives_check == b.gives_check && a.mate == b.mate &&
           a.origins == b.origins;
}

/// Every field of a position, as a test can see them (operator== leaves out the key, the
/// checkers, the kings and the mailbox, which follow from the rest in a consistent position).
bool same_position(const Position& a, const Position& b) {
    if (!(a == b) || a.key() != b.key() || a.checkers() != b.checkers() ||
        a.king_square(Color::White) != b.king_square(Color::White) ||
        a.king_square(Color::Black) != b.king_square(Color::Black) ||
        a.chess960() != b.chess960() || !a.is_consistent())
        return false;
    return std::memcmp(a.board(), b.board(), 64 * sizeof(Piece)) == 0;
}

/// Compares the one-pass call with the two calls it stands for; counts the tokens that
/// resolved (so that a test also shows it exercised legal moves).
void check_token(const Position& pos, std::string_view text, const SanParseOptions& opts,
                 int& resolved) {
    San want_san;
    SanResolution want;
    const bool want_parsed = parse_san(text, want_san, opts);
    if (want_parsed) want = resolve_san(pos, want_san, false);
    San got_san;
    SanResolution got;
    const bool got_parsed = parse_resolve_san(pos, text, opts, got_san, got);
    INFO("token '" << std::string(text) << "' in " << format_fen(pos));
    REQUIRE(got_parsed == want_parsed);
    REQUIRE(same_resolution(got, want));
    if (want_parsed) REQUIRE(same_san(got_san, want_san));
    resolved += want.ok;
    // fast_resolve_san(): declined, or what the two calls give (a legal move, its liberties,
    // no glyph, the +/# the token ends with).
    const FastSan fast = fast_resolve_san(pos, text, opts);
    REQUIRE(fast.outcome != FastSanOutcome::Played);
    if (fast.outcome == FastSanOutcome::Resolved) {
        REQUIRE(want_parsed);
        REQUIRE(want.ok);
        REQUIRE(fast.move == want.move);
        REQUIRE(fast.liberties == want.liberties);
        REQUIRE(want_san.suffix_nag == 0);
        REQUIRE(want_san.check == (text.back() == '+'));
        REQUIRE(want_san.mate == (text.back() == '#'));
    } else {
        REQUIRE(fast == FastSan{});
    }
    // fast_play_san(): the same answer, and the usual move (no liberty, no castling) played,
    // as play() plays it, with what takes it back exactly; the position untouched otherwise.
    Position played = pos, copied = Position::startpos(), played2 = pos;
    Position::NormalUndo undo{}, undo2{};
    const FastSan got_fast = fast_play_san(played, nullptr, undo, text, opts);
    // With `before` given: the same, and the position before the move copied there.
    REQUIRE(fast_play_san(played2, &copied, undo2, text, opts) == got_fast);
    REQUIRE(same_position(played2, played));
    REQUIRE(got_fast.move == fast.move);
    REQUIRE(got_fast.liberties == fast.liberties);
    const Move m = fast.move;
    const bool usual =
        fast.outcome == FastSanOutcome::Resolved && fast.liberties == 0 && !m.is_castling();
    REQUIRE(got_fast.outcome == (usual ? FastSanOutcome::Played : fast.outcome));
    if (usual) {
        const Position want_after = pos.after(m);
        Position before = played;
        before.undo_normal(undo);
        REQUIRE(same_position(before, pos));
        REQUIRE(same_position(copied, pos));
        REQUIRE(played == want_after);
        REQUIRE(played.key() == want_after.key());
        REQUIRE(played.checkers() == want_after.checkers());
        REQUIRE(played.king_square(Color::White) == want_after.king_square(Color::White));
        REQUIRE(played.king_square(Color::Black) == want_after.king_square(Color::Black));
        REQUIRE(played.is_consistent());
    } else {
        REQUIRE(played == pos);
        REQUIRE(played.key() == pos.key());
        REQUIRE(same_position(copied, Position::startpos()));
    }
}

/// Every token of the shapes the fast path reads (and near misses) on every square.
void sweep(const Position& pos, const SanParseOptions& opts, int& resolved) {
    static const char* const pieces[] = {"", "N", "B", "R", "Q", "K", "P", "n"};
    static const char* const suffixes[] = {"", "+", "#", "++", "!"};
    std::vector<std::string> disambiguations = {""};
    for (char f = 'a'; f <= 'h'; ++f) disambiguations.emplace_back(1, f);
    for (char r = '1'; r <= '8'; ++r) disambiguations.emplace_back(1, r);
    for (const char* sq : {"a1", "b1", "c3", "d2", "e1", "e2", "f3", "g1", "h4", "h8", "d8"})
        disambiguations.emplace_back(sq);
    for (const char* piece : pieces)
        for (const auto& dis : disambiguations)
            for (const char* x : {"", "x"})
                for (int to = 0; to < 64; ++to)
                    for (const char* suffix : suffixes) {
                        std::string t =
                            std::string(piece) + dis + x + square_name(Square(to)) + suffix;
                        check_token(pos, t, opts, resolved);
                    }
    for (const char* t :
         {"O-O",   "O-O-O", "O-O+", "O-O-O#",  "0-0",  "o-o-o", "O-O-O-O", "O-",   "O",
          "O-O++", "OO",    "e8=Q", "exd8=N+", "e4e5", "--",    "Z0",      "",     "x",
          "+",     "#",     "N",    "Nx",      "a",    "a9",    "i4",      "Kxx4", "exd6e.p."})
        check_token(pos, t, opts, resolved);
}

/// Tokens for every legal move: canonical SAN, without its suffix, with a spurious x or
/// the x dropped, and over-disambiguated.
void sweep_legal(const Position& pos, int& resolved) {
    const SanParseOptions opts;
    for (Move m : legal_moves(pos)) {
        const std::string san = format_san(pos, m);
        std::string bare = san;
        while (!bare.empty() && (bare.back() == '+' || bare.back() == '#')) bare.pop_back();
        std::vector<std::string> tokens = {san, bare, bare + "+", bare + "#"};
        if (auto x = bare.find('x'); x != std::string::npos)
            tokens.push_back(bare.substr(0, x) + bare.substr(x + 1));
        else if (bare.size() > 2 && bare[0] >= 'A' && bare[0] <= 'Z' && bare[0] != 'O')
            tokens.push_back(bare.substr(0, 1) + "x" + bare.substr(1));
        if (bare.size() > 2 && bare[0] >= 'A' && bare[0] <= 'Z' && bare[0] != 'O') {
            tokens.push_back(bare.substr(0, 1) + square_name(m.from()) + bare.substr(1));
            tokens.push_back(bare.substr(0, 1) + square_name(m.from()).substr(1) + bare.substr(1));
        }
        for (const auto& t : tokens) check_token(pos, t, opts, resolved);
    }
}

const char* const Fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "4k3/8/8/3Q1Q2/8/3Q1Q2/8/4K3 w - - 0 1", // four queens: disambiguation
    "4k3/8/8/8/8/2N3N1/8/R3K2R w KQ - 0 1",  // two knights, castling
    "4k3/8/8/1b6/8/3N4/8/5K2 w - - 0 1",     // knight not pinned (king off the line)
    "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",     // pinned knight
    "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1",     // rook pinned on a file: may move on it
    "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1",       // king in check by a pawn
    "4k3/8/8/8/7b/8/8/R3K2R w KQ - 0 1",     // in check: castling illegal
    "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1",    // castling through... the e-file check
    "2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",    // O-O-O with c1 attacked
    "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2",     // en passant
    "4k3/8/8/K1pP3r/8/8/8/8 w - c6 0 2",     // en passant exposes the king
    "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1",    // Chess960-style rooks
    "4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1",    // promotions
    "r3k3/8/8/8/8/8/8/4K3 b q - 0 1",
    "3k4/8/8/8/8/8/3q4/3K4 w - - 0 1", // king must capture or step aside
    "8/8/8/8/8/1k6/8/K1q5 w - - 0 1",  // checkmated (no legal move)
    "7k/8/8/8/8/8/8/K7 w - - 0 1",
    "4k3/8/8/8/4Q3/8/8/4K3 b - - 0 1",     // black in check
    "4k3/8/8/8/8/2b5/3P4/4K3 w - - 0 1",   // pawn pinned on a diagonal: it may take the pinner
    "4k3/4r3/8/8/4N3/8/4B3/4K3 w - - 0 1", // two pieces on the line: neither is pinned
    "4k3/8/8/8/8/8/1N6/r3K3 w - - 0 1",    // check by a rook: a knight blocks
    "4k3/8/8/8/8/5n2/3N4/r3K3 w - - 0 1",  // double check: only the king moves
    "4k3/8/8/8/8/8/8/q2NK3 w - - 0 1",     // knight pinned on the rank
};

} // namespace

TEST_CASE("san fast path: parse_resolve_san equals parse_san + resolve_san on every token",
          "[san]") {
    int resolved = 0;
    for (const char* fen : Fens) {
        const bool c960 = std::strncmp(fen, "rk5r", 4) == 0;
        const Position pos = from_fen(fen, c960);
        sweep(pos, {}, resolved);
    }
    CHECK(resolved > 1000);
}

TEST_CASE("san fast path: fast_resolve_san takes the usual tokens", "[san]") {
    const Position start = Position::startpos();
    const SanParseOptions opts;
    for (const char* t : {"e4", "d3", "Nf3", "Nc3+", "Ngf3", "N1f3", "Ng1f3"})
        CHECK(fast_resolve_san(start, t, opts).outcome == FastSanOutcome::Resolved);
    CHECK(fast_resolve_san(start, "e5", opts).outcome ==
          FastSanOutcome::Declined); // illegal: the general code reports it
    CHECK(fast_resolve_san(start, "e4!", opts).outcome == FastSanOutcome::Declined); // a glyph
    CHECK(fast_resolve_san(start, "Nd2", opts).outcome ==
          FastSanOutcome::Declined); // no knight reaches d2
    const Position p =
        from_fen("r3k2r/pppq1ppp/2n2n2/3pp3/1b1PP3/2N2N2/PPPQ1PPP/R3KB1R w KQkq - 0 1");
    for (const char* t : {"exd5", "dxe5", "O-O-O", "Nxd5", "Qe3", "Rc1", "Kd1"})
        CHECK(fast_resolve_san(p, t, opts).outcome == FastSanOutcome::Resolved);
    CHECK(fast_resolve_san(p, "O-O", opts).outcome == FastSanOutcome::Declined); // a bishop on f1
    CHECK(fast_resolve_san(p, "Nxe5", opts).outcome == FastSanOutcome::Resolved);
    const SanParseOptions de{false, "KDTLS"};
    CHECK(fast_resolve_san(start, "e4", de).outcome ==
          FastSanOutcome::Declined); // other piece letters: the general code
    CHECK(fast_resolve_san(start, "Sf3", de).outcome == FastSanOutcome::Declined);
}

TEST_CASE("san fast path: equal on every legal move two plies deep", "[san]") {
    int resolved = 0;
    for (const char* fen : Fens) {
        const bool c960 = std::strncmp(fen, "rk5r", 4) == 0;
        const Position pos = from_fen(fen, c960);
        sweep_legal(pos, resolved);
        for (Move m : legal_moves(pos)) {
            const Position child = pos.after(m);
            sweep_legal(child, resolved);
            for (Move m2 : legal_moves(child)) sweep_legal(child.after(m2), resolved);
        }
    }
    CHECK(resolved > 10000);
}

TEST_CASE("san fast path: other piece letters take the general way", "[san]") {
    int resolved = 0;
    SanParseOptions de;
    de.piece_letters = "KDTLS";
    const Position pos = from_fen(Fens[1]);
    sweep(pos, de, resolved);
    for (const char* t : {"Sf3", "Dxe7", "Tb1", "Lc4", "Ke2", "Nf3"})
        check_token(pos, t, de, resolved);
    CHECK(resolved > 10);
}
