#include "pgnkit/xiangqi/zobrist.hpp"

namespace pgnkit::xiangqi::zobrist {

namespace {

// splitmix64 (Steele, Lea, Flood 2014): a fixed seed gives the same keys in every build.
constexpr std::uint64_t splitmix(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

constexpr Keys build() {
    Keys k{};
    std::uint64_t state = 0x58696e6771692121ULL; // "Xingqi!!"
    for (int p = 0; p < 16; ++p)
        for (int s = 0; s < Points; ++s) k.piece[p][s] = splitmix(state);
    k.black = splitmix(state);
    return k;
}

} // namespace

constinit const Keys keys = build();

} // namespace pgnkit::xiangqi::zobrist
