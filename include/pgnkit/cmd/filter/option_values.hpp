#pragma once
/// The values of `filter`'s options as the user writes them: ranges of numbers (`2500..`),
/// lists of game numbers (`57,100-120`), ECO ranges (`B20..B99`), results, tag tests
/// (`Name>=Value`), time-control classes, endings and castling. Each parser throws
/// OptionValueError with the 1-based column of the mistake in the value.

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::app {

/// A value of an option that is no value of it: what is wrong, and where in the value.
struct OptionValueError : std::runtime_error {
    OptionValueError(const std::string& what, std::size_t at)
        : std::runtime_error(what), column(at) {}
    std::size_t column; ///< 1-based, in the option's value
};

/// A range of numbers, both ends included: `A..B`, `A..` (at least A), `..B` (at most B), or
/// `A` (exactly A). Numbers are decimal, with an optional sign and fraction.
struct NumberRange {
    double lo = -std::numeric_limits<double>::infinity();
    double hi = std::numeric_limits<double>::infinity();
    bool contains(double x) const { return x >= lo && x <= hi; }
};
NumberRange parse_number_range(std::string_view text);

/// Game numbers within each input, as validate reports them: `57`, `100-120` (or `100..120`),
/// `100-` (from 100 on), separated by commas.
struct GameNumbers {
    struct Span {
        std::uint64_t first, last;
    };
    std::vector<Span> spans;
    bool contains(std::uint64_t n) const {
        for (const Span& s : spans)
            if (n >= s.first && n <= s.last) return true;
        return false;
    }
};
GameNumbers parse_game_numbers(std::string_view text);

/// An ECO code as a number (A00 → 0, E99 → 499), or -1 for a text that is none ("B20",
/// "b20" and "B20a" are B20; "?" is none).
int eco_number(std::string_view code);
/// An ECO range: `B20..B99`, `C`, (C00..C99), `B20` (just B20), `..A40`, `E..`.
struct EcoRange {
    int lo = 0, hi = 499;
    bool contains(int n) const { return n >= lo && n <= hi; }
};
EcoRange parse_eco_range(std::string_view text);

/// A result as the Result tag writes it: "1-0", "0-1", "1/2-1/2" or "*" for `1-0`, `0-1`,
/// `1/2-1/2` (also `1/2`, `=`, `draw`, `0.5-0.5`), `*` (also `unfinished`), `white`, `black`.
std::string_view parse_result(std::string_view text);

/// How a `--tag` test compares the tag's value with its own.
enum class TagRelation { Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual, Regex };
/// `--tag NAME=VALUE`, `NAME!=VALUE`, `NAME~REGEX`, `NAME<VALUE`, `NAME<=VALUE`, `NAME>VALUE`,
/// `NAME>=VALUE`: the name is a PGN tag name (letters, digits, `_`).
struct TagTest {
    std::string name, value;
    TagRelation relation = TagRelation::Equal;
    /// A tag whose name ends in "Date" compared with a date (`Date>=2024.03`): the days the
    /// value may be (filter::parse_date_literal), compared as filter::compare_dates does.
    bool is_date = false;
    std::uint32_t date_first = 0, date_last = 0;
};
/// A value of a tag named `*Date` that is a date (but for `~`) is compared as a date.
TagTest parse_tag_test(std::string_view text);
/// A tag name (`--has-tag`, `--no-tag`): letters, digits and `_`, 1 to 255 bytes.
std::string parse_tag_name(std::string_view text);

/// Time-control classes, from the TimeControl tag (`base+increment` in seconds, PGN §9.6),
/// by lichess's estimate of a game's length, base + 40 × increment: ultrabullet < 30 s,
/// bullet < 180 s, blitz < 480 s, rapid < 1500 s, classical from 1500 s; `-` (no time
/// control) is correspondence. A TimeControl that is none of these has no class.
enum class TimeClass { UltraBullet, Bullet, Blitz, Rapid, Classical, Correspondence, None };
/// The class of a TimeControl tag's value (its first period, for `40/7200:3600`: 40 moves
/// in 7200 s count as 7200 s).
TimeClass time_class(std::string_view time_control);
/// The class named by `text` ("blitz" …), or TimeClass::None when it names none.
TimeClass parse_time_class(std::string_view text);

/// How a game's main line ended (`--ending`).
enum class Ending : std::uint8_t {
    Checkmate,    ///< the side to move is mated
    Stalemate,    ///< the side to move has no move and is not in check
    Repetition,   ///< the final position occurred a third time (or a fifth: the game ended)
    FiftyMoves,   ///< 50 moves by each side without a capture or pawn move (a draw may be claimed)
    SeventyFive,  ///< 75 moves by each side: the game ended drawn
    Insufficient, ///< neither side has mating material (K v K, K+minor v K, same-coloured bishops)
    Dead          ///< the replay ended the game as a dead position
};
Ending parse_ending(std::string_view text);

/// How the sides castled in the main line (`--castling`).
enum class Castling : std::uint8_t {
    None,      ///< neither side castled
    Kingside,  ///< both castled kingside
    Queenside, ///< both castled queenside
    Opposite,  ///< one castled kingside, the other queenside
    Any        ///< at least one side castled
};
Castling parse_castling(std::string_view text);

} // namespace pgnkit::app
