// parse_opening_line(): the moves of --opening and --moves-prefix, from the standard start.

#include "pgnkit/chess/san.hpp"
#include "pgnkit/cmd/filter/criterion_error.hpp"
#include "pgnkit/cmd/filter/position_tests.hpp"

#include <fmt/format.h>

#include <string>

namespace pgnkit::app::filter {

namespace {

bool black_to_move(const chess::Position& pos) { return pos.side_to_move() == chess::Color::Black; }

const char* side_name(const chess::Position& pos) { return black_to_move(pos) ? "black" : "white"; }

} // namespace

OpeningLine parse_opening_line(std::string_view sans) {
    OpeningLine line{{}, chess::Position::startpos()};
    chess::Position& pos = line.final_position;
    std::size_t i = 0;
    while (i < sans.size()) {
        while (i < sans.size() && (sans[i] == ' ' || sans[i] == '\t' || sans[i] == ',')) ++i;
        if (i == sans.size()) break;
        std::size_t j = i;
        while (j < sans.size() && sans[j] != ' ' && sans[j] != '\t' && sans[j] != ',') ++j;
        std::string_view token = sans.substr(i, j - i);
        std::size_t column = i + 1;
        // A move number, alone ("1.", "1...") or glued to the move ("1.e4").
        std::size_t digits = 0;
        while (digits < token.size() && token[digits] >= '0' && token[digits] <= '9') ++digits;
        std::size_t dots = digits;
        while (dots < token.size() && token[dots] == '.') ++dots;
        if (digits > 0 && digits <= 4 && dots > digits) {
            const int number = std::stoi(std::string(token.substr(0, digits)));
            const bool black = dots - digits >= 2;
            if (number != pos.fullmove_number() || black != black_to_move(pos))
                throw CriterionError(
                    column, fmt::format("move number '{}' where {}{} comes", token.substr(0, dots),
                                        pos.fullmove_number(), black_to_move(pos) ? "..." : "."));
            token.remove_prefix(dots);
            column += dots;
            if (token.empty()) {
                i = j;
                continue;
            }
        }
        const chess::SanResolution r = chess::parse_and_resolve(pos, token, {}, false);
        if (!r.ok) {
            switch (r.error) {
            case chess::SanError::Ambiguous:
                throw CriterionError(
                    column, fmt::format("ambiguous move '{}' for {} ({} pieces can make it)", token,
                                        side_name(pos), r.candidates));
            case chess::SanError::Illegal:
                throw CriterionError(column,
                                     fmt::format("illegal move '{}' for {} at move {}", token,
                                                 side_name(pos), pos.fullmove_number()));
            default: throw CriterionError(column, fmt::format("'{}' is not a move", token));
            }
        }
        line.moves.push_back(r.move);
        pos.play(r.move);
        i = j;
    }
    if (line.moves.empty()) throw CriterionError(1, "no moves (e.g. \"e4 c5 Nf3\")");
    return line;
}

} // namespace pgnkit::app::filter
