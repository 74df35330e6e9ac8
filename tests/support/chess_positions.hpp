#pragma once
// Positions and moves for the chess tests (tests/unit/chess/): a FEN that must parse, a move
// text that must resolve, a UCI move that must be legal. Each REQUIREs success.

#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/san.hpp"
#include "pgnkit/chess/uci_lan.hpp"

#include <catch2/catch.hpp>

#include <string_view>

namespace pgnkit::test {

inline chess::Position from_fen(std::string_view fen, bool chess960 = false) {
    chess::FenParseOptions opts;
    opts.chess960 = chess960;
    auto r = chess::parse_fen(fen, opts);
    INFO(fen);
    REQUIRE(r.ok());
    return r->position;
}

/// Resolves `text` and requires success; returns the resolution.
inline chess::SanResolution resolves(const chess::Position& pos, std::string_view text,
                                     const chess::SanParseOptions& opts = {}) {
    auto r = chess::parse_and_resolve(pos, text, opts);
    INFO("move text: " << text << " in " << chess::format_fen(pos));
    REQUIRE(r.ok);
    return r;
}

inline chess::Move uci(const chess::Position& pos, std::string_view text) {
    chess::Move m = chess::parse_uci(pos, text);
    INFO(text);
    REQUIRE(!m.is_null());
    return m;
}

} // namespace pgnkit::test
