// GBK and Big5 text (io/gbk.hpp): told from UTF-8, Latin-1 and each other, and read as UTF-8
// through open_input(), on the xqbase files of tests/data/xiangqi/games (GBK, CRLF) and the
// xqdb sample made Big5 and GBK (tests/data/xiangqi/encodings, tests/data/SOURCES.md).
#include "pgnkit/io/gbk.hpp"
#include "pgnkit/io/input.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <fstream>
#include <sstream>
#include <string>

using namespace pgnkit;

namespace {

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string games(const std::string& name) {
    return std::string(PGNKIT_CORPUS_DIR) + "/xiangqi/games/" + name;
}

/// The text of the one member of `data`, as open_input() hands it out (`max_read`: at most that
/// many bytes per read of the underlying memory), and the source's encoding facts.
struct Read {
    std::string text;
    Compression compression = Compression::None;
    std::string transcoded_from;
};
Read read_input(std::string data, std::size_t max_read = 0, std::size_t cap = 1 << 16) {
    auto mem = MemorySource::owning(std::move(data), "t.pgn");
    mem->set_max_read(max_read);
    auto members = open_input(std::move(mem));
    std::string member;
    auto src = members->next(member);
    REQUIRE(src);
    Read r;
    r.compression = src->compression();
    r.transcoded_from = std::string(src->transcoded_from());
    std::string buf(cap, '\0');
    while (std::size_t n = src->read(buf.data(), buf.size())) r.text.append(buf.data(), n);
    return r;
}

} // namespace

TEST_CASE("gbk: xiangqi move text and names are GBK, Latin-1 and UTF-8 are not") {
    // 炮二平五 马８进７ in GBK (GB2312 characters and full-width digits).
    const std::string moves =
        "1. \xC5\xDA\xB6\xFE\xC6\xBD\xCE\xE5 \xC2\xED\xA3\xB8\xBD\xF8\xA3\xB7";
    CHECK(looks_like_gbk(moves, false));
    CHECK(gbk_to_utf8(moves) == "1. 炮二平五 马８进７");
    // Traditional characters of GBK's extension (俥 82 65, 傌 82 D8, 進 DF 4D) among GB2312 ones.
    const std::string traditional = "\x82"
                                    "e\xD2\xBB\xC6\xBD\xB6\xFE \x82\xD8\xB0\xCB\xDFM\xC6\xDF "
                                    "\xC5\xDA\xB6\xFE\xC6\xBD\xCE\xE5";
    CHECK(looks_like_gbk(traditional, false));
    CHECK(gbk_to_utf8(traditional) == "俥一平二 傌八進七 炮二平五");
    // Latin-1 names: each accented letter between ASCII ones, or at a word's end.
    CHECK_FALSE(looks_like_gbk("[White \"M\xFCller\"]\n[Black \"\xC5str\xF6m\"]", false));
    CHECK_FALSE(looks_like_gbk("[White \"Jos\xE9\"]", false));
    CHECK_FALSE(looks_like_gbk("\x93quoted\x94", false));
    // UTF-8 read as Latin-1 and saved again (`MÃ¼ller`), beside a Latin-1 letter.
    CHECK_FALSE(looks_like_gbk("[White \"M\xC3\xBCller\"]\n[Black \"Jos\xE9 "
                               "\xC3\xA9\xC3\xA8\"]",
                               false));
    // One character is not enough to tell.
    CHECK_FALSE(looks_like_gbk("[Site \"\xB1\xB1\"]", false));
    // UTF-8 Chinese and plain ASCII.
    CHECK_FALSE(looks_like_gbk("1. 炮二平五 马８进７", false));
    CHECK_FALSE(looks_like_gbk("1. e4 e5", false));
    // A character cut by the end of the bytes looked at, when the text goes on.
    CHECK(looks_like_gbk(moves + " \xC5", true));
    CHECK_FALSE(looks_like_gbk(moves + " \xC5", false));
    // GB18030's four-byte characters (U+00DF ß is 81 30 89 38).
    CHECK(gbk_to_utf8("\x81\x30\x89\x38") == "ß");
    // A byte that begins no character becomes U+FFFD.
    CHECK(gbk_to_utf8("a\xFF"
                      "b") == "a\xEF\xBF\xBD"
                              "b");
    CHECK(gbk_to_utf8("a\xC5") == "a\xEF\xBF\xBD");
}

TEST_CASE("gbk: an xqbase file is read as UTF-8 with its names and moves") {
    const std::string raw = read_file(games("eleeye-ccgc2006/ccgc2006-01.pgn"));
    const Read r = read_input(raw);
    CHECK(r.compression == Compression::Gbk);
    CHECK(r.transcoded_from == gbk_name);
    CHECK(r.text.find("[Red \"宝岛一号\"]\r\n") != std::string::npos);
    CHECK(r.text.find("[Game \"Chinese Chess\"]\r\n") == 0);
    CHECK(r.text.find("[Site \"北京") != std::string::npos);
    CHECK(r.text.find("  1. 炮八平五 马２进３\r\n") != std::string::npos);
    CHECK(r.text == gbk_to_utf8(raw));
    // The same bytes, one at a time and read into small buffers: the same text.
    CHECK(read_input(raw, 1, 7).text == r.text);
    CHECK(read_input(raw, 3, 5).text == r.text);
}

