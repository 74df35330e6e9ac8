#pragma once
// The xiangqi corpus games of tests/data/xiangqi/games as tags and move texts, read through
// open_input() (zstd and GBK decoded): a plain reader for the notation tests, which check the
// notations, not the PGN reader. Comments are skipped, move numbers and results dropped, and
// nothing after a result is read until the next tag (xqbase files end with a signature).

#include "pgnkit/io/input.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

namespace xiangqi_test {

struct CorpusGame {
    std::map<std::string, std::string> tags;
    std::vector<std::string> moves;
};

inline std::string corpus_path(const std::string& name) {
    return std::string(PGNKIT_CORPUS_DIR) + "/xiangqi/games/" + name;
}

inline std::string read_text(const std::string& path) {
    auto members = pgnkit::open_input(path);
    std::string member;
    auto src = members->next(member);
    REQUIRE(src);
    std::string out, buf(1 << 16, '\0');
    while (std::size_t n = src->read(buf.data(), buf.size())) out.append(buf.data(), n);
    return out;
}

inline bool is_move_number(const std::string& t) {
    std::size_t i = 0;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
    if (i == 0 || i == t.size()) return false;
    while (i < t.size() && t[i] == '.') ++i;
    return i == t.size();
}

inline bool is_result(const std::string& t) {
    return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*";
}

/// The games of the file `name` under tests/data/xiangqi/games.
inline std::vector<CorpusGame> corpus_games(const std::string& name) {
    const std::string text = read_text(corpus_path(name));
    std::vector<CorpusGame> games;
    bool in_moves = false, ended = false;
    std::size_t i = 0;
    const auto at_line_start = [&](std::size_t k) {
        while (k > 0 && (text[k - 1] == ' ' || text[k - 1] == '\t')) --k;
        return k == 0 || text[k - 1] == '\n' || text[k - 1] == '\r';
    };
    std::string token;
    const auto flush = [&] {
        if (token.empty()) return;
        if (!ended && !games.empty()) {
            if (is_result(token))
                ended = true;
            else if (!is_move_number(token))
                games.back().moves.push_back(token);
        }
        token.clear();
    };
    while (i < text.size()) {
        const char c = text[i];
        if (c == '[' && at_line_start(i)) {
            flush();
            if (in_moves || games.empty()) games.emplace_back();
            in_moves = false;
            ended = false;
            const std::size_t e = text.find('\n', i);
            const std::string line = text.substr(i, e == std::string::npos ? e : e - i);
            const std::size_t sp = line.find(' '), q1 = line.find('"'), q2 = line.rfind('"');
            if (sp != std::string::npos && q1 != std::string::npos && q2 > q1)
                games.back().tags[line.substr(1, sp - 1)] = line.substr(q1 + 1, q2 - q1 - 1);
            i = e == std::string::npos ? text.size() : e + 1;
            continue;
        }
        if (c == '{') {
            flush();
            const std::size_t e = text.find('}', i);
            i = e == std::string::npos ? text.size() : e + 1;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            flush();
            ++i;
            continue;
        }
        in_moves = true;
        token += c;
        ++i;
    }
    flush();
    return games;
}

} // namespace xiangqi_test
