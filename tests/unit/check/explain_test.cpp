// The explanations of a move that cannot be played: the rule an illegal move breaks, what
// makes a token no SAN.

#include "validator_test_util.hpp"

#include "pgnkit/check/validator.hpp"
#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/san.hpp"
#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

using namespace pgnkit;
using namespace pgnkit::test;

TEST_CASE("validator: an illegal move's message gives the rule it breaks", "[validator]") {
    struct Case {
        const char* fen;
        const char* movetext;
        const char* reason; ///< how the message ends
        const char* tags = "";
    };
    const Case cases[] = {
        // The king's safety: into check, a pin, a check not answered, en passant opening a line.
        {"4k3/p7/8/8/8/8/5r2/4K3 w - - 0 1", "1. Kf1 *",
         "the king cannot move into check: f1 is attacked by the rook on f2"},
        {"4r1k1/p7/8/8/8/8/4N3/4K3 w - - 0 1", "1. Nc3 *",
         "the knight on e2 is pinned to its king by the rook on e8"},
        {"4r1k1/p7/8/8/8/8/8/R3K3 w - - 0 1", "1. Ra2 *",
         "it does not get the king out of check from the rook on e8"},
        {"8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1", "1. exd6 *",
         "taking en passant would expose the king to the rook on h5"},
        // Pawns: blocked, no straight capture, nothing to take, en passant too late, promotion.
        {"4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "1. e4 *",
         "the pawn on e2 is blocked by the knight on e3"},
        {"4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "1. e3 *",
         "a pawn cannot move forward onto the knight on e3 (it captures only "
         "diagonally)"},
        {"4k3/p7/8/8/8/8/4P3/4K3 w - - 0 1", "1. exd3 *", "there is nothing to capture on d3"},
        {"4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "1. e4 Kd7 2. Kd2 dxe3 *",
         "there is nothing to capture on e3: en passant is allowed only on the "
         "move right after the pawn's two-square step"},
        {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "1. a8 *",
         "a pawn that reaches the last rank must promote"},
        {"4k3/8/P7/8/8/8/8/4K3 w - - 0 1", "1. a7=Q *", "a pawn can promote only on the last rank"},
        {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "1. a8=K *", "a pawn cannot promote to a king"},
        // Pieces: a slider's way blocked, a disambiguation that names no piece able to move.
        {"6k1/p7/8/8/8/8/P7/R5K1 w - - 0 1", "1. Ra5 *",
         "the rook on a1 cannot move to a5: the pawn on a2 is in the way"},
        {"6k1/p7/8/8/8/5N2/P7/6K1 w - - 0 1", "1. Nbd2 *",
         "no knight on the b-file can move to d2"},
        {"6k1/p7/8/8/8/8/P7/1N4K1 w - - 0 1", "1. b1b3 *", "the knight on b1 cannot move to b3"},
        // A move of the side not to move: a move missing or written twice before it.
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "1. e4 e5 2. Nf3 Nc3 *",
         "no knight can move to c3 (it is Black's move, and it would be legal for "
         "White: is a move missing or written twice before it?)"},
        {"4k3/8/8/8/8/8/p7/4K3 w - - 0 1", "1. a1=Q *",
         "no pawn can move to a1 (it is White's move, and it would be legal for Black: does the "
         "FEN give the wrong side to move?)"},
        // Castling: the right, the way, the squares the king crosses and reaches, also Chess960.
        {"4k3/p7/8/8/8/8/P7/4K2R w - - 0 1", "1. O-O *", "White has no right to castle kingside"},
        {"4k3/p7/8/8/8/8/P7/4KB1R w K - 0 1", "1. O-O *",
         "castling is blocked by the bishop on f1"},
        {"4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", "1. O-O *",
         "the king would pass through f1, which is attacked by the rook on f2"},
        {"4k3/8/8/8/8/8/6r1/4K2R w K - 0 1", "1. O-O *",
         "the king would be in check on g1 from the rook on g2"},
        {"1r1rk3/p7/8/8/8/8/P7/1R2K3 w Bb - 0 1", "1. O-O-O *",
         "the king would pass through d1, which is attacked by the rook on d8",
         "[Variant \"Chess960\"]\n"},
        {"4r1k1/p7/8/8/8/8/P7/4K2R w K - 0 1", "1. O-O *",
         "the king is in check from the rook on e8, and castling out of check is "
         "not allowed"},
    };
    for (const Case& c : cases) {
        INFO(c.fen << "  " << c.movetext);
        CHECK_THAT(illegal_message(c.fen, c.movetext, c.tags), Catch::Matchers::EndsWith(c.reason));
    }
}

