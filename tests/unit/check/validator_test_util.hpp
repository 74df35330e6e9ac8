#pragma once
// Test helpers for the validator (tests/unit/check/): validate a text, make a game of a
// movetext, find a diagnostic's message; the games are read by tests/support/replay_games.hpp
// (GameByGame reads them one at a time).

#include "pgnkit/check/validator.hpp"
#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/splitter.hpp"
#include "replay_games.hpp"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pgnkit::test {

struct Verdict {
    std::vector<std::string> codes;    ///< every diagnostic code, in order
    std::vector<std::string> messages; ///< their messages
    std::vector<int> plies;            ///< main-line plies per game
    std::vector<LineEnd> ends;
    int invalid = 0;
    bool has(std::string_view code) const {
        for (const auto& c : codes)
            if (c == code) return true;
        return false;
    }
    /// The message of the first diagnostic with `code` ("" if none).
    std::string message(std::string_view code) const {
        for (std::size_t i = 0; i < codes.size(); ++i)
            if (codes[i] == code) return messages[i];
        return {};
    }
};

inline Verdict validate(const std::string& pgn, const ValidateOptions& opts = {}) {
    Verdict out;
    replay_games(
        pgn,
        [&](const GameSpan&, const GameValidator& v) {
            for (const auto& d : v.diagnostics()) {
                out.codes.emplace_back(code_name(d.code));
                out.messages.push_back(d.message);
            }
            out.plies.push_back(v.info().plies);
            out.ends.push_back(v.info().end);
            out.invalid += v.has_error();
        },
        opts);
    return out;
}

inline std::string game(std::string movetext, std::string extra_tags = {},
                        std::string result = "*") {
    return "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White "
           "\"w\"]\n[Black \"b\"]\n"
           "[Result \"" +
           result + "\"]\n" + extra_tags + "\n" + movetext + "\n\n";
}

/// Calls `f` with every diagnostic of every game in `pgn`, in order.
template <class F>
void each_diagnostic(const std::string& pgn, F&& f) {
    for_each_diagnostic(pgn, std::forward<F>(f));
}
/// The message of the first diagnostic with `code` in `pgn`.
inline std::string first_message(const std::string& pgn, Code code) {
    for (const Diagnostic& d : replay_diagnostics(pgn))
        if (d.code == code) return d.message;
    return "no such diagnostic";
}
/// The message of the first illegal-move diagnostic of the one game `movetext` from `fen`.
inline std::string illegal_message(const std::string& fen, const std::string& movetext,
                                   const std::string& tags = {}) {
    return first_message(game(movetext, "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n" + tags),
                         Code::IllegalMove);
}

} // namespace pgnkit::test
