// SAN: every liberty with its flag, illegal vs ambiguous, canonical output. LAN and UCI are in
// uci_lan_test.cpp.
#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/movegen.hpp"
#include "pgnkit/chess/san.hpp"
#include "pgnkit/chess/uci_lan.hpp"

#include "chess_positions.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

using namespace pgnkit::chess;
using pgnkit::test::from_fen;
using pgnkit::test::resolves;
using pgnkit::test::uci;

namespace {

/// A position after a sequence of UCI moves from the start position.
Position after_uci(std::initializer_list<std::string_view> moves) {
    Position p = Position::startpos();
    for (auto t : moves) p.play(uci(p, t));
    return p;
}

constexpr std::string_view Castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

} // namespace

// --- plain SAN -----------------------------------------------------------------------------

TEST_CASE("san: canonical moves resolve with no liberties", "[san]") {
    Position p = Position::startpos();
    auto r = resolves(p, "e4");
    CHECK(r.move == Move(E2, E4));
    CHECK(r.liberties == LibNone);
    CHECK(r.candidates == 1);
    CHECK(resolves(p, "Nf3").move == Move(G1, F3));
    CHECK(resolves(p, "Nf3").liberties == LibNone);
    CHECK(resolves(p, "a3").move == Move(A2, A3));
}

TEST_CASE("san: illegal and ambiguous are distinct errors", "[san]") {
    Position p = Position::startpos();
    auto bad = parse_and_resolve(p, "Nc4");
    CHECK_FALSE(bad.ok);
    CHECK(bad.error == SanError::Illegal);
    CHECK(bad.candidates == 0);
    CHECK(parse_and_resolve(p, "Ke2").error == SanError::Illegal); // own pawn on e2
    CHECK(parse_and_resolve(p, "e5").error == SanError::Illegal);
    CHECK(parse_and_resolve(p, "exd3").error == SanError::Illegal);
    CHECK(parse_and_resolve(p, "hello").error == SanError::Syntax);
    CHECK(parse_and_resolve(p, "").error == SanError::Syntax);

    Position two = from_fen("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1");
    auto amb = parse_and_resolve(two, "Nc3");
    CHECK_FALSE(amb.ok);
    CHECK(amb.error == SanError::Ambiguous);
    CHECK(amb.candidates == 2);
    CHECK(amb.origins == (bb(B1) | bb(D1))); // for "did you mean Nbc3 or Ndc3"
    CHECK(parse_and_resolve(two, "N1c3").error == SanError::Ambiguous); // both on rank 1
    CHECK(resolves(two, "Nbc3").move == Move(B1, C3));
    CHECK(resolves(two, "Ndc3").move == Move(D1, C3));
    CHECK(resolves(two, "Ndc3").liberties == LibNone);
}

TEST_CASE("san: rejects Nc3 as ambiguous when both knights can reach c3", "[san]") {
    Position p = from_fen("4k3/8/8/8/8/8/4N3/1N2K3 w - - 0 1");
    CHECK(parse_and_resolve(p, "Nc3").error == SanError::Ambiguous);
    CHECK(resolves(p, "Nec3").move == Move(E2, C3));
    // A rank tells them apart too, but §8.2.3.4 prefers the file.
    auto r = resolves(p, "N2c3");
    CHECK(r.move == Move(E2, C3));
    CHECK(r.liberties == LibDisambiguationForm);
}

TEST_CASE("san: a pinned knight does not make Nd2 ambiguous", "[san]") {
    // Bishop d5 pins the knight on f3 against the king on g2; only Nb1 can go to d2.
    Position p = from_fen("4k3/8/8/3b4/8/5N2/6K1/1N6 w - - 0 1");
    auto r = resolves(p, "Nd2");
    CHECK(r.move == Move(B1, D2));
    CHECK(r.liberties == LibNone);
    CHECK(resolves(p, "Nbd2").liberties == LibOverDisambiguated);
    CHECK(resolves(p, "Nb1d2").liberties == LibOverDisambiguated);
    CHECK(parse_and_resolve(p, "Nfd2").error == SanError::Illegal);
    CHECK(format_san(p, Move(B1, D2)) == "Nd2");
}

