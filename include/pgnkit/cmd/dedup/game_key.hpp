#pragma once
/// What makes two games "the same game" for `pgnkit dedup`: a 128-bit hash of a canonical
/// form of the game, by one of four keys, and the game's annotation score for
/// `--keep most-annotated`.

#include "pgnkit/check/validator.hpp"
#include "pgnkit/pgn/name_table.hpp"

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace pgnkit::app {

/// Which canonical form two games must share to be duplicates.
enum class DedupKey {
    Moves,         ///< the start position and the main line's moves (from, to, promotion)
    MovesPlayers,  ///< Moves plus White and Black folded (pgn/name_match.hpp fold_text)
    FinalPosition, ///< the main line's last position, by FIDE repetition identity (9.2.3)
    Header         ///< White, Black, Date, Round and Event folded (moves compared apart)
};

/// A 128-bit key; `hi` and `lo` are two independent 64-bit hashes.
struct Key128 {
    std::uint64_t hi = 0, lo = 0;
    bool operator==(const Key128&) const = default;
    bool empty() const { return hi == 0 && lo == 0; }
};

/// A streaming 128-bit hash of 64-bit words and strings: two lanes with different
/// multipliers and a murmur3-style finalizer each, so that one lane's collision is not the
/// other's. Not a cryptographic hash: it separates games, it does not resist an adversary.
class KeyHasher {
  public:
    void word(std::uint64_t w);
    /// The bytes of `s` and its length (so that "ab"+"c" and "a"+"bc" differ).
    void text(std::string_view s);
    /// The key so far (never all zero: the empty slot of KeyTable).
    Key128 key() const;

  private:
    std::uint64_t a_ = 0x9e3779b97f4a7c15ULL, b_ = 0xc2b2ae3d27d4eb4fULL;
};

/// A spelling table (--names) as the keys use it: each variant folded (fold_text), mapped to
/// its canonical spelling folded, for players (White, Black) and the Event and Round of the
/// header key. Folded on both sides, a variant matches however its case, diacritics and
/// punctuation are written.
class FoldedSpellings {
  public:
    explicit FoldedSpellings(const NameTable& table);
    /// The folded canonical spelling of the folded name `folded` of `kind`, else `folded`.
    std::string_view canonical(NameKind kind, std::string_view folded) const;
    bool empty() const;
    /// A hash of the folded table (0: empty): key files of shards keyed with other tables are
    /// not one run's.
    std::uint64_t fingerprint() const;

  private:
    /// Looked up by a view of the name being keyed (no string made per game).
    struct ViewHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const {
            return std::hash<std::string_view>{}(s);
        }
    };
    std::array<std::unordered_map<std::string, std::string, ViewHash, std::equal_to<>>, 4> maps_;
};

/// What one game gives dedup.
struct GameKeys {
    Key128 key;                    ///< by the run's DedupKey
    Key128 moves;                  ///< the Moves key (Header compares it within a group)
    int plies = 0;                 ///< main-line plies keyed (before the first error)
    std::uint32_t annotations = 0; ///< comments + NAGs + variations + clock commands
    bool error = false;            ///< the game has an error: keyed by what was read
    bool replayed = false;         ///< the moves were replayed (a supported variant, usable FEN)
};

/// Computes GameKeys from the reader's events: a ReplayVisitor listening to the worker's
/// GameValidator (the start position and every main-line move), the tags it needs kept.
class GameKeyVisitor final : public ReplayVisitor {
  public:
    /// Not a listener (a listener has the validator copy the position before every move:
    /// 2-4% of validate's time, docs/BENCHMARKS.md): it reads each played move from the
    /// validator, as filter's FactsVisitor does (cmd/filter/game_facts.hpp).
    /// `spellings` (may be null: none): names replaced by their canonical spelling (--names).
    GameKeyVisitor(GameValidator& v, DedupKey key, const FoldedSpellings* spellings = nullptr)
        : ReplayVisitor(v, false), kind_(key), spellings_(spellings) {}

    /// Not called (see the constructor).
    void on_move(const ReplayedMove&) override {}

    void begin_game(const GameSpan& s);
    void tag(std::string_view n, std::string_view value, const SourceLocation& l);
    void nag(int n, const SourceLocation& l) {
        ++keys_.annotations;
        v_.nag(n, l);
    }
    void comment(std::string_view t, const SourceLocation& l);
    bool end_tags();
    void move(std::string_view t, const TokenPlace& l);
    void begin_variation(const SourceLocation& l) {
        ++keys_.annotations;
        ++depth_;
        v_.begin_variation(l);
    }
    void end_variation(const SourceLocation& l) {
        --depth_;
        v_.end_variation(l);
    }
    void end_game() {
        v_.end_game();
        keys_.error = v_.has_error();
    }
    /// Computes the keys after the reader's end_game(); `utf8` false: the game's tags are
    /// Latin-1 (PgnReader::last_game_utf8()).
    void finish(bool utf8);

    const GameKeys& keys() const { return keys_; }

  private:
    void start(const chess::Position& p);
    /// Hashes `value` folded (of `kind`: looked up in spellings_; none: a date).
    void add_folded(KeyHasher& h, const std::string& value, bool utf8,
                    std::optional<NameKind> kind);

    DedupKey kind_;
    const FoldedSpellings* spellings_;
    GameKeys keys_;
    KeyHasher moves_;
    KeyHasher unplayed_;         ///< the main-line moves after the replay stopped, as written
    bool stopped_early_ = false; ///< a main-line move was not replayed (unplayed_ holds it)
    chess::Position last_;
    bool have_last_ = false;
    int depth_ = 0;                                    ///< variations open (0: the main line)
    std::string white_, black_, date_, round_, event_; ///< as read (copies: see tag())
    /// Xiangqi's first player (xqbase files name Red, not White): keyed when White is absent.
    std::string red_;
    std::string_view text_; ///< the game's text (keyed when it is not replayed)
    bool seen_[6] = {};     ///< White, Black, Date, Round, Event, Red read already
    /// The first player as keyed: White, or Red in a game without White.
    const std::string& first_player() const { return seen_[0] || !seen_[5] ? white_ : red_; }
    std::string folded_, latin_;
};

/// The key as 32 hexadecimal digits (hi then lo), for reports and key files.
std::string key_hex(const Key128& k);
/// Parses key_hex()'s form; false if `text` is not 32 hexadecimal digits.
bool parse_key_hex(std::string_view text, Key128& out);

} // namespace pgnkit::app
