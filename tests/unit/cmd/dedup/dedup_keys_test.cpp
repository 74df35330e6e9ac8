#include "pgnkit/cmd/dedup/game_key.hpp"
#include "pgnkit/cmd/dedup/key_table.hpp"

#include "replay_games.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace pgnkit;
using namespace pgnkit::app;
using pgnkit::test::for_each_game;

namespace {

/// The keys of each game of `pgn` by `kind`.
std::vector<GameKeys> keys_of(const std::string& pgn, DedupKey kind) {
    std::vector<GameKeys> out;
    MemorySource src(pgn);
    ValidateOptions opts;
    opts.details = false; // as dedup runs it (src/cli/cmd_dedup.cpp)
    GameValidator validator(opts);
    GameKeyVisitor visitor(validator, kind);
    for_each_game(src, [&](const GameSpan& span, PgnReader& reader) {
        reader.read(span, visitor);
        visitor.finish(reader.last_game_utf8());
        out.push_back(visitor.keys());
    });
    return out;
}

const std::string game_a = "[White \"Carlsen, Magnus\"]\n[Black \"Nepomniachtchi, Ian\"]\n\n"
                           "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n";

} // namespace

TEST_CASE("dedup keys: the moves key ignores layout, comments, NAGs, variations and clocks",
          "[dedup]") {
    const std::string other = "[White \"Carlsen, Magnus\"]\n[Black \"Nepomniachtchi, Ian\"]\n\n"
                              "1.e4 {[%clk 0:03:00]} e5 $1 (1... c5 2. Nf3) 2.Nf3\nNc6 3.Bb5\n"
                              "a6 {end} 1-0\n\n";
    for (DedupKey k : {DedupKey::Moves, DedupKey::MovesPlayers, DedupKey::FinalPosition}) {
        const auto keys = keys_of(game_a + other, k);
        REQUIRE(keys.size() == 2);
        CHECK(keys[0].key == keys[1].key);
    }
    const auto keys = keys_of(game_a + other, DedupKey::Moves);
    CHECK(keys[1].annotations > keys[0].annotations);
    CHECK(keys[0].plies == 6);
}

TEST_CASE("dedup keys: one move more, less or other is another game", "[dedup]") {
    const std::string pgn = game_a +
                            "[White \"Carlsen, Magnus\"]\n[Black \"Nepomniachtchi, Ian\"]\n\n"
                            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a5 1-0\n\n"
                            "[White \"Carlsen, Magnus\"]\n[Black \"Nepomniachtchi, Ian\"]\n\n"
                            "1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0\n\n";
    for (DedupKey k : {DedupKey::Moves, DedupKey::MovesPlayers, DedupKey::FinalPosition}) {
        const auto keys = keys_of(pgn, k);
        REQUIRE(keys.size() == 3);
        CHECK(!(keys[0].key == keys[1].key));
        CHECK(!(keys[0].key == keys[2].key));
        CHECK(!(keys[1].key == keys[2].key));
    }
}

TEST_CASE("dedup keys: players compared folded, other players another game", "[dedup]") {
    const std::string spelled = "[White \"CARLSEN MAGNUS\"]\n[Black \"Nepomniachtchi,Ian\"]\n\n"
                                "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n";
    const std::string others = "[White \"Anand, V\"]\n[Black \"Nepomniachtchi, Ian\"]\n\n"
                               "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n";
    const auto mp = keys_of(game_a + spelled + others, DedupKey::MovesPlayers);
    CHECK(mp[0].key == mp[1].key);
    CHECK(!(mp[0].key == mp[2].key));
    const auto m = keys_of(game_a + spelled + others, DedupKey::Moves);
    CHECK(m[0].key == m[2].key);
}

TEST_CASE("dedup keys: a xiangqi game's Red player counts as its first player", "[dedup]") {
    // xqbase files name Red and Black, no White: games of other Red players are other games.
    const std::string moves = "\n1. h2e2 h9g7 2. h0g2 i9h9 1-0\n\n";
    const std::string red_a = "[Red \"Xu Yinchuan\"]\n[Black \"Lu Qin\"]\n" + moves;
    const std::string red_b = "[Red \"Hu Ronghua\"]\n[Black \"Lu Qin\"]\n" + moves;
    const std::string red_a_again = "[Red \"XU YINCHUAN\"]\n[Black \"Lu Qin\"]\n" + moves;
    // With a White tag too, White is keyed (as for every chess game).
    const std::string white =
        "[White \"Xu Yinchuan\"]\n[Red \"Other\"]\n[Black \"Lu Qin\"]\n" + moves;
    for (DedupKey kind : {DedupKey::MovesPlayers, DedupKey::Header}) {
        const auto k = keys_of(red_a + red_b + red_a_again + white, kind);
        CHECK(!(k[0].key == k[1].key));
        CHECK(k[0].key == k[2].key);
        CHECK(k[0].key == k[3].key);
    }
}

