// The fast paths of the PGN input layer (plain tag lines in the splitter and the reader, the
// movetext token loop with its 16-byte delimiter windows) must give exactly what the general
// paths give: the same games, tags, tokens and locations, whatever the read size.
#include "pgn_test_util.hpp"
#include "pgnkit/pgn/scan.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace pgnkit;
using namespace pgnkit::test;

namespace {

/// Every game's text, position and reader events, as one list of lines.
std::vector<std::string> summary(const std::vector<ReadGame>& games) {
    std::vector<std::string> out;
    for (const ReadGame& g : games) {
        out.push_back(fmt::format("game @{}+{} {}", g.first_line, g.offset, g.text.size()));
        for (const std::string& e : g.rec.events) out.push_back(e);
        for (const Diagnostic& d : g.rec.diags)
            out.push_back(fmt::format("diag {} {}:{} {}", code_info(d.code).name, d.loc.line,
                                      d.loc.column, d.loc.offset));
    }
    return out;
}

std::string tag_section(std::string_view eol) {
    // Names of 1 to 17 bytes (the word hash of the splitter changes at 8 and 16), values
    // from empty to longer than a 32-byte window, blanks, escapes and a few malformed lines.
    std::string t;
    const char* names[] = {"E",
                           "Si",
                           "Dat",
                           "Roun",
                           "White",
                           "Blacks",
                           "ResultX",
                           "WhiteElo",
                           "BlackElo9",
                           "TimeControl",
                           "Termination",
                           "WhiteRatingDif",
                           "BlackRatingDiff",
                           "WhiteRatingDiff",
                           "WhiteRatingDiffs",
                           "Opening_Long-Name"};
    int k = 0;
    for (const char* n : names) {
        std::string value(static_cast<std::size_t>(k * 3), static_cast<char>('a' + k));
        t += fmt::format("[{} \"{}\"]{}", n, value, eol);
        ++k;
    }
    t += std::string("[Esc \"a \\\"quoted\\\" \\\\ value\"]") + std::string(eol);
    t += std::string("[Spaced   \"v\"   ]  ") + std::string(eol);
    t += std::string("[ Blank \"v\"]") + std::string(eol);
    t += std::string("[Tab\t\"v\"]\t") + std::string(eol);
    t += std::string("[Two \"a\"] [Three \"b\"]") + std::string(eol);
    t += std::string("[NoValue]") + std::string(eol);
    t += std::string("[Open \"not closed") + std::string(eol);
    t += std::string("[Inner \"a \"b\" c\"]") + std::string(eol);
    return t;
}

std::string games_text(std::string_view eol) {
    std::string e(eol);
    std::string s;
    s += tag_section(eol) + e + "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 " +
         "7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 1-0" + e +
         e;
    // A blank line, then a name already seen: a new game (tags-only).
    s +=
        "[Event \"a\"]" + e + "[Site \"b\"]" + e + e + "[Event \"c\"]" + e + "[Site \"d\"]" + e + e;
    // Tokens of every length across window boundaries, glued move numbers, glyphs, checks.
    s += "[Event \"w\"]" + e + e + "1.e4 e5 2.Nf3 Nc6 3.Bb5!? a6 4.Ba4 Nf6 5.O-O Be7 6.Re1+ b5 " +
         "7.Bb3 d6 8.c3 O-O 9.h3 Nb8 10.d4 Nbd7 11.c4 c6 12.cxb5 axb5 13.Nc3 Bb7 14.Bg5 b4 " + e +
         "15.Nb1 h6 16.Bh4 c5 17.dxe5 Nxe4 18.Bxe7 Qxe7 19.exd6 Qf6 20.Nbd2 Nxd6 21.Nc4 Nxc4 " +
         "22.Bxc4 Nb6 23.Ne5 Rae8 24.Bxf7+ Rxf7 25.Nxf7 Rxe1+ 26.Qxe1 Kxf7 27.Qe3 Qg5 " +
         "28.Qxg5 hxg5 29.b3 Ke6 30.a3 Kd6 31.axb4 cxb4 32.Ra5 Nd5 33.f3 Bc8 34.Kf2 Bf5 " +
         "35.Ra7 g6 36.Ra6+ Kc5 37.Ke1 Nf4 38.g3 Nxh3 39.Kd2 Kb5 40.Rd6 Kc5 41.Ra6 Nf2 " +
         "42.g4 Bd3 43.Re6 1/2-1/2" + e + e;
    s += "[Event \"x\"]" + e + e + "1... Nf6 $1 2. N ?! 3. Qh4+- e5=Q# {a comment} (2... d5) 1-0" +
         e + e;
    // Comments of 0 to 40 bytes (across the 16-byte windows), one over two lines, clocks.
    s += "[Event \"z\"]" + e + e + "1. e4";
    for (std::size_t k = 0; k <= 40; ++k)
        s += " {" + std::string(k, static_cast<char>('a' + k % 26)) + "} " +
             (k % 2 == 0 ? "Nf6" : "Ng8");
    s += " {a comment" + e + "over two lines} 2. d4 { [%clk 0:03:00] } d5 { [%clk 0:02:59] } *" +
         e + e;
    // Parentheses and braces in comments, braces in variations, stray closers, `;`.
    s += "[Event \"v\"]" + e + e + "1. e4 { [%clk 0:03:00] (not a variation { } e5 (1... c5 " +
         "{ a comment } 2. Nf3 ) } 2. Nf3 ) Nc6 ; rest { of the line" + e + "3. Bb5 {x" + e + e +
         "[Event \"u\"]" + e + "y} a6 { a much longer comment that goes over two 32-byte blocks" +
         " ( ) ; } *" + e + e;
    s += "[Event \"y\"]" + e + e + "1. e4 e5 *";
    return s;
}

} // namespace

