// Inputs (io/input.hpp): archives and libarchive's streams read member by member, binary data
// told from text (io/text_guard.hpp). The archives are written here with libarchive's writer.
#include "pgnkit/io/input.hpp"
#include "pgnkit/io/text_guard.hpp"

#include <archive.h>
#include <archive_entry.h>
#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>
#include <zlib.h>

using namespace pgnkit;

namespace {

struct Entry {
    Entry(std::string p, std::string t, int ty = AE_IFREG, std::string l = "")
        : path(std::move(p)), text(std::move(t)), type(ty), link(std::move(l)) {}
    std::string path, text;
    int type;
    std::string link; ///< the target of a symbolic link
};

/// An archive of `format` (ARCHIVE_FORMAT_ZIP, _TAR_USTAR, _RAW …) through `filter`.
std::string make_archive(int format, int filter, const std::vector<Entry>& entries) {
    archive* a = archive_write_new();
    REQUIRE(archive_write_set_format(a, format) == ARCHIVE_OK);
    if (filter != ARCHIVE_FILTER_NONE) REQUIRE(archive_write_add_filter(a, filter) == ARCHIVE_OK);
    archive_write_set_bytes_in_last_block(a, 1); // no padding after the end
    std::string out(std::size_t{4} << 20, '\0');
    std::size_t used = 0;
    REQUIRE(archive_write_open_memory(a, out.data(), out.size(), &used) == ARCHIVE_OK);
    for (const Entry& e : entries) {
        archive_entry* en = archive_entry_new();
        archive_entry_set_pathname(en, e.path.c_str());
        archive_entry_set_filetype(en, static_cast<unsigned>(e.type));
        archive_entry_set_perm(en, 0644);
        archive_entry_set_size(en, e.type == AE_IFREG ? la_int64_t(e.text.size()) : 0);
        if (!e.link.empty()) archive_entry_set_symlink(en, e.link.c_str());
        REQUIRE(archive_write_header(a, en) == ARCHIVE_OK);
        if (e.type == AE_IFREG)
            REQUIRE(archive_write_data(a, e.text.data(), e.text.size()) ==
                    la_ssize_t(e.text.size()));
        archive_entry_free(en);
    }
    REQUIRE(archive_write_close(a) == ARCHIVE_OK);
    archive_write_free(a);
    out.resize(used);
    return out;
}

std::string drain(ByteSource& src, std::string* error = nullptr) {
    std::string out, buf(1 << 16, '\0');
    try {
        while (std::size_t n = src.read(buf.data(), buf.size())) out.append(buf.data(), n);
    } catch (const IoError& e) {
        if (!error) throw;
        *error = e.what();
    }
    return out;
}

/// Every member of `data` (read as input `name`): its name() and text.
std::vector<std::pair<std::string, std::string>> members_of(std::string data, std::string name,
                                                            std::string* error = nullptr) {
    auto in = open_input(MemorySource::owning(std::move(data), std::move(name)));
    std::vector<std::pair<std::string, std::string>> out;
    std::string member;
    try {
        while (auto src = in->next(member)) {
            std::string text = drain(*src, error);
            out.emplace_back(std::string(src->name()), std::move(text));
            if (error && !error->empty()) break;
        }
    } catch (const IoError& e) {
        if (!error) throw;
        *error = e.what();
    }
    return out;
}

const std::string game1 = "[Event \"one\"]\n\n1. e4 e5 1-0\n\n";
const std::string game2 = "[Event \"two\"]\n\n1. d4 d5 0-1\n\n";

} // namespace

