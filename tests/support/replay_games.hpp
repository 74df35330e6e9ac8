#pragma once
// The test harness for "validate this PGN text": the loop the pipeline runs for every input
// (GameSplitter cuts games, PgnReader reads each into a visitor, GameValidator replays it),
// without threads, batches or output, so that a test states only what it looks at.

#include "pgnkit/check/validator.hpp"
#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <string_view>
#include <vector>

namespace pgnkit::test {

/// Cuts the text of `src` into games and calls `read_game(span, reader)` for each, in order,
/// with one reader for all of them (as a pipeline worker has); `read_game` reads the span
/// into the visitor it wants.
template <class ReadGame>
void for_each_game(ByteSource& src, ReadGame&& read_game, SplitterLimits splitter_limits = {},
                   ReaderLimits reader_limits = {}) {
    GameSplitter splitter(src, splitter_limits);
    PgnReader reader(reader_limits);
    GameSpan span;
    while (splitter.next(span)) read_game(static_cast<const GameSpan&>(span), reader);
}

/// Validates every game of `src` with one GameValidator (and `listener`, if given) and calls
/// `after_game(span, validator)` once each game is replayed: its diagnostics(), info() and
/// has_error() are that game's until the next one.
template <class AfterGame>
void replay_games(ByteSource& src, AfterGame&& after_game, const ValidateOptions& opts = {},
                  ReplayListener* listener = nullptr) {
    GameValidator validator(opts);
    if (listener) validator.set_listener(listener);
    for_each_game(src, [&](const GameSpan& span, PgnReader& reader) {
        reader.read(span, validator);
        after_game(span, static_cast<const GameValidator&>(validator));
    });
}

/// replay_games() over a text in memory.
template <class AfterGame>
void replay_games(std::string_view pgn, AfterGame&& after_game, const ValidateOptions& opts = {},
                  ReplayListener* listener = nullptr) {
    MemorySource src(pgn);
    replay_games(src, after_game, opts, listener);
}

/// Calls `on_diagnostic(diagnostic)` for every diagnostic of every game of `pgn`, in order.
template <class OnDiagnostic>
void for_each_diagnostic(std::string_view pgn, OnDiagnostic&& on_diagnostic,
                         const ValidateOptions& opts = {}) {
    replay_games(
        pgn,
        [&](const GameSpan&, const GameValidator& validator) {
            for (const Diagnostic& diagnostic : validator.diagnostics()) on_diagnostic(diagnostic);
        },
        opts);
}

/// Every diagnostic of every game of `pgn`, in order.
inline std::vector<Diagnostic> replay_diagnostics(std::string_view pgn,
                                                  const ValidateOptions& opts = {}) {
    std::vector<Diagnostic> all;
    for_each_diagnostic(
        pgn, [&](const Diagnostic& diagnostic) { all.push_back(diagnostic); }, opts);
    return all;
}

/// A validator that replays the games of a text (which must outlive it) one at a time, for
/// tests that look between games.
struct GameByGame {
    explicit GameByGame(std::string_view pgn) : src(pgn), splitter(src), v(opts) {}
    /// Replays the next game; false after the last.
    bool next() {
        if (!splitter.next(span)) return false;
        reader.read(span, v);
        return true;
    }
    MemorySource src;
    GameSplitter splitter;
    PgnReader reader;
    const ValidateOptions opts;
    GameValidator v;
    GameSpan span;
};

} // namespace pgnkit::test