TEST_CASE("validator: a move that is no SAN says what is wrong where a rule of thumb tells",
          "[validator]") {
    const auto message = [](const std::string& movetext) {
        return first_message(game(movetext), Code::BadSan);
    };
    CHECK(message("1. Nf9 *") == "'Nf9' at move 1. is not a move in SAN: 'f9' is not a square");
    CHECK(message("1. Zf3 *") ==
          "'Zf3' at move 1. is not a move in SAN: 'Z' is not a piece letter (K, Q, R, B, N; "
          "--piece-letters reads another language's)");
    CHECK(message("1. Event *") == "'Event' at move 1. is not a move in SAN");
    CHECK(message("1. P@e4 *") == "'P@e4' at move 1. is not a move in SAN: a piece drop ('@', as "
                                  "in crazyhouse) is not a chess move");
    CHECK(message("1. Qxx3 *") == "'Qxx3' at move 1. is not a move in SAN");
}

TEST_CASE("validator: every illegal move of a sweep over many positions gets its reason",
          "[validator]") {
    // Every token shape the explanation reads (piece moves and captures to every square,
    // disambiguated and coordinate moves, pawn pushes, captures and promotions, castling, a
    // null move) in the positions of a perft suite, standard and Chess960: each illegal one
    // must get a reason of its own, not the fallback (and, in the sanitizer tree, none may
    // reach undefined behaviour).
    std::vector<std::string> tokens = {"O-O", "O-O-O", "e2e4", "g1f3", "e7e5", "--"};
    const std::string files = "abcdefgh";
    for (const char* piece : {"N", "B", "R", "Q", "K"}) {
        for (char f : files)
            for (char r = '1'; r <= '8'; ++r) {
                tokens.push_back(std::string(piece) + f + r);
                tokens.push_back(std::string(piece) + "x" + f + r);
            }
        for (const char* rest : {"bd2", "1e4", "a1h8"}) tokens.push_back(std::string(piece) + rest);
    }
    for (std::size_t fi = 0; fi < 8; ++fi)
        for (char r = '1'; r <= '8'; ++r) {
            const std::string sq = std::string(1, files[fi]) + r;
            tokens.push_back(sq);
            if (r == '1' || r == '8')
                for (const char* q : {"=Q", "=N", "=K"}) tokens.push_back(sq + q);
            if (fi > 0) tokens.push_back(std::string(1, files[fi - 1]) + "x" + sq);
            if (fi < 7) tokens.push_back(std::string(1, files[fi + 1]) + "x" + sq);
        }
    struct Suite {
        const char* file;
        bool chess960;
        int every; ///< one position of so many
    };
    int illegal = 0;
    for (const Suite& suite : {Suite{"standard.epd", false, 1}, Suite{"fischer.epd", true, 32}}) {
        std::ifstream in(std::string(PGNKIT_CORPUS_DIR) + "/perft/ethereal/" + suite.file);
        REQUIRE(in);
        std::string line;
        for (int n = 0; std::getline(in, line); ++n) {
            if (line.empty() || line[0] == '#' || n % suite.every != 0) continue;
            const std::string fen = line.substr(0, line.find(" ;"));
            std::string pgn;
            for (const std::string& t : tokens)
                pgn +=
                    game("1. " + t + " *", "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n" +
                                               (suite.chess960 ? "[Variant \"Chess960\"]\n" : ""));
            each_diagnostic(pgn, [&](const Diagnostic& d) {
                if (d.code != Code::IllegalMove) return;
                ++illegal;
                INFO(fen);
                CHECK_THAT(d.message, !Catch::Matchers::Contains("not a legal move"));
            });
        }
    }
    CHECK(illegal > 100000); // the sweep ran (135,880 illegal moves)
}
