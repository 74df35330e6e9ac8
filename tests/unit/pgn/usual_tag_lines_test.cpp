// The splitter's loop for the most usual tag lines (a name of letters, one space, the quoted
// value, `]` and the line break: GameSplitter::usual_tag_lines) must split, mark and hand over
// exactly what the general paths do with every other shape next to it: runs longer than its
// buffer, values on both sides of its 32-byte window, escapes, blanks, names of every length,
// repeated names, every line end and every read size (small reads leave it no 64 bytes ahead).
#include "pgn_test_util.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace pgnkit;
using namespace pgnkit::test;

namespace {

std::vector<std::string> read_log(const std::string& text, std::size_t max_read, bool marks,
                                  std::size_t* marked = nullptr) {
    MemorySource src(text);
    src.set_max_read(max_read);
    GameSplitter splitter(src);
    PgnReader reader;
    GameSpan span;
    std::vector<std::string> out;
    while (splitter.next(span)) {
        if (marked) *marked += span.tags.size();
        GameSpan s = span;
        if (!marks) s.tags = {};
        TagLocRecorder rec;
        reader.read(s, rec);
        out.push_back(fmt::format("game @{}+{} {}", span.first_line, span.offset, span.length));
        for (const std::string& e : rec.events) out.push_back(e);
        for (const Diagnostic& d : rec.diags)
            out.push_back(fmt::format("diag {} {}:{}+{}", code_info(d.code).name, d.loc.line,
                                      d.loc.column, d.loc.offset));
    }
    return out;
}

/// A name of `len` letters (`k` picks the letters).
std::string letters(std::size_t len, std::size_t k) {
    std::string n;
    for (std::size_t i = 0; i < len; ++i)
        n += static_cast<char>((i + k) % 2 == 0 ? 'A' + (i + k) % 26 : 'a' + (i * 7 + k) % 26);
    return n;
}

/// The k-th of several names of letters only (the fast loop's names), all different.
std::string nth_name(std::size_t k) {
    std::string n = "Nm";
    n.push_back(static_cast<char>('a' + k / 26));
    n.push_back(static_cast<char>('a' + k % 26));
    return n;
}

std::string usual_text(std::string_view eol) {
    const std::string e(eol);
    std::string s;
    // Runs of 1 to 40 usual lines (the loop's buffer holds 32), values of 0 to 40 bytes (the
    // closing quote on both sides of the 32-byte window), names of 1 to 16 letters.
    for (std::size_t run = 1; run <= 40; run += 3) {
        for (std::size_t k = 0; k < run; ++k) {
            const std::size_t vlen = (run * 7 + k * 5) % 41;
            s += fmt::format("[{} \"{}\"]{}", letters(1 + (k + run) % 15, k),
                             std::string(vlen, static_cast<char>('a' + k % 26)), e);
        }
        s += e + "1. e4 *" + e + e;
    }
    // Every other shape between usual lines: each breaks the run and the next one resumes it.
    const std::vector<std::string> odd = {
        "[Esc \"a \\\"q\\\" b\"]",                       // escapes
        "[Bs \"0123456789abcd\\\\ef0123456789abcdef\"]", // a backslash at the window's middle
        "[Bs2 \"0123456789abcdef0123456789abcde\\\\\"]", // and at its end
        "[Sp \"v\" ]",                                   // a blank before `]`
        "[Tr \"v\"]  ",                                  // blanks before the line break
        "[Tb \"v\"]\t",
        "[NoBlank\"v\"]",            // no blank after the name
        "[Two  \"v\"]",              // two blanks after the name
        "[Tab\t\"v\"]",              // a tab after the name
        "[Br \"a]b\"]",              // `]` inside the value
        "[Br2 \"]\"]",               // the value a bracket
        "[Digit9 \"v\"]",            // a name with a digit
        "[Under_score \"v\"]",       // with an underscore
        "[SixteenLetterNm \"v\"]",   // 15 letters
        "[SixteenLettersNm \"v\"]",  // 16 letters
        "[SeventeenLettersN \"v\"]", // 17 letters
        "[ Lead \"v\"]",             // a blank after `[`
        "[Two \"a\"] [Three \"b\"]", // two tags on a line
        "[NoValue]",                 // malformed
        "[Open \"not closed",        // the value runs to the line end
        "[Ctl \"a\x01b\"]",
        "[TabV \"a\tb\"]",
        "[Del \"a\x7f\x0e\"]",                      // a control byte in the value
        "[Utf \"J\xC3\xBCrgen\"]",                  // UTF-8 in the value
        "[Long \"" + std::string(70, 'v') + "\"]"}; // past the loop's 64 bytes ahead
    for (std::size_t i = 0; i < odd.size(); ++i) {
        s += "[Event \"e\"]" + e + "[Site \"s\"]" + e + odd[i] + e + "[Date \"2024.01.01\"]" + e +
             "[Round \"1\"]" + e + "[White \"w\"]" + e + e + "1. d4 *" + e + e;
    }
    // A repeated name in a section (a duplicate, the same game); after a blank line a new name
    // (the same game) and a repeated one (the next game); a tags-only file.
    s += "[Event \"a\"]" + e + "[Site \"b\"]" + e + "[Event \"c\"]" + e + "[Date \"d\"]" + e + e +
         "[Round \"e\"]" + e + "[White \"f\"]" + e + e + "[Site \"g\"]" + e + "[Black \"h\"]" + e +
         e + "[Event \"i\"]" + e + "[Site \"j\"]" + e + "[Date \"k\"]" + e + e;
    // Tags right after a game without a result; a stray tag in movetext.
    s += "1. e4 e5" + e + "[Event \"l\"]" + e + "[Site \"m\"]" + e + "[Date \"n\"]" + e + e +
         "1. c4 c5" + e + "[Annotator \"o\"]" + e + "[Source \"p\"]" + e + "2. Nc3 *" + e + e;
    // The last lines end the input (the last one without a line break).
    s += "[Event \"q\"]" + e + "[Site \"r\"]" + e + "[Date \"s\"]";
    return s;
}

} // namespace

