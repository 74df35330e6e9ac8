// OpeningTable: a line's moves played from the start position, its position's key stored.

#include "pgnkit/openings/opening_table.hpp"

#include "pgnkit/chess/bitboard.hpp"
#include "pgnkit/chess/san.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace pgnkit::openings {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

/// A termination marker ends a table line's moves (pgn-extract's and Scid's end in `*`).
bool is_result(std::string_view t) {
    return t == "*" || t == "1-0" || t == "0-1" || t == "1/2-1/2";
}

} // namespace

void split_opening_name(std::string_view full, std::string& name, std::string& variation) {
    const std::size_t colon = full.find(": ");
    if (colon == std::string_view::npos) {
        name.assign(full);
        variation.clear();
        return;
    }
    name.assign(full.substr(0, colon));
    variation.assign(full.substr(colon + 2));
}

std::string OpeningTable::add_line(Opening opening, std::string_view moves) {
    chess::Position pos = chess::Position::startpos();
    int ply = 0;
    std::size_t i = 0;
    while (i < moves.size()) {
        while (i < moves.size() && is_space(moves[i])) ++i;
        if (i == moves.size()) break;
        std::size_t j = i;
        while (j < moves.size() && !is_space(moves[j])) ++j;
        std::string_view token = moves.substr(i, j - i);
        i = j;
        // A move number, alone ("1.", "1...") or glued to its move ("1.e4").
        std::size_t digits = 0;
        while (digits < token.size() && is_digit(token[digits])) ++digits;
        if (digits > 0 && digits < token.size() && token[digits] == '.') {
            while (digits < token.size() && token[digits] == '.') ++digits;
            token.remove_prefix(digits);
            if (token.empty()) continue;
        }
        if (is_result(token)) break;
        const chess::SanResolution r = chess::play_san(pos, token, {}, false);
        if (!r.ok)
            return fmt::format("{} move '{}' at ply {}",
                               r.error == chess::SanError::Ambiguous ? "ambiguous"
                               : r.error == chess::SanError::Illegal ? "illegal"
                                                                     : "not a",
                               token, ply + 1);
        ++ply;
    }
    opening.depth = ply;
    const auto [it, added] =
        by_key_.try_emplace(pos.repetition_key(), static_cast<std::uint32_t>(entries_.size()));
    if (!added) {
        ++duplicates_;
        return {};
    }
    min_pieces_ = std::min(min_pieces_, chess::popcount(pos.pieces()));
    masks_.add(irreversible_mask(pos));
    entries_.push_back(std::move(opening));
    return {};
}

bool same_eco(std::string_view tag, std::string_view code) {
    while (!tag.empty() && (tag.front() == ' ' || tag.front() == '\t')) tag.remove_prefix(1);
    if (tag.size() < 3 || code.size() < 3) return false;
    for (std::size_t i = 0; i < 3; ++i) {
        char c = tag[i];
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
        if (c != code[i]) return false;
    }
    return true;
}

} // namespace pgnkit::openings
