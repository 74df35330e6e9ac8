#pragma once
// Helpers the xiangqi unit tests share: a position from a FEN that must parse, a move from
// ICCS text, and the corpus path.

#include "pgnkit/xiangqi/coordinates.hpp"
#include "pgnkit/xiangqi/fen.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <string_view>

namespace xiangqi_test {

inline pgnkit::xiangqi::Position from_fen(std::string_view fen) {
    auto parsed = pgnkit::xiangqi::parse_fen(fen);
    INFO(fen);
    if (!parsed) FAIL(parsed.error().to_string());
    return parsed->position;
}

/// The move of ICCS text, without asking whether it is legal.
inline pgnkit::xiangqi::Move iccs(std::string_view text) {
    auto c = pgnkit::xiangqi::read_coordinates(text, pgnkit::xiangqi::Coordinates::Iccs);
    INFO(text);
    REQUIRE(c);
    return pgnkit::xiangqi::Move(c->from, c->to);
}

inline std::string corpus(const std::string& rel) {
    return std::string(PGNKIT_CORPUS_DIR) + "/" + rel;
}

} // namespace xiangqi_test