TEST_CASE("fast paths: the same games, tags, tokens and locations at every read size",
          "[splitter][reader]") {
    for (std::string_view eol : {"\n", "\r\n", "\r"}) {
        const std::string text = games_text(eol);
        const auto whole = summary(read_string(text));
        REQUIRE(whole.size() > 100);
        for (std::size_t max_read : {1, 2, 3, 5, 7, 8, 13, 16, 31, 32, 33, 64, 100}) {
            INFO("eol " << eol.size() << " max_read " << max_read);
            CHECK(summary(read_string(text, max_read)) == whole);
        }
    }
}

TEST_CASE("fast paths: a plain tag reads as the general tag parser reads it", "[reader]") {
    const std::string pad(40, '\n');
    for (std::string line :
         {"[Event \"Rated Blitz game\"]", "[E \"\"]", "[WhiteElo \"1500\"]",
          "[WhiteRatingDiff \"-5\"]", "[Site   \"x\"  ]", "[ABCDEFGHIJKLMNO \"v\"]",
          "[Annotator \"a value longer than the thirty-two byte window\"]"}) {
        INFO(line);
        std::string text = line + pad;
        detail::TagParse fast;
        REQUIRE(detail::parse_plain_tag(text.data(), 0, text.size(), fast));
        detail::TagParse general;
        std::string buf;
        detail::parse_tag(text, 0, line.size(), buf, general);
        CHECK(fast.name == general.name);
        CHECK(fast.value == general.value);
        CHECK(fast.end == general.end);
        CHECK(fast.deliver == general.deliver);
        CHECK(general.problem == nullptr);
    }
    // Escapes, odd spacing, malformed tags and names of 16 bytes or more: the general path.
    for (std::string line :
         {"[Event \"a \\\"b\\\"\"]", "[ Event \"x\"]", "[Event]", "[ABCDEFGHIJKLMNOP \"v\"]",
          "[Event \"x\" junk]", "[Event \"open", "[\"x\"]"}) {
        INFO(line);
        std::string text = line + pad;
        detail::TagParse fast;
        CHECK_FALSE(detail::parse_plain_tag(text.data(), 0, text.size(), fast));
    }
}

TEST_CASE("fast paths: move columns across 16-byte windows", "[reader]") {
    // Tokens of 1 to 20 bytes: each move's column is where it starts on the line.
    std::string line = "1. ";
    std::vector<std::pair<std::string, std::size_t>> expect;
    const char* moves[] = {"e4", "Nf3", "exd5", "Nbxd7", "Qh4xe7+", "O-O-O", "a", "Rxa8=Q#"};
    for (int k = 0; k < 40; ++k) {
        std::string m = moves[k % 8];
        if (k % 5 == 4) m += std::string(static_cast<std::size_t>(k % 13), 'x');
        if (m == "a") m = "b";
        expect.emplace_back(m, line.size() + 1);
        line += m + std::string(static_cast<std::size_t>(1 + k % 3), ' ');
    }
    line += "*";
    auto games = read_string(line);
    REQUIRE(games.size() == 1);
    std::vector<std::pair<std::string, std::size_t>> got;
    for (const std::string& e : games[0].rec.events) {
        if (e.rfind("move ", 0) != 0) continue;
        std::size_t at = e.find(" @");
        std::size_t colon = e.find(':', at);
        got.emplace_back(e.substr(5, at - 5), std::stoul(e.substr(colon + 1)));
    }
    CHECK(got == expect);
}

