#pragma once
/// The distinct games `pgnkit dedup` has seen: an open-addressing hash table of fixed-size
/// slots (a 128-bit key and the kept game's place), with a memory budget that is checked
/// before the table grows, so that too many distinct games end the run with a clear error
/// instead of the system killing it.

#include "pgnkit/cmd/dedup/game_key.hpp"

#include <cstdint>
#include <memory>
#include <stdexcept>

namespace pgnkit::app {

/// Where the kept game of a group is, and what dedup compares within the group.
struct KeptGame {
    std::uint32_t input = 0;  ///< index of its input text in the run (reference inputs first)
    std::uint64_t game = 0;   ///< its number in that input (1-based; at most 2^40 - 1)
    std::uint64_t offset = 0; ///< its byte offset in that input
    /// --key header: the low half of its moves key (a game of the group with other moves is a
    /// conflict); --keep longest|most-annotated: in the low 32 bits instead, its score.
    std::uint64_t aux = 0;
};

/// Thrown by KeyTable::insert() when growing would pass the budget.
struct KeyTableFull : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// A hash set of Key128 with a KeptGame per key. Each slot holds 40 bytes; the table doubles
/// when three quarters full, so it holds between 53 and 107 bytes per distinct game (and for
/// the moment of a doubling, the old table too).
class KeyTable {
  public:
    static constexpr std::size_t slot_bytes = 40;
    /// `budget`: the most bytes the table may hold, the old and the new one during a
    /// doubling included.
    explicit KeyTable(std::uint64_t budget);
    /// Inserts `key` with `game` and returns true; or, when the key is there, returns false
    /// with its game in `existing`. Throws KeyTableFull when the table would have to grow
    /// past the budget.
    bool insert(const Key128& key, const KeptGame& game, KeptGame& existing);
    /// Replaces the game of `key`, which is in the table.
    void replace(const Key128& key, const KeptGame& game);
    /// The game of `key`; false when it is not in the table.
    bool find(const Key128& key, KeptGame& out) const;
    std::uint64_t size() const { return size_; }
    /// Bytes held now.
    std::uint64_t bytes() const { return capacity_ * slot_bytes; }
    /// The most distinct games a budget holds: the doubling that passes it is refused.
    static std::uint64_t games_within(std::uint64_t budget);

  private:
    /// 40 bytes: the key, then the place packed (input in the top 24 bits, game in 40).
    struct Slot {
        std::uint64_t hi, lo;
        std::uint64_t place;
        std::uint64_t offset;
        std::uint64_t aux;
    };
    static_assert(sizeof(Slot) == slot_bytes);
    void grow();
    /// The slot of `key`, or the empty slot where it would go.
    Slot& probe(const Key128& key) const;
    static void pack(Slot& s, const Key128& key, const KeptGame& g);
    static KeptGame unpack(const Slot& s);

    std::uint64_t budget_;
    std::uint64_t capacity_ = 0, size_ = 0;
    std::unique_ptr<Slot[]> slots_;
};

} // namespace pgnkit::app
