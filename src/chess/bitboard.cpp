#include "pgnkit/chess/bitboard.hpp"

#include <cstdint>
#include <cstdlib>
#include <new>
#include <sys/mman.h>

namespace pgnkit::chess {

namespace detail {
Magic rook_magics[64];
Magic bishop_magics[64];
Bitboard pawn_attacks[2][64];
Bitboard knight_attacks[64];
Bitboard king_attacks[64];
Tables tables;
} // namespace detail

namespace {

/// The slider attacks by magic index (fancy magics): rooks 102,400 entries, bishops 5,248.
struct SliderTables {
    Bitboard rook[0x19000];
    Bitboard bishop[0x1480];
};
constexpr std::size_t huge_page = std::size_t{2} << 20;
static_assert(sizeof(SliderTables) <= huge_page);
/// Two huge pages of address space (untouched but for the one that holds the SliderTables:
/// no memory of its own), so that one whole huge page aligned to its size lies inside.
alignas(4096) unsigned char slider_space[2 * huge_page];

/// Attacks of a slider by ray walking: used only to build the tables.
/// The squares from each square in each of the 8 directions, the square itself excluded:
/// rook directions 0-3, bishop directions 4-7; even directions go up the square index.
struct DirectionRays {
    Bitboard r[8][64];
};
constexpr int Directions[8][2] = {{1, 0}, {-1, 0},  {0, 1},  {0, -1},
                                  {1, 1}, {-1, -1}, {-1, 1}, {1, -1}};
constexpr DirectionRays make_direction_rays() {
    DirectionRays t{};
    for (int d = 0; d < 8; ++d)
        for (int s = 0; s < 64; ++s) {
            int f = (s & 7) + Directions[d][0], r = (s >> 3) + Directions[d][1];
            while (f >= 0 && f < 8 && r >= 0 && r < 8) {
                t.r[d][s] |= Bitboard(1) << (r * 8 + f);
                f += Directions[d][0];
                r += Directions[d][1];
            }
        }
    return t;
}
constexpr DirectionRays direction_rays = make_direction_rays();

/// The attacks of a slider on s along direction d through occ: the ray cut behind its first
/// blocker.
Bitboard ray_attacks(int d, Square s, Bitboard occ) {
    Bitboard ray = direction_rays.r[d][s];
    if (const Bitboard blockers = ray & occ)
        ray ^= direction_rays.r[d][d % 2 == 0 ? lsb(blockers) : msb(blockers)];
    return ray;
}

/// Rook or bishop attacks of s through occ, by rays (the magic tables are built from it).
Bitboard slow_attacks(PieceType t, Square s, Bitboard occ) {
    const int first = t == PieceType::Rook ? 0 : 4;
    Bitboard result = 0;
    for (int d = first; d < first + 4; ++d) result |= ray_attacks(d, s, occ);
    return result;
}

constexpr std::uint64_t known_rook_magics[64] = {
    0x0a80004000801220ULL, 0x8040004010002008ULL, 0x2080200010008008ULL, 0x1100100008210004ULL,
    0xc200209084020008ULL, 0x2100010004000208ULL, 0x0400081000822421ULL, 0x0200010422048844ULL,
    0x0800800080400024ULL, 0x0001402000401000ULL, 0x3000801000802001ULL, 0x4400800800100083ULL,
    0x0904802402480080ULL, 0x4040800400020080ULL, 0x0018808042000100ULL, 0x4040800080004100ULL,
    0x0040048001458024ULL, 0x00a0004000205000ULL, 0x3100808010002000ULL, 0x4825010010000820ULL,
    0x5004808008000401ULL, 0x2024818004000a00ULL, 0x0005808002000100ULL, 0x2100060004806104ULL,
    0x0080400880008421ULL, 0x4062220600410280ULL, 0x010a004a00108022ULL, 0x0000100080080080ULL,
    0x0021000500080010ULL, 0x0044000202001008ULL, 0x0000100400080102ULL, 0xc020128200040545ULL,
    0x0080002000400040ULL, 0x0000804000802004ULL, 0x0000120022004080ULL, 0x010a386103001001ULL,
    0x9010080080800400ULL, 0x8440020080800400ULL, 0x0004228824001001ULL, 0x000000490a000084ULL,
    0x0080002000504000ULL, 0x200020005000c000ULL, 0x0012088020420010ULL, 0x0010010080080800ULL,
    0x0085001008010004ULL, 0x0002000204008080ULL, 0x0040413002040008ULL, 0x0000304081020004ULL,
    0x0080204000800080ULL, 0x3008804000290100ULL, 0x1010100080200080ULL, 0x2008100208028080ULL,
    0x5000850800910100ULL, 0x8402019004680200ULL, 0x0120911028020400ULL, 0x0000008044010200ULL,
    0x0020850200244012ULL, 0x0020850200244012ULL, 0x0000102001040841ULL, 0x140900040a100021ULL,
    0x000200282410a102ULL, 0x000200282410a102ULL, 0x000200282410a102ULL, 0x4048240043802106ULL,
};
constexpr std::uint64_t known_bishop_magics[64] = {
    0x40106000a1160020ULL, 0x0020010250810120ULL, 0x2010010220280081ULL, 0x002806004050c040ULL,
    0x0002021018000000ULL, 0x2001112010000400ULL, 0x0881010120218080ULL, 0x1030820110010500ULL,
    0x0000120222042400ULL, 0x2000020404040044ULL, 0x8000480094208000ULL, 0x0003422a02000001ULL,
    0x000a220210100040ULL, 0x8004820202226000ULL, 0x0018234854100800ULL, 0x0100004042101040ULL,
    0x0004001004082820ULL, 0x0010000810010048ULL, 0x1014004208081300ULL, 0x2080818802044202ULL,
    0x0040880c00a00100ULL, 0x0080400200522010ULL, 0x0001000188180b04ULL, 0x0080249202020204ULL,
    0x1004400004100410ULL, 0x00013100a0022206ULL, 0x2148500001040080ULL, 0x4241080011004300ULL,
    0x4020848004002000ULL, 0x10101380d1004100ULL, 0x0008004422020284ULL, 0x01010a1041008080ULL,
    0x0808080400082121ULL, 0x0808080400082121ULL, 0x0091128200100c00ULL, 0x0202200802010104ULL,
    0x8c0a020200440085ULL, 0x01a0008080b10040ULL, 0x0889520080122800ULL, 0x100902022202010aULL,
    0x04081a0816002000ULL, 0x0000681208005000ULL, 0x8170840041008802ULL, 0x0a00004200810805ULL,
    0x0830404408210100ULL, 0x2602208106006102ULL, 0x1048300680802628ULL, 0x2602208106006102ULL,
    0x0602010120110040ULL, 0x0941010801043000ULL, 0x000040440a210428ULL, 0x0008240020880021ULL,
    0x0400002012048200ULL, 0x00ac102001210220ULL, 0x0220021002009900ULL, 0x84440c080a013080ULL,
    0x0001008044200440ULL, 0x0004c04410841000ULL, 0x2000500104011130ULL, 0x1a0c010011c20229ULL,
    0x0044800112202200ULL, 0x0434804908100424ULL, 0x0300404822c08200ULL, 0x48081010008a2a80ULL,
};

/// xorshift64* — deterministic, so the magics (and their search time) are the same every run.
struct Prng {
    std::uint64_t s;
    std::uint64_t next() {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return s * 2685821657736338717ULL;
    }
    std::uint64_t sparse() { return next() & next() & next(); }
};

/// Fills the attacks of the slider of type t on s for the magic `m` (known to fit) from
/// the attacks along each of its four rays: a subset of the mask is one subset per ray, and
/// its attacks are the union of the rays' (no ray walk per subset: the tables are built at
/// every start). False if two subsets with different attacks share an index (`m` does not
/// fit; `entries` is then partly written). `epoch`/`current` mark the entries written.
bool fill_known_magic(PieceType t, Square s, const detail::Magic& m, Bitboard* entries, int* epoch,
                      int current) {
    const int first = t == PieceType::Rook ? 0 : 4;
    Bitboard occ[4][64], att[4][64]; // at most 6 mask squares on a ray
    int count[4];
    for (int k = 0; k < 4; ++k) {
        const int d = first + k;
        const Bitboard bits = direction_rays.r[d][s] & m.mask;
        int n = 0;
        Bitboard b = 0;
        do {
            occ[k][n] = b;
            att[k][n] = ray_attacks(d, s, b);
            ++n;
            b = (b - bits) & bits;
        } while (b);
        count[k] = n;
    }
    for (int i0 = 0; i0 < count[0]; ++i0)
        for (int i1 = 0; i1 < count[1]; ++i1) {
            const Bitboard o01 = occ[0][i0] | occ[1][i1], a01 = att[0][i0] | att[1][i1];
            for (int i2 = 0; i2 < count[2]; ++i2)
                for (int i3 = 0; i3 < count[3]; ++i3) {
                    const Bitboard o = o01 | occ[2][i2] | occ[3][i3];
                    const Bitboard a = a01 | att[2][i2] | att[3][i3];
                    const unsigned idx = unsigned((o * m.magic) >> m.shift); // o is in the mask
                    if (epoch[idx] < current) {
                        epoch[idx] = current;
                        entries[idx] = a;
                    } else if (entries[idx] != a) {
                        return false;
                    }
                }
        }
    return true;
}

void init_magics(PieceType t, Bitboard* table, detail::Magic* magics) {
    // Seeds per rank that find magics quickly (any seed works; these are just fast).
    static constexpr std::uint64_t seeds[8] = {728, 10316, 55013, 32803, 12281, 15100, 16645, 255};
    Bitboard occupancy[4096], reference[4096];
    int epoch[4096] = {}, current = 0;
    std::size_t offset = 0;
    for (int si = 0; si < 64; ++si) {
        Square s = Square(si);
        Bitboard edges = ((rank_bb(0) | rank_bb(7)) & ~rank_bb(rank_of(s))) |
                         ((file_bb(0) | file_bb(7)) & ~file_bb(file_of(s)));
        detail::Magic& m = magics[s];
        m.mask = slow_attacks(t, s, 0) & ~edges;
        m.shift = unsigned(64 - popcount(m.mask));
        m.attacks = table + offset;
        const int size = 1 << popcount(m.mask);
        Bitboard* entries = table + offset;
        offset += std::size_t(size);
        // The known magic, which always fits.
        m.magic = (t == PieceType::Rook ? known_rook_magics : known_bishop_magics)[s];
        if (fill_known_magic(t, s, m, entries, epoch, ++current)) continue;
        // Else a search (never taken with the magics above): every subset of the mask by
        // Carry-Rippler enumeration, with its attacks by ray walking.
        int n = 0;
        Bitboard b = 0;
        do {
            occupancy[n] = b;
            reference[n] = slow_attacks(t, s, b);
            ++n;
            b = (b - m.mask) & m.mask;
        } while (b);
        Prng rng{seeds[rank_of(s)]};
        for (int i = 0; i < size;) {
            for (m.magic = 0; popcount((m.magic * m.mask) >> 56) < 6;) m.magic = rng.sparse();
            ++current;
            for (i = 0; i < size; ++i) {
                unsigned idx = m.index(occupancy[i]);
                if (epoch[idx] < current) {
                    epoch[idx] = current;
                    entries[idx] = reference[i];
                } else if (entries[idx] != reference[i])
                    break;
            }
        }
    }
}

void init_all() {
    for (int si = 0; si < 64; ++si) {
        Square s = Square(si);
        int f = file_of(s), r = rank_of(s);
        auto add = [&](Bitboard& target, int df, int dr) {
            int nf = f + df, nr = r + dr;
            if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8) target |= bb(make_square(nf, nr));
        };
        detail::pawn_attacks[0][s] = detail::pawn_attacks[1][s] = 0;
        add(detail::pawn_attacks[0][s], -1, 1);
        add(detail::pawn_attacks[0][s], 1, 1);
        add(detail::pawn_attacks[1][s], -1, -1);
        add(detail::pawn_attacks[1][s], 1, -1);
        detail::knight_attacks[s] = detail::king_attacks[s] = 0;
        for (auto [df, dr] :
             {std::pair{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}})
            add(detail::knight_attacks[s], df, dr);
        for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr)
                if (df || dr) add(detail::king_attacks[s], df, dr);
    }
    const std::uintptr_t space = reinterpret_cast<std::uintptr_t>(slider_space);
    void* const page = slider_space + ((huge_page - space % huge_page) % huge_page);
#ifdef MADV_HUGEPAGE
    // Before the first write: the kernel may then back the page with a huge page.
    ::madvise(page, huge_page, MADV_HUGEPAGE);
#endif
    SliderTables* const sliders = ::new (page) SliderTables;
    init_magics(PieceType::Rook, sliders->rook, detail::rook_magics);
    init_magics(PieceType::Bishop, sliders->bishop, detail::bishop_magics);
    for (int a = 0; a < 64; ++a)
        for (int b = 0; b < 64; ++b) {
            Square sa = Square(a), sb = Square(b);
            detail::tables.between[a][b] = bb(sb);
            detail::tables.line[a][b] = 0;
            if (a == b) continue;
            for (PieceType t : {PieceType::Bishop, PieceType::Rook}) {
                if (slow_attacks(t, sa, 0) & bb(sb)) {
                    detail::tables.line[a][b] =
                        (slow_attacks(t, sa, 0) & slow_attacks(t, sb, 0)) | bb(sa) | bb(sb);
                    detail::tables.between[a][b] |=
                        slow_attacks(t, sa, bb(sb)) & slow_attacks(t, sb, bb(sa));
                }
            }
        }
}

struct Initializer {
    Initializer() { init_all(); }
} initializer;

} // namespace

void init_bitboards() {
    static bool done = false;
    if (!done) init_all();
    done = true;
}

Bitboard attacks_bb(PieceType t, Square s, Bitboard occ) {
    switch (t) {
    case PieceType::Knight: return knight_attacks(s);
    case PieceType::Bishop: return bishop_attacks(s, occ);
    case PieceType::Rook: return rook_attacks(s, occ);
    case PieceType::Queen: return queen_attacks(s, occ);
    case PieceType::King: return king_attacks(s);
    case PieceType::Pawn:
    case PieceType::None: return 0;
    }
    return 0;
}

} // namespace pgnkit::chess