#ifdef __SSE2__
TEST_CASE("fast paths: the 16-byte tag name class is the byte class", "[reader][splitter]") {
    for (int b = 0; b < 256; ++b) {
        for (std::size_t k = 0; k < 16; ++k) {
            char buf[16];
            for (std::size_t m = 0; m < 16; ++m) buf[m] = static_cast<char>((b + 7 * m) & 0xFF);
            buf[k] = static_cast<char>(b);
            unsigned expect = 0;
            for (std::size_t m = 0; m < 16; ++m)
                if (detail::is_tag_name_char(buf[m])) expect |= 1u << m;
            INFO("byte " << b << " at " << k);
            CHECK(simd::sse2::tag_name_mask(buf) == expect);
        }
    }
}

TEST_CASE("fast paths: the move tokens' delimiter window holds every delimiter", "[reader]") {
    // delim_superset_mask() may flag more than delim_mask() (the reader then looks at the
    // byte), never less; and only the bytes it documents.
    const auto extra_ok = [](int b) {
        return b == '!' || b == '#' || b == '%' || b == '&' || b == '\'' || b == 'Y' || b == '_' ||
               b == 'y' || b >= 0x80;
    };
    for (int b = 0; b < 256; ++b) {
        for (std::size_t k = 0; k < 16; ++k) {
            char buf[16];
            for (std::size_t m = 0; m < 16; ++m) buf[m] = static_cast<char>((b + 7 * m) & 0xFF);
            buf[k] = static_cast<char>(b);
            const std::uint32_t exact = simd::sse2::delim_mask(buf);
            const std::uint32_t super = simd::sse2::delim_superset_mask(buf);
            INFO("byte " << b << " at " << k);
            CHECK((exact & ~super) == 0);
            for (std::size_t m = 0; m < 16; ++m)
                if ((super & ~exact) >> m & 1) CHECK(extra_ok(static_cast<unsigned char>(buf[m])));
        }
    }
}
#endif

TEST_CASE("fast paths: the move tokens' end is the first delimiter, whatever byte comes first",
          "[reader]") {
    // A move glued to each byte value, read near the game's end (fewer than 16 bytes left:
    // the scalar token end) and far from it (the 16-byte window): the same first token.
    const auto first_move = [](const std::string& text) {
        for (const ReadGame& g : read_string(text))
            for (const std::string& e : g.rec.events)
                if (e.rfind("move ", 0) == 0) return e;
        return std::string();
    };
    for (int b = 1; b < 256; ++b) {
        std::string glued = "1. Nf3";
        glued += static_cast<char>(b);
        glued += "Nc6";
        const std::string near = first_move(glued + " *");
        const std::string far = first_move(glued + " 2. e4 e5 3. d4 d5 4. c4 c5 *");
        INFO("byte " << b);
        CHECK_FALSE(near.empty());
        CHECK(near == far);
        if (detail::syntax_classes[static_cast<unsigned char>(b)] & detail::tok_delim)
            CHECK(near.rfind("move Nf3 @", 0) == 0);
    }
}

TEST_CASE("fast paths: the branch-free glued glyph test is may_end_with_glyph", "[reader]") {
    // Every pair of last two bytes, behind a move-like start and alone.
    for (int a = 0; a < 256; ++a) {
        for (int b = 0; b < 256; ++b) {
            std::string t = "Nf3";
            t += static_cast<char>(a);
            t += static_cast<char>(b);
            for (std::size_t from : {std::size_t(0), std::size_t(3)}) {
                const std::string_view tok = std::string_view(t).substr(from);
                if (detail::ends_with_glyph(tok.data(), tok.size()) !=
                    detail::may_end_with_glyph(tok)) {
                    INFO("bytes " << a << " " << b << " from " << from);
                    CHECK(false);
                }
            }
        }
    }
    CHECK(detail::ends_with_glyph("e4-+", 4));
    CHECK(detail::ends_with_glyph("e4!", 3));
    CHECK_FALSE(detail::ends_with_glyph("Nf3+", 4));
    CHECK_FALSE(detail::ends_with_glyph("O-O", 3));
}
