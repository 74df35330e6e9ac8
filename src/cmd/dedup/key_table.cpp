#include "pgnkit/cmd/dedup/key_table.hpp"

#include <fmt/format.h>

namespace pgnkit::app {

namespace {
constexpr std::uint64_t first_capacity = 1u << 10;
constexpr std::uint64_t game_bits = 40;
constexpr std::uint64_t game_mask = (std::uint64_t{1} << game_bits) - 1;
} // namespace

KeyTable::KeyTable(std::uint64_t budget) : budget_(budget) {
    if (first_capacity * slot_bytes > budget_)
        throw KeyTableFull(fmt::format("a memory limit of {} bytes is less than the smallest "
                                       "table ({} bytes)",
                                       budget_, first_capacity * slot_bytes));
    capacity_ = first_capacity;
    slots_ = std::make_unique<Slot[]>(capacity_); // value-initialized: all keys zero (empty)
}

std::uint64_t KeyTable::games_within(std::uint64_t budget) {
    std::uint64_t cap = first_capacity;
    // A doubling from `cap` needs cap + 2 cap slots at once.
    while (3 * cap * slot_bytes <= budget) cap *= 2;
    return cap / 4 * 3;
}

KeyTable::Slot& KeyTable::probe(const Key128& key) const {
    // Linear probing from the low half (the key is a hash already: its bits are uniform).
    std::size_t i = std::size_t(key.lo) & (capacity_ - 1);
    for (;;) {
        Slot& s = slots_[i];
        if ((s.hi == key.hi && s.lo == key.lo) || (s.hi == 0 && s.lo == 0)) return s;
        i = (i + 1) & (capacity_ - 1);
    }
}

void KeyTable::pack(Slot& s, const Key128& key, const KeptGame& g) {
    s.hi = key.hi;
    s.lo = key.lo;
    s.place = std::uint64_t(g.input) << game_bits | (g.game & game_mask);
    s.offset = g.offset;
    s.aux = g.aux;
}

KeptGame KeyTable::unpack(const Slot& s) {
    return KeptGame{std::uint32_t(s.place >> game_bits), s.place & game_mask, s.offset, s.aux};
}

bool KeyTable::insert(const Key128& key, const KeptGame& game, KeptGame& existing) {
    Slot* s = &probe(key);
    if (!(s->hi == 0 && s->lo == 0)) {
        existing = unpack(*s);
        return false;
    }
    if ((size_ + 1) * 4 > capacity_ * 3) {
        grow();
        s = &probe(key);
    }
    pack(*s, key, game);
    ++size_;
    return true;
}

void KeyTable::replace(const Key128& key, const KeptGame& game) { pack(probe(key), key, game); }

bool KeyTable::find(const Key128& key, KeptGame& out) const {
    const Slot& s = probe(key);
    if (s.hi == 0 && s.lo == 0) return false;
    out = unpack(s);
    return true;
}

void KeyTable::grow() {
    const std::uint64_t next = capacity_ * 2;
    if ((capacity_ + next) * slot_bytes > budget_)
        throw KeyTableFull(fmt::format(
            "{} distinct games fill the key table: growing it to {} slots of {} bytes would "
            "pass the memory limit of {} bytes (--memory-limit)",
            size_, next, slot_bytes, budget_));
    std::unique_ptr<Slot[]> old = std::move(slots_);
    const std::uint64_t old_capacity = capacity_;
    slots_ = std::make_unique<Slot[]>(next);
    capacity_ = next;
    for (std::uint64_t i = 0; i < old_capacity; ++i) {
        const Slot& s = old[i];
        if (s.hi == 0 && s.lo == 0) continue;
        Slot& to = probe(Key128{s.hi, s.lo});
        to = s;
    }
}

} // namespace pgnkit::app