TEST_CASE("usual tag lines: the same games, tags, locations and marks at every read size",
          "[splitter][reader]") {
    for (std::string_view eol : {"\n", "\r\n", "\r"}) {
        const std::string text = usual_text(eol);
        std::size_t marked = 0;
        const auto whole = read_log(text, 0, true, &marked);
        REQUIRE(whole.size() > 500);
        CHECK(marked > 400); // the fast loop was taken
        INFO("eol " << eol.size());
        CHECK(read_log(text, 0, false) == whole);
        for (std::size_t max_read : {1, 2, 3, 5, 7, 13, 16, 31, 32, 33, 63, 64, 65, 100, 129}) {
            INFO("max_read " << max_read);
            CHECK(read_log(text, max_read, true) == whole);
            CHECK(read_log(text, max_read, false) == whole);
        }
    }
}

TEST_CASE("usual tag lines: a repeated name after a blank line starts the next game",
          "[splitter]") {
    const std::string tags = "[Event \"a\"]\n[Site \"b\"]\n[Date \"c\"]\n[Round \"d\"]\n";
    // After the first line of the section the usual lines go through the fast loop: the names
    // it records must be what the blank line's test sees.
    auto g = read_string(tags + "\n[Round \"e\"]\n[White \"f\"]\n\n*\n");
    REQUIRE(g.size() == 2);
    CHECK(g[0].rec.tags.size() == 4);
    CHECK(g[1].rec.tags.size() == 2);
    auto h = read_string(tags + "\n[White \"e\"]\n[Black \"f\"]\n\n*\n");
    REQUIRE(h.size() == 1);
    CHECK(h[0].rec.tags.size() == 6);
    // More lines than the loop's buffer: the names past it are recorded too.
    std::string many;
    for (std::size_t k = 0; k < 45; ++k) many += fmt::format("[{} \"v\"]\n", nth_name(k));
    for (std::size_t k : {0, 1, 30, 31, 32, 33, 44}) {
        const std::string again = fmt::format("[{} \"w\"]\n", nth_name(k));
        INFO("repeated line " << k);
        CHECK(read_string(many + "\n" + again + "\n*\n").size() == 2);
    }
}