TEST_CASE("io: binary_data_at finds a NUL-rich or control-rich head, not a stray control byte",
          "[io]") {
    using namespace std::string_view_literals;
    CHECK(binary_data_at("") == std::string_view::npos);
    CHECK(binary_data_at(game1) == std::string_view::npos);
    // A PGN with a stray NUL and a ^Z at its end is text.
    std::string pgn = game1 + game2;
    pgn[20] = '\0';
    pgn += '\x1A';
    CHECK(binary_data_at(pgn) == std::string_view::npos);
    // An ELF header, a PNG signature: binary from their first bytes.
    CHECK(binary_data_at("\x7F"
                         "ELF\2\1\1\0\0\0\0\0\0\0\0\0\3\0>\0\1\0\0\0"sv) == 4);
    CHECK(binary_data_at("\x89PNG\r\n\x1A\n\0\0\0\rIHDR\0\0\1\0\0\0\1\0\x08\x06\0\0\0"sv) == 8);
    // UTF-16 without a byte-order mark: a NUL every other byte.
    std::string utf16;
    for (char c : std::string("[Event \"Rated Blitz game\"]")) utf16 += {c, '\0'};
    CHECK(binary_data_at(utf16) == 1);
    // One control byte in 32 of the first 4 KiB is the line; in a short text, 8.
    std::string edge(binary_probe_size, 'a');
    for (std::size_t i = 0; i < 127; ++i) edge[10 + 32 * i] = '\x01';
    CHECK(binary_data_at(edge) == std::string_view::npos);
    edge[11] = '\x02';
    CHECK(binary_data_at(edge) == 10);
    edge += std::string(1000, '\0'); // after the first 4 KiB: not looked at
    edge[11] = 'a';
    CHECK(binary_data_at(edge) == std::string_view::npos);
    std::string note = "[Event \"x\"]\n\n1. e4 \x01"
                       "e5 *\n";
    CHECK(binary_data_at(note) == std::string_view::npos);
    CHECK(binary_data_at(std::string(6, '\0') + note) == std::string_view::npos);
    CHECK(binary_data_at(std::string(7, '\0') + note) == 0);
}

TEST_CASE("io: guard_text fails the first read of binary data, once for the input", "[io]") {
    std::string bin(1000, '\0');
    auto src = guard_text(MemorySource::owning(bin, "image.png"));
    std::string buf(4096, '\0');
    try {
        src->read(buf.data(), buf.size());
        FAIL("no IoError");
    } catch (const IoError& e) {
        CHECK(std::string(e.what()) == "image.png: not PGN text: binary data at byte 1");
    }
    CHECK_THROWS_AS(src->read(buf.data(), buf.size()), BinaryDataError);
    // Text reads as it is, in reads of one byte too.
    auto mem = MemorySource::owning(game1 + game2, "games.pgn");
    mem->set_max_read(1);
    auto text = guard_text(std::move(mem));
    CHECK(drain(*text) == game1 + game2);
}

TEST_CASE("io: open_input reads a zip's members in order, named ARCHIVE:MEMBER", "[io]") {
    const std::string zip =
        make_archive(ARCHIVE_FORMAT_ZIP, ARCHIVE_FILTER_NONE,
                     {{"dir/", "", AE_IFDIR}, {"dir/b.pgn", game2}, {"a.pgn", game1}});
    REQUIRE(zip.starts_with("PK\3\4"));
    auto in = open_input(MemorySource::owning(zip, "twic.zip"));
    std::string member;
    auto m1 = in->next(member);
    REQUIRE(m1);
    CHECK(member == "dir/b.pgn");
    CHECK(m1->name() == "twic.zip:dir/b.pgn");
    CHECK(drain(*m1) == game2);
    m1.reset();
    auto m2 = in->next(member);
    REQUIRE(m2);
    CHECK(m2->name() == "twic.zip:a.pgn");
    CHECK(drain(*m2) == game1);
    m2.reset();
    CHECK_FALSE(in->next(member));
    CHECK(in->take_warnings().empty()); // a directory is no member, and not said
}

TEST_CASE("io: an archive member that is no regular file is skipped in a warning", "[io]") {
    const std::string tar =
        make_archive(ARCHIVE_FORMAT_TAR_USTAR, ARCHIVE_FILTER_NONE,
                     {{"a.pgn", game1}, {"latest.pgn", "", AE_IFLNK, "a.pgn"}, {"b.pgn", game2}});
    auto in = open_input(MemorySource::owning(tar, "games.tar"));
    std::string member;
    CHECK(drain(*in->next(member)) == game1);
    CHECK(in->take_warnings().empty());
    CHECK(drain(*in->next(member)) == game2);
    const std::vector<std::string> warnings = in->take_warnings();
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0] == "games.tar:latest.pgn: skipped: a symbolic link");
    CHECK_FALSE(in->next(member));
}

