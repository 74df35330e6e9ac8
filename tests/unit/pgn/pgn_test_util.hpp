#pragma once
// Test helpers for the PGN input layer: split a string, read every game into a log.

#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/simd/dispatch.hpp"
#include "pgnkit/pgn/splitter.hpp"
#include "replay_games.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace pgnkit::test {

/// Sets the SIMD level for a scope (simd::set_level), then puts back the one before.
struct SimdLevel {
    explicit SimdLevel(simd::Level l) : before(simd::level()) { simd::set_level(l); }
    ~SimdLevel() { simd::set_level(before); }
    SimdLevel(const SimdLevel&) = delete;
    SimdLevel& operator=(const SimdLevel&) = delete;
    simd::Level before;
};

/// Records every callback as one line of text ("move e4 @3:4").
struct Recorder : VisitorBase {
    std::vector<std::string> events;
    std::vector<Diagnostic> diags;
    std::vector<std::pair<std::string, std::string>> tags;
    bool skip = false;
    static std::string at(SourceLocation l) { return fmt::format("@{}:{}", l.line, l.column); }
    void begin_game(const GameSpan&) { events.push_back("begin"); }
    void tag(std::string_view n, std::string_view v, const SourceLocation&) {
        tags.emplace_back(std::string(n), std::string(v));
        events.push_back(fmt::format("tag {}={}", n, v));
    }
    bool end_tags() {
        events.push_back("end_tags");
        return skip;
    }
    void move_number(int n, bool black, const SourceLocation& l) {
        events.push_back(fmt::format("num {}{} {}", n, black ? "..." : ".", at(l)));
    }
    void move(std::string_view m, const SourceLocation& l) {
        events.push_back(fmt::format("move {} {}", m, at(l)));
    }
    void nag(int n, const SourceLocation& l) {
        events.push_back(fmt::format("nag {} {}", n, at(l)));
    }
    void comment(std::string_view c, const SourceLocation& l) {
        events.push_back(fmt::format("comment {} {}", c.substr(0, 40), at(l)));
    }
    void begin_variation(const SourceLocation& l) { events.push_back(fmt::format("( {}", at(l))); }
    void end_variation(const SourceLocation& l) { events.push_back(fmt::format(") {}", at(l))); }
    void result(std::string_view r, const SourceLocation& l) {
        events.push_back(fmt::format("result {} {}", r, at(l)));
    }
    void end_game() { events.push_back("end"); }
    void diagnostic(const Diagnostic& d) { diags.push_back(d); }

    bool has(Code c) const {
        for (auto& d : diags)
            if (d.code == c) return true;
        return false;
    }
    const Diagnostic* find(Code c) const {
        for (auto& d : diags)
            if (d.code == c) return &d;
        return nullptr;
    }
    std::vector<std::string> moves() const {
        std::vector<std::string> out;
        for (auto& e : events)
            if (e.rfind("move ", 0) == 0) out.push_back(e.substr(5, e.find(" @") - 5));
        return out;
    }
};

/// A Recorder whose tag events carry the tag's full location (line, column, offset).
struct TagLocRecorder : Recorder {
    void tag(std::string_view n, std::string_view v, const SourceLocation& l) {
        events.push_back(fmt::format("tag {}={} @{}:{}+{}", n, v, l.line, l.column, l.offset));
    }
};

/// One game's spans and what the reader made of it.
struct ReadGame {
    std::string text;
    std::uint64_t first_line = 0, first_column = 0, offset = 0;
    bool truncated = false;
    Recorder rec;
};

inline std::vector<ReadGame> read_all(ByteSource& src, SplitterLimits limits = {}) {
    std::vector<ReadGame> out;
    for_each_game(
        src,
        [&](const GameSpan& span, PgnReader& reader) {
            ReadGame g;
            g.text = std::string(span.text.substr(0, 4096));
            g.first_line = span.first_line;
            g.first_column = span.first_column;
            g.offset = span.offset;
            g.truncated = span.truncated;
            reader.read(span, g.rec);
            out.push_back(std::move(g));
        },
        limits);
    return out;
}

inline std::vector<ReadGame> read_string(std::string_view text, std::size_t max_read = 0) {
    MemorySource src(text);
    src.set_max_read(max_read);
    return read_all(src);
}

/// Reads `text` as the span the splitter hands over for an input game of `length` bytes
/// from which `elisions` were cut; whether the event `event` ("move e5 @5:6") was seen.
inline bool read_span_has(const std::string& text, const std::vector<Elision>& elisions,
                          std::uint64_t length, const std::string& event) {
    GameSpan span;
    span.text = text;
    span.file = "test.pgn";
    span.length = length;
    span.elisions = elisions;
    PgnReader reader;
    Recorder rec;
    reader.read(span, rec);
    return std::find(rec.events.begin(), rec.events.end(), event) != rec.events.end();
}

inline std::string corpus(const std::string& rel) {
    return std::string(PGNKIT_CORPUS_DIR) + "/pgn/edge/" + rel;
}

inline std::string slurp(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

inline std::vector<ReadGame> read_file(const std::string& rel) {
    auto src = open_source(corpus(rel));
    return read_all(*src);
}

} // namespace pgnkit::test