TEST_CASE("san: the §8.2.3.4 example, knight c3 pinned by bishop b4", "[san]") {
    Position p = from_fen("4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1");
    CHECK(resolves(p, "Ne2").move == Move(G1, E2));
    CHECK(resolves(p, "Nge2").liberties == LibOverDisambiguated);
    CHECK(parse_and_resolve(p, "Nce2").error == SanError::Illegal);
    CHECK(format_san(p, Move(G1, E2)) == "Ne2");
}

TEST_CASE("san: disambiguation by file, rank and square as §8.2.3.4 orders", "[san]") {
    Position rooks = from_fen("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    CHECK(parse_and_resolve(rooks, "Ra3").error == SanError::Ambiguous);
    CHECK(parse_and_resolve(rooks, "Raa3").error == SanError::Ambiguous);
    CHECK(resolves(rooks, "R1a3").move == Move(A1, A3));
    CHECK(resolves(rooks, "R5a3").liberties == LibNone);
    CHECK(resolves(rooks, "Ra1a3").liberties == LibOverDisambiguated);
    CHECK(format_san(rooks, Move(A1, A3)) == "R1a3");
    CHECK(format_san(rooks, Move(A5, A3)) == "R5a3");

    // Three queens reach h1: e4 shares the file with e1 and the rank with h4.
    Position q = from_fen("2k5/8/8/8/4Q2Q/8/K7/4Q3 w - - 0 1");
    CHECK(format_san(q, Move(E4, H1)) == "Qe4h1");
    CHECK(format_san(q, Move(E1, H1)) == "Q1h1");
    CHECK(format_san(q, Move(H4, H1)) == "Qhh1");
    CHECK(resolves(q, "Qe4h1").liberties == LibNone);
    CHECK(parse_and_resolve(q, "Qeh1").error == SanError::Ambiguous);
    CHECK(parse_and_resolve(q, "Q4h1").error == SanError::Ambiguous);
    CHECK(resolves(q, "Q1h1").move == Move(E1, H1));
    CHECK(resolves(q, "Qe1h1").liberties == LibOverDisambiguated);
    CHECK(resolves(q, "Qh4h1").liberties == LibOverDisambiguated);
}

TEST_CASE("san: over-disambiguation Ngf3, Ng1f3, Rc1c4 is flagged", "[san]") {
    Position p = Position::startpos();
    auto r = resolves(p, "Ngf3");
    CHECK(r.move == Move(G1, F3));
    CHECK(r.liberties == LibOverDisambiguated);
    CHECK(resolves(p, "Ng1f3").liberties == LibOverDisambiguated);
    CHECK(resolves(p, "N1f3").liberties == LibOverDisambiguated);
    Position rook = from_fen("4k3/8/8/8/8/8/8/2R1K3 w - - 0 1");
    CHECK(resolves(rook, "Rc1c4").liberties == LibOverDisambiguated);
    CHECK(resolves(rook, "Rc1c4").move == Move(C1, C4));
}

// --- captures ------------------------------------------------------------------------------

TEST_CASE("san: a missing or spurious x is a liberty, ':' is a capture", "[san]") {
    Position knight = from_fen("4k3/8/8/8/8/5p2/8/4K1N1 w - - 0 1");
    CHECK(resolves(knight, "Nxf3").liberties == LibNone);
    CHECK(resolves(knight, "Nf3").liberties == LibMissingCapture);
    CHECK(resolves(knight, "N:f3").liberties == LibColonCapture);

    Position pawn = from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    CHECK(resolves(pawn, "exd5").move == Move(E4, D5));
    CHECK(resolves(pawn, "exd5").liberties == LibNone);
    CHECK(resolves(pawn, "ed5").liberties == LibMissingCapture);
    CHECK(resolves(pawn, "e:d5").liberties == LibColonCapture);
    CHECK(resolves(pawn, "e4xd5").liberties == LibLongAlgebraic);
    CHECK(parse_and_resolve(pawn, "exd").error == SanError::Syntax);
    CHECK(parse_and_resolve(pawn, "xd5").error == SanError::Syntax);
    CHECK(parse_and_resolve(pawn, "d5").error == SanError::Illegal); // a push, d5 is taken

    Position p = Position::startpos();
    CHECK(resolves(p, "Nxf3").liberties == LibSpuriousCapture);
    CHECK(resolves(p, "e2xe4").liberties == (LibSpuriousCapture | LibLongAlgebraic));
}

TEST_CASE("san: lower-case b is a pawn file, never a bishop", "[san]") {
    Position p = from_fen("4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1");
    CHECK(resolves(p, "bxc3").move == Move(B2, C3));
    CHECK(resolves(p, "bxc3").liberties == LibNone);
    CHECK(resolves(p, "Bxc3").move == Move(D2, C3));
    CHECK(resolves(p, "bc3").move == Move(B2, C3));
    CHECK(resolves(p, "bc3").liberties == LibMissingCapture);
    CHECK(resolves(p, "b3").move == Move(B2, B3));
}

// --- en passant ----------------------------------------------------------------------------

TEST_CASE("san: en passant, with the e.p. suffix glued or as its own token", "[san]") {
    Position p = from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    auto r = resolves(p, "exd6");
    CHECK(r.move == Move(E5, D6, Move::EnPassant));
    CHECK(r.liberties == LibNone);
    for (auto t : {"exd6e.p.", "exd6ep", "exd6e.p", "exd6ep."}) {
        INFO(t);
        auto s = resolves(p, t);
        CHECK(s.move == Move(E5, D6, Move::EnPassant));
        CHECK(s.liberties == LibEnPassantSuffix);
    }
    CHECK(resolves(p, "ed6").liberties == LibMissingCapture);
    CHECK(resolves(p, "e5d6").liberties == LibUci);
    CHECK(format_san(p, Move(E5, D6, Move::EnPassant)) == "exd6");
    CHECK(format_uci(p, Move(E5, D6, Move::EnPassant)) == "e5d6");
    CHECK(format_lan(p, Move(E5, D6, Move::EnPassant)) == "e5xd6");

    CHECK(is_ep_suffix_token("e.p."));
    CHECK(is_ep_suffix_token("ep"));
    CHECK(is_ep_suffix_token("E.P."));
    CHECK_FALSE(is_ep_suffix_token("e4"));
    CHECK_FALSE(is_ep_suffix_token("e.p.."));
    CHECK_FALSE(is_ep_suffix_token(""));
}

TEST_CASE("san: en passant that exposes the king along the rank is illegal", "[san]") {
    // King a5, pawns d5 (black) and e5 (white), rook h5: exd6 would empty the rank.
    Position p = from_fen("4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1");
    CHECK(parse_and_resolve(p, "exd6").error == SanError::Illegal);
    CHECK(parse_uci(p, "e5d6").is_null());
    CHECK(resolves(p, "e6").move == Move(E5, E6));
}

TEST_CASE("san: en passant that removes a checking pawn resolves", "[san]") {
    // Black just played d7-d5 with check; exd6 e.p. takes the checker.
    Position p = from_fen("8/8/8/3pP3/4K3/8/8/7k w - d6 0 1");
    CHECK(resolves(p, "exd6").move == Move(E5, D6, Move::EnPassant));
}

// --- promotions ----------------------------------------------------------------------------

TEST_CASE("san: promotion forms each take their flag", "[san]") {
    Position p = from_fen("8/P7/8/7k/8/8/8/K7 w - - 0 1");
    const Move q(A7, A8, Move::Promotion, PieceType::Queen);
    CHECK(resolves(p, "a8=Q").move == q);
    CHECK(resolves(p, "a8=Q").liberties == LibNone);
    for (auto t : {"a8Q", "a8(Q)", "a8/Q", "a8=q", "a8q"}) {
        INFO(t);
        auto r = resolves(p, t);
        CHECK(r.move == q);
        CHECK(r.liberties == LibPromotionForm);
    }
    CHECK(resolves(p, "a7a8q").liberties == LibUci);
    CHECK(resolves(p, "a7a8Q").liberties == (LibUci | LibPromotionForm));
    CHECK(resolves(p, "a7-a8=Q").liberties == LibLongAlgebraic);
    CHECK(resolves(p, "a8=N").move == Move(A7, A8, Move::Promotion, PieceType::Knight));
    CHECK(resolves(p, "a8=R").move.promotion() == PieceType::Rook);
    CHECK(resolves(p, "a8=B").move.promotion() == PieceType::Bishop);
    CHECK(format_san(p, q) == "a8=Q");
    CHECK(format_lan(p, q) == "a7-a8=Q");
    CHECK(format_uci(p, q) == "a7a8q");
}

TEST_CASE("san: king promotion and a missing promotion piece are illegal", "[san]") {
    Position p = from_fen("8/P7/8/7k/8/8/8/K7 w - - 0 1");
    CHECK(parse_and_resolve(p, "a8=K").error == SanError::Illegal);
    CHECK(parse_and_resolve(p, "a8=P").error == SanError::Illegal);
    CHECK(parse_and_resolve(p, "a8").error == SanError::Illegal);
    CHECK(parse_and_resolve(p, "Ka2=Q").error == SanError::Syntax);
    CHECK(parse_uci(p, "a7a8").is_null());
    CHECK(parse_uci(p, "a7a8k").is_null());
    Position start = Position::startpos();
    CHECK(parse_and_resolve(start, "e4=Q").error == SanError::Illegal);
}

TEST_CASE("san: a capture-promotion with check", "[san]") {
    Position p = from_fen("1r2k3/P7/8/8/8/8/8/K7 w - - 0 1");
    const Move m(A7, B8, Move::Promotion, PieceType::Queen);
    CHECK(format_san(p, m) == "axb8=Q+");
    CHECK(resolves(p, "axb8=Q+").liberties == LibNone);
    CHECK(resolves(p, "axb8=Q").liberties == LibCheckSuffix);
    CHECK(resolves(p, "axb8Q+").liberties == LibPromotionForm);
}

// --- castling ------------------------------------------------------------------------------

TEST_CASE("san: castling in O, zero and lower-case forms", "[san]") {
    Position p = from_fen(Castles);
    const Move ks(E1, H1, Move::Castling), qs(E1, A1, Move::Castling);
    CHECK(resolves(p, "O-O").move == ks);
    CHECK(resolves(p, "O-O").liberties == LibNone);
    CHECK(resolves(p, "O-O-O").move == qs);
    for (auto t : {"0-0", "o-o"}) {
        auto r = resolves(p, t);
        CHECK(r.move == ks);
        CHECK(r.liberties == LibCastlingZeros);
    }
    CHECK(resolves(p, "0-0-0").move == qs);
    CHECK(resolves(p, "0-0-0").liberties == LibCastlingZeros);
    CHECK(parse_and_resolve(p, "O-0").error == SanError::Syntax);
    CHECK(parse_and_resolve(p, "O-O-O-O").error == SanError::Syntax);
    CHECK(format_san(p, ks) == "O-O");
    CHECK(format_san(p, qs) == "O-O-O");
    CHECK(format_lan(p, ks) == "O-O");
    // UCI king-to-target and king-takes-rook both read as castling.
    CHECK(resolves(p, "e1g1").move == ks);
    CHECK(resolves(p, "e1g1").liberties == LibUci);
    CHECK(uci(p, "e1h1") == ks);
    CHECK(uci(p, "e1c1") == qs);
    CHECK(uci(p, "e1a1") == qs);
    CHECK(format_uci(p, ks) == "e1g1");
    CHECK(format_uci(p, qs) == "e1c1");
    CHECK(resolves(p, "Ke1-g1").move == ks);
    CHECK(resolves(p, "Ke1-g1").liberties == LibLongAlgebraic);
}

TEST_CASE("san: castling through, out of or into check is refused", "[san]") {
    Position through = from_fen("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1"); // f1 attacked
    CHECK(parse_and_resolve(through, "O-O").error == SanError::Illegal);
    CHECK(parse_uci(through, "e1g1").is_null());
    CHECK(resolves(through, "O-O-O").move == Move(E1, A1, Move::Castling));

    Position in_check = from_fen("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
    CHECK(parse_and_resolve(in_check, "O-O").error == SanError::Illegal);
    CHECK(parse_and_resolve(in_check, "O-O-O").error == SanError::Illegal);

    Position no_rights = from_fen("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
    CHECK(parse_and_resolve(no_rights, "O-O").error == SanError::Illegal);
    CHECK(parse_uci(no_rights, "e1g1").is_null());

    Position blocked = Position::startpos();
    CHECK(parse_and_resolve(blocked, "O-O").error == SanError::Illegal);
}

TEST_CASE("san: castling that gives check carries +", "[san]") {
    Position p = from_fen("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    const Move ks(E1, H1, Move::Castling);
    CHECK(format_san(p, ks) == "O-O+");
    CHECK(resolves(p, "O-O+").liberties == LibNone);
    CHECK(resolves(p, "O-O").liberties == LibCheckSuffix);
}

TEST_CASE("san: Chess960 castling by SAN and by both UCI forms", "[san][chess960]") {
    // King b1, rooks a1 (queen side) and g1 (king side).
    Position p = from_fen("1k6/8/8/8/8/8/8/RK4R1 w GA - 0 1", true);
    REQUIRE(p.chess960());
    const Move ks(B1, G1, Move::Castling), qs(B1, A1, Move::Castling);
    CHECK(resolves(p, "O-O").move == ks);
    CHECK(resolves(p, "O-O-O").move == qs);
    CHECK(format_san(p, ks) == "O-O");
    CHECK(format_san(p, qs) == "O-O-O");
    CHECK(format_uci(p, ks) == "b1g1");
    CHECK(format_uci(p, qs) == "b1a1");
    CHECK(uci(p, "b1g1") == ks); // king takes rook
    CHECK(uci(p, "b1a1") == qs);
    // King to target: c1 is also a plain king step, which wins; g1 is the rook.
    CHECK(uci(p, "b1c1") == Move(B1, C1));
    CHECK(resolves(p, "Kc1").move == Move(B1, C1));

    // A standard-looking set-up in Chess960 mode: e1g1 can only be castling.
    Position s = from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", true);
    REQUIRE(s.chess960());
    CHECK(uci(s, "e1g1") == Move(E1, H1, Move::Castling));
    CHECK(uci(s, "e1h1") == Move(E1, H1, Move::Castling));
    CHECK(format_uci(s, Move(E1, H1, Move::Castling)) == "e1h1");

    // The king already on its castling square: O-O moves only the rook.
    Position k = from_fen("6k1/8/8/8/8/8/8/6KR w H - 0 1", true);
    CHECK(resolves(k, "O-O").move == Move(G1, H1, Move::Castling));
    CHECK(uci(k, "g1h1") == Move(G1, H1, Move::Castling));
    CHECK(format_uci(k, Move(G1, H1, Move::Castling)) == "g1h1");
}

// --- check and annotation suffixes ---------------------------------------------------------

TEST_CASE("san: + and # are checked when asked, ++ means mate", "[san]") {
    // Scholar's mate set-up: Qxf7# is mate, Bxf7+ is check.
    Position p = after_uci({"e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6"});
    CHECK(resolves(p, "Qxf7#").liberties == LibNone);
    CHECK(resolves(p, "Qxf7#").mate);
    CHECK(resolves(p, "Bxf7+").gives_check);
    CHECK_FALSE(resolves(p, "Bxf7+").mate);
    CHECK_FALSE(resolves(p, "Nf3+").gives_check);
    CHECK(resolves(p, "Qxf7++").liberties == LibDoublePlus);
    CHECK(resolves(p, "Qxf7+").liberties == LibCheckSuffix);
    CHECK(resolves(p, "Qxf7").liberties == LibCheckSuffix);
    CHECK(resolves(p, "Bxf7+").liberties == LibNone);
    CHECK(resolves(p, "Bxf7").liberties == LibCheckSuffix);
    CHECK(resolves(p, "Bxf7#").liberties == LibCheckSuffix);
    CHECK(resolves(p, "Nf3+").liberties == LibCheckSuffix);
    CHECK(format_san(p, Move(H5, F7)) == "Qxf7#");
    CHECK(format_san(p, Move(C4, F7)) == "Bxf7+");
    CHECK(format_lan(p, Move(H5, F7)) == "Qh5xf7#");
    CHECK(parse_and_resolve(p, "Qxf7+", {}, false).liberties == LibNone);
    CHECK(parse_and_resolve(p, "Qxf7+#").error == SanError::Syntax);

    // play_san: the same verdicts, from the played position.
    Position q = p;
    auto r = play_san(q, "Qxf7+");
    CHECK(r.ok);
    CHECK(r.mate);
    CHECK(r.liberties == LibCheckSuffix);
    CHECK(q == p.after(Move(H5, F7)));
    Position b = p;
    CHECK(play_san(b, "Bxf7+").liberties == LibNone);
    Position unchanged = p;
    CHECK(play_san(unchanged, "Bxf6").error == SanError::Illegal);
    CHECK(unchanged == p);
}

TEST_CASE("san: annotation suffixes become NAGs, Unicode glyphs are flagged", "[san]") {
    struct Case {
        const char* text;
        int nag;
        std::uint32_t lib;
    } cases[] = {
        {"e4!", 1, 0},
        {"e4?", 2, 0},
        {"e4!!", 3, 0},
        {"e4??", 4, 0},
        {"e4!?", 5, 0},
        {"e4?!", 6, 0},
        {"e4\u203C", 3, LibUnicodeAnnotation},
        {"e4\u2047", 4, LibUnicodeAnnotation},
        {"e4\u2049", 5, LibUnicodeAnnotation},
        {"e4\u2048", 6, LibUnicodeAnnotation},
    };
    Position p = Position::startpos();
    for (const auto& c : cases) {
        INFO(c.text);
        San san;
        REQUIRE(parse_san(c.text, san));
        CHECK(int(san.suffix_nag) == c.nag);
        auto r = resolves(p, c.text);
        CHECK(r.move == Move(E2, E4));
        CHECK(r.liberties == c.lib);
    }
    Position mate = after_uci({"f2f3", "e7e5", "g2g4"});
    auto r = resolves(mate, "Qh4#!");
    CHECK(r.liberties == LibNone);
    CHECK(resolves(mate, "Qh4!#").liberties == LibNone);
    CHECK(parse_and_resolve(p, "e4!!!").error == SanError::Syntax);
    CHECK(parse_and_resolve(p, "e4?!?").error == SanError::Syntax);
}

// --- piece letters, figurines and languages -----------------------------------------------

TEST_CASE("san: piece letters in lower case and a pawn letter are flagged", "[san]") {
    Position p = Position::startpos();
    CHECK(resolves(p, "nf3").move == Move(G1, F3));
    CHECK(resolves(p, "nf3").liberties == LibPieceLowercase);
    CHECK(resolves(p, "Pe4").liberties == LibPawnLetter);
    CHECK(resolves(p, "Pe2e4").liberties == (LibPawnLetter | LibOverDisambiguated));
    CHECK(parse_and_resolve(p, "Xf3").error == SanError::Syntax);
}

TEST_CASE("san: figurines of either colour name the piece", "[san][fan]") {
    Position p = Position::startpos();
    auto r = resolves(p, "\u2658f3"); // ♘f3
    CHECK(r.move == Move(G1, F3));
    CHECK(r.liberties == LibFigurine);
    CHECK(resolves(p, "\u265Ef3").move == Move(G1, F3)); // ♞f3
    CHECK(resolves(p, "\u2659e4").liberties == (LibFigurine | LibPawnLetter));
    char buf[32];
    CHECK(std::string(buf, write_san(p, Move(G1, F3), buf, {}, true)) == "\u2658f3");

    Position black = after_uci({"e2e4"});
    CHECK(resolves(black, "\u265Ef6").move == Move(G8, F6));
    CHECK(resolves(black, "\u2658f6").move == Move(G8, F6));

    Position promo = from_fen("8/P7/8/7k/8/8/8/K7 w - - 0 1");
    const Move q(A7, A8, Move::Promotion, PieceType::Queen);
    CHECK(std::string(buf, write_san(promo, q, buf, {}, true)) == "a8=\u2655");
    CHECK(resolves(promo, "a8=\u2655").move == q);
    CHECK(resolves(promo, "a8=\u2655").liberties == LibFigurine);
}

TEST_CASE("san: German piece letters KDTLS", "[san][i18n]") {
    SanParseOptions de;
    de.piece_letters = "KDTLS";
    Position p = Position::startpos();
    CHECK(resolves(p, "Sf3", de).move == Move(G1, F3));
    CHECK(resolves(p, "Sf3", de).liberties == LibNone);
    CHECK(resolves(p, "e4", de).move == Move(E2, E4));
    CHECK(parse_and_resolve(p, "Nf3", de).error == SanError::Syntax);
    Position open = after_uci({"e2e4", "e7e5"});
    CHECK(resolves(open, "Lc4", de).move == Move(F1, C4));
    CHECK(resolves(open, "Dh5", de).move == Move(D1, H5));
    CHECK(resolves(open, "Ke2", de).move == Move(E1, E2));
    char buf[32];
    CHECK(std::string(buf, write_san(open, Move(F1, C4), buf, "KDTLS")) == "Lc4");
    CHECK(std::string(buf, write_san(open, Move(D1, H5), buf, "KDTLS")) == "Dh5");

    Position promo = from_fen("8/P7/8/7k/8/8/8/K7 w - - 0 1");
    CHECK(resolves(promo, "a8=D", de).move.promotion() == PieceType::Queen);
    CHECK(resolves(promo, "a8=S", de).move.promotion() == PieceType::Knight);
    CHECK(resolves(promo, "a7a8q", de).move.promotion() == PieceType::Queen); // UCI is English
    CHECK(std::string(buf, write_san(promo, Move(A7, A8, Move::Promotion, PieceType::Rook), buf,
                                     "KDTLS")) == "a8=T");
}

TEST_CASE("san: null moves only when allowed, never in check", "[san]") {
    Position p = Position::startpos();
    for (auto t : {"--", "Z0"}) {
        INFO(t);
        auto no = parse_and_resolve(p, t);
        CHECK_FALSE(no.ok);
        CHECK(no.error == SanError::NullNotAllowed);
        SanParseOptions opts;
        opts.allow_null = true;
        auto yes = parse_and_resolve(p, t, opts);
        CHECK(yes.ok);
        CHECK(yes.move.is_null());
    }
    SanParseOptions opts;
    opts.allow_null = true;
    Position check = from_fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    CHECK(parse_and_resolve(check, "--", opts).error == SanError::Illegal);
    CHECK(format_san(p, Move::null()) == "--");
}

// --- robustness ----------------------------------------------------------------------------

TEST_CASE("san: arbitrary bytes never crash the parser", "[san][fuzz]") {
    Position positions[] = {Position::startpos(), from_fen(Castles),
                            from_fen("8/P7/8/7k/8/8/8/K7 w - - 0 1"),
                            from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")};
    // Bytes that matter to the grammar, plus UTF-8 lead/continuation bytes and NUL.
    const char alphabet[] = "KQRBNPOo0Z-x:=/()+#!?.epabcdefgh12345678qnrk\xE2\x99\x80\x81\x94"
                            "\x98\xBC\x87\x89\xFF";
    std::uint64_t seed = 0x9E3779B97F4A7C15ULL;
    auto next = [&] {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        return seed;
    };
    SanParseOptions opts;
    opts.allow_null = true;
    int ok = 0;
    for (int i = 0; i < 200000; ++i) {
        char buf[48];
        const std::size_t len = next() % 12;
        for (std::size_t j = 0; j < len; ++j) {
            auto r = next();
            buf[j] = r % 16 == 0 ? char(r >> 8) : alphabet[(r >> 8) % (sizeof alphabet)];
        }
        const Position& pos = positions[i % 4];
        auto r = parse_and_resolve(pos, std::string_view(buf, len), opts);
        if (r.ok) {
            ++ok;
            if (!r.move.is_null()) {
                // Whatever was accepted is a legal move.
                REQUIRE(legal_moves(pos).contains(r.move));
            }
        }
    }
    CHECK(ok > 0);
    const std::string huge(100000, 'N');
    CHECK(parse_and_resolve(Position::startpos(), huge).error == SanError::Syntax);
    const std::string long_token = "Nf3" + std::string(60, '!');
    CHECK(parse_and_resolve(Position::startpos(), long_token).error == SanError::Syntax);
}