TEST_CASE("io: bzip2, xz and lzma streams are one text named as the input", "[io]") {
    for (int filter : {ARCHIVE_FILTER_BZIP2, ARCHIVE_FILTER_XZ, ARCHIVE_FILTER_LZMA}) {
        CAPTURE(filter);
        const std::string packed =
            make_archive(ARCHIVE_FORMAT_RAW, filter, {{"data", game1 + game2}});
        auto in = open_input(MemorySource::owning(packed, "games.pgn.x"));
        std::string member = "?";
        auto text = in->next(member);
        REQUIRE(text);
        CHECK(member.empty());
        CHECK(text->name() == "games.pgn.x");
        CHECK(text->compression() != Compression::None);
        CHECK(drain(*text) == game1 + game2);
        text.reset();
        CHECK_FALSE(in->next(member));
    }
}

TEST_CASE("io: a tar, also inside gzip or bzip2, is read member by member", "[io]") {
    const std::vector<Entry> files{{"a.pgn", game1}, {"b.pgn", game2}};
    for (int filter : {ARCHIVE_FILTER_NONE, ARCHIVE_FILTER_GZIP, ARCHIVE_FILTER_BZIP2}) {
        CAPTURE(filter);
        const auto got =
            members_of(make_archive(ARCHIVE_FORMAT_TAR_USTAR, filter, files), "games.tar");
        REQUIRE(got.size() == 2);
        CHECK(got[0] == std::pair<std::string, std::string>("games.tar:a.pgn", game1));
        CHECK(got[1] == std::pair<std::string, std::string>("games.tar:b.pgn", game2));
    }
}

TEST_CASE("io: a truncated bzip2 or zip hands out the text before the damage, then an IoError "
          "that names the member",
          "[io]") {
    std::string big;
    for (int i = 0; i < 100000; ++i) big += i % 2 ? game1 : game2; // bzip2 blocks: 900 kB
    SECTION("bzip2") {
        std::string packed = make_archive(ARCHIVE_FORMAT_RAW, ARCHIVE_FILTER_BZIP2, {{"d", big}});
        packed.resize(packed.size() * 2 / 3);
        std::string error;
        const auto got = members_of(packed, "old.pgn.bz2", &error);
        REQUIRE(got.size() == 1);
        CHECK(got[0].second.size() < big.size());
        CHECK(big.starts_with(got[0].second));
        CHECK(error.starts_with("old.pgn.bz2: "));
    }
    SECTION("zip") {
        std::string packed = make_archive(ARCHIVE_FORMAT_ZIP, ARCHIVE_FILTER_NONE,
                                          {{"a.pgn", game1}, {"big.pgn", big}});
        packed.resize(packed.size() / 2);
        std::string error;
        const auto got = members_of(packed, "twic.zip", &error);
        REQUIRE(got.size() == 2);
        CHECK(got[0].second == game1);
        CHECK(big.starts_with(got[1].second));
        CHECK(got[1].second.size() < big.size());
        CHECK(error.starts_with("twic.zip:big.pgn: "));
    }
}

TEST_CASE("io: a member that is binary data fails as an input of its own would", "[io]") {
    std::string png = "\x89PNG\r\n\x1A\n";
    png.append(100, '\0');
    std::string error;
    const auto got = members_of(
        make_archive(ARCHIVE_FORMAT_ZIP, ARCHIVE_FILTER_NONE, {{"a.pgn", game1}, {"p.png", png}}),
        "x.zip", &error);
    REQUIRE(got.size() == 2);
    CHECK(got[0].second == game1);
    CHECK(error == "x.zip:p.png: not PGN text: binary data at byte 9");
}

TEST_CASE("io: a text that only starts like an archive is a damaged archive, not text", "[io]") {
    std::string error;
    members_of("PK\3\4 and then nothing a zip has", "fake.zip", &error);
    CHECK(error.starts_with("fake.zip: "));
}