TEST_CASE("dedup keys: final position by FIDE identity, transpositions alike", "[dedup]") {
    const std::string pgn = "[White \"A\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 *\n\n"
                            "[White \"B\"]\n\n*\n\n"
                            "[White \"C\"]\n\n1. e4 *\n\n"
                            "[White \"D\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. e4 *\n\n";
    const auto k = keys_of(pgn, DedupKey::FinalPosition);
    CHECK(k[0].key == k[1].key); // the start position again (same castling rights, side)
    // after e4 the e3 square is an en-passant target no pawn can use: FIDE 9.2.3 ignores it
    CHECK(k[2].key == k[3].key);
    const auto m = keys_of(pgn, DedupKey::Moves);
    CHECK(!(m[0].key == m[1].key));
}

TEST_CASE("dedup keys: a game with an error is keyed by the moves before it and the rest as "
          "written",
          "[dedup]") {
    const std::string pgn = "[White \"A\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n"
                            "[White \"A\"]\n\n1. e4 e5 2. Kf3 *\n\n"
                            "[White \"A\"]\n\n1. e4 e5 *\n\n"
                            "[White \"A\"]\n\n1. e4 {a comment} e5\n2. Ke3 $1 (2. Nf3) Nc6 *\n\n"
                            "[White \"A\"]\n\n1. h2e2 h9g7 *\n\n"
                            "[White \"A\"]\n\n1. h2e2 b9c7 *\n\n";
    for (DedupKey kind : {DedupKey::Moves, DedupKey::MovesPlayers, DedupKey::FinalPosition}) {
        const auto k = keys_of(pgn, kind);
        CHECK(k[1].error);
        CHECK(k[0].error);
        CHECK(k[0].plies == 2);
        // Games that break off alike are the same only with the same rest (moves as written:
        // comments, NAGs, variations and layout do not count)...
        CHECK(!(k[0].key == k[1].key));
        CHECK(!(k[0].key == k[2].key));
        CHECK(k[0].key == k[3].key);
        // ...and games that break off at once (another game's notation: xiangqi coordinates
        // read as chess) are not all one game.
        CHECK(k[4].plies == 0);
        CHECK(!(k[4].key == k[5].key));
        CHECK(!k[2].error);
    }
}

TEST_CASE("dedup keys: header key folds the five tags", "[dedup]") {
    const std::string pgn =
        "[Event \"Open\"]\n[Date \"2024.01.02\"]\n[Round \"3\"]\n[White \"Li, X\"]\n"
        "[Black \"Ng, Y\"]\n\n1. d4 *\n\n"
        "[Event \"OPEN\"]\n[Date \"2024.01.02\"]\n[Round \"3\"]\n[White \"li x\"]\n"
        "[Black \"ng y\"]\n\n1. e4 *\n\n"
        "[Event \"Open\"]\n[Date \"2024.01.02\"]\n[Round \"4\"]\n[White \"Li, X\"]\n"
        "[Black \"Ng, Y\"]\n\n1. d4 *\n\n";
    const auto k = keys_of(pgn, DedupKey::Header);
    CHECK(k[0].key == k[1].key);
    CHECK(!(k[0].moves == k[1].moves));
    CHECK(!(k[0].key == k[2].key));
}

TEST_CASE("dedup key table: insert, find, grow, and the budget", "[dedup]") {
    KeyTable t(std::uint64_t{64} << 20);
    KeptGame existing;
    for (std::uint64_t i = 1; i <= 200000; ++i) {
        KeyHasher h;
        h.word(i);
        REQUIRE(t.insert(h.key(), KeptGame{std::uint32_t(i % 7), i, i * 10, i}, existing));
    }
    CHECK(t.size() == 200000);
    for (std::uint64_t i = 1; i <= 200000; i += 997) {
        KeyHasher h;
        h.word(i);
        REQUIRE(!t.insert(h.key(), KeptGame{}, existing));
        CHECK(existing.game == i);
        CHECK(existing.input == i % 7);
        CHECK(existing.offset == i * 10);
    }
    KeyHasher h;
    h.word(12345);
    t.replace(h.key(), KeptGame{1, 2, 3, 4});
    REQUIRE(t.find(h.key(), existing));
    CHECK(existing.game == 2);
    h.word(0);
    CHECK(!t.find(h.key(), existing));

    KeyTable small(std::uint64_t{8} << 20);
    bool full = false;
    try {
        for (std::uint64_t i = 1; i <= 1000000; ++i) {
            KeyHasher g;
            g.word(i);
            small.insert(g.key(), KeptGame{}, existing);
        }
    } catch (const KeyTableFull&) {
        full = true;
    }
    CHECK(full);
    CHECK(small.bytes() <= (std::uint64_t{8} << 20));
    CHECK(KeyTable::games_within(std::uint64_t{16} << 30) >= 100000000);
}

TEST_CASE("dedup keys: hex round trip", "[dedup]") {
    const Key128 k{0x0123456789abcdefULL, 0xfedcba9876543210ULL};
    CHECK(key_hex(k) == "0123456789abcdeffedcba9876543210");
    Key128 back;
    REQUIRE(parse_key_hex(key_hex(k), back));
    CHECK(back == k);
    CHECK(!parse_key_hex("xyz", back));
}
