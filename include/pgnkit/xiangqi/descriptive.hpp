#pragma once
/// The traditional file notation of xiangqi, of which WXF (`C2.5`) and Chinese (`炮二平五`) are
/// two spellings: the piece, the file it stands on (or its place among the pieces of its kind
/// on one file), the direction, and the target file or the number of points moved.
///
/// The rules (WXF "Official xiangqi piece names and notation"; the Chinese Xiangqi
/// Association's recording rules):
/// - Files are numbered 1–9 from each side's own right: Red's file 1 is file i, Black's file 1
///   is file a.
/// - Advance (`+`, 進) is toward the other side, retreat (`-`, 退) back, traverse (`.`/`=`, 平)
///   along the rank.
/// - A piece that moves along a file (general, chariot, cannon, soldier) gives the points it
///   moves when it advances or retreats, and the target file when it traverses; a piece that
///   moves diagonally (horse, elephant, advisor) always gives the target file.
/// - Two pieces of a kind on one file are told apart as front and rear (`+`/`-`, 前/後) instead
///   of the file. Soldiers may be more: three are front, middle (written as usual, with its
///   file) and rear; four or five are counted from the front (WXF: `++`, `P+`, `P3`, `P-`,
///   `--`; Chinese: 一 二 三 四 五). When soldiers stand two or more on each of two files, the
///   file is given with the place and the piece left out (WXF `3+.4`, Chinese `前三平四`).

#include "pgnkit/result.hpp"
#include "pgnkit/xiangqi/notation.hpp"
#include "pgnkit/xiangqi/position.hpp"

#include <cstdint>

namespace pgnkit::xiangqi {

/// A move in the file notation, spelled in no particular characters.
struct DescriptiveMove {
    /// The piece; None when only the place is given (`++.4`, `3+.4`, `前三平四`: a soldier).
    PieceType piece = PieceType::None;
    /// The file the piece stands on, 1–9 from the mover's right; 0 when not given.
    int file = 0;
    /// The piece's place among those of its kind on its file, 0 when not given: from the front
    /// (1 the front one, 2 the second …), from the rear when negative (-1 the rear one), Middle
    /// (of three or five), or as WXF's `+` and `-` say it: Plus (the front one of two or three,
    /// the second of four or five) and Minus (the same from the rear).
    int place = 0;
    static constexpr int Middle = 100, Plus = 101, Minus = 102;
    /// '+' advance, '-' retreat, '=' traverse.
    char direction = '+';
    /// The target file (1–9, the mover's numbering) or the points moved.
    int target = 0;

    // Written by describe_move() for the spellings (resolve_descriptive() ignores them):
    /// How many pieces of its kind stand on the piece's file (with it); 1 for an advisor or an
    /// elephant, which are named by their file.
    int count = 1;
    /// Soldiers stand two or more on each of two files: a place is written with its file.
    bool two_files = false;

    bool operator==(const DescriptiveMove&) const = default;
};

/// The legal move `d` names in `pos` (for the side to move).
Result<Move, MoveTextError> resolve_descriptive(const Position& pos, const DescriptiveMove& d);

/// The legal move `m` of `pos` in the file notation: its file always (`file`), and where two
/// or more pieces of its kind share the file, its place from the front or the rear (1, -1;
/// Middle for the middle one of three or five; 2 and -2 for the second of four or five), with
/// `count` and `two_files` for the spellings to choose their words.
DescriptiveMove describe_move(const Position& pos, Move m);

/// The file a side numbers `n` (1–9 from its right): 0–8 (a–i).
constexpr int board_file(Color c, int n) { return c == Color::Red ? 9 - n : n - 1; }
/// The number (1–9 from its right) a side gives board file `f` (0–8).
constexpr int file_number(Color c, int f) { return c == Color::Red ? 9 - f : f + 1; }

} // namespace pgnkit::xiangqi