TEST_CASE("gbk: every xqbase file of the corpus is GBK, the other xiangqi files are not") {
    for (int n : {1, 2, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 19, 20, 21, 22, 23, 24}) {
        const std::string name = fmt::format("eleeye-ccgc2006/ccgc2006-{:02}.pgn", n);
        INFO(name);
        const Read r = read_input(read_file(games(name)));
        CHECK(r.transcoded_from == gbk_name);
        CHECK(r.text.find("[Game \"Chinese Chess\"]") == 0);
        CHECK(r.text.find("平") != std::string::npos);
    }
    const Read h = read_input(read_file(games("eleeye-sample-handicap.pgn")));
    CHECK(h.transcoded_from == gbk_name);
    CHECK(h.text.find("[Red \"许银川\"]") != std::string::npos);
    CHECK(h.text.find("  3.          马８进７") != std::string::npos);
    for (const char* name :
         {"xqdb-sample-chinese.pgn", "xqdb-sample-wxf-fullwidth.pgn", "wukongjs-maxqi-1.pgn"}) {
        INFO(name);
        const std::string raw = read_file(games(name));
        const Read r = read_input(raw);
        CHECK(r.transcoded_from.empty());
        CHECK(r.compression == Compression::None);
        CHECK(r.text == raw);
    }
}

TEST_CASE("gbk: Latin-1 chess text is handed out as it is") {
    const std::string latin1 = "[Event \"T\"]\n[White \"M\xFCller, J\xF6rg\"]\n[Black "
                               "\"Jos\xE9 \xC1lvarez\"]\n\n1. e4 e5 1-0\n";
    const Read r = read_input(latin1);
    CHECK(r.text == latin1);
    CHECK(r.transcoded_from.empty());
    CHECK(r.compression == Compression::None);
}

namespace {
std::string encodings(const std::string& name) {
    return std::string(PGNKIT_CORPUS_DIR) + "/xiangqi/encodings/xqdb-sample-chinese-" + name;
}
} // namespace

TEST_CASE("big5: a Big5 file is read as UTF-8, and told from GBK, Latin-1 and UTF-8") {
    const std::string traditional = read_file(encodings("traditional.pgn"));
    const std::string big5 = read_file(encodings("big5.pgn"));
    const Read r = read_input(big5);
    CHECK(r.transcoded_from == big5_name);
    CHECK(r.compression == Compression::Big5);
    CHECK(r.text == traditional);
    CHECK(r.text.find("1. 炮二平五 馬８進７ 2. 馬二進三 車９平８") != std::string::npos);
    CHECK(big5_to_utf8(big5) == traditional);
    CHECK(read_input(big5, 1, 7).text == traditional);
    CHECK(read_input(big5, 5, 3).text == traditional);

    // The simplified text made GBK: GBK, not Big5 (its bytes read as Big5 hold no vocabulary).
    const std::string gbk = read_file(encodings("gbk.pgn"));
    CHECK(chinese_text_kind(gbk, false) == ChineseText::Gbk);
    const Read g = read_input(gbk);
    CHECK(g.transcoded_from == gbk_name);
    CHECK(g.text == read_file(games("xqdb-sample-chinese.pgn")));
    // The traditional text made GBK is GBK too, although GBK holds traditional characters.
    const std::string gbk_traditional = "1. \xC5\xDA\xB6\xFE\xC6\xBD\xCE\xE5 \xF1\x52\xA3\xB8"
                                        "\xDF\x4D\xC6\xDF";
    REQUIRE(gbk_to_utf8(gbk_traditional) == "1. 炮二平五 馬８進七");
    CHECK(chinese_text_kind(gbk_traditional, false) == ChineseText::Gbk);

    // Every xqbase file (GBK) stays GBK.
    for (int n : {1, 2, 5, 6, 7, 8}) {
        const std::string name = fmt::format("eleeye-ccgc2006/ccgc2006-{:02}.pgn", n);
        INFO(name);
        CHECK(chinese_text_kind(read_file(games(name)), false) == ChineseText::Gbk);
    }
    // Latin-1 and UTF-8 text is neither, although "M\xFCller" has Big5's shape (FC 6C).
    CHECK(chinese_text_kind("[White \"M\xFCller, J\xF6rg\"]\n[Black \"Jos\xE9 \xC1lvarez\"]",
                            false) == ChineseText::None);
    CHECK(chinese_text_kind("[White \"\xC9mile \xC7"
                            "a\xEFssa\"]\n1. e4 e5",
                            false) == ChineseText::None);
    CHECK(chinese_text_kind(traditional, false) == ChineseText::None);
    CHECK(chinese_text_kind("1. e4 e5", false) == ChineseText::None);
    // Big5 without xiangqi's vocabulary is not told (read as it is: Latin-1).
    CHECK(chinese_text_kind("[Site \"\xA5\x78\xA5\x5F\"]", false) == ChineseText::None);
}
