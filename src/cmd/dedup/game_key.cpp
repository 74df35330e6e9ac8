#include "pgnkit/cmd/dedup/game_key.hpp"

#include "pgnkit/io/utf8.hpp"
#include "pgnkit/pgn/name_match.hpp"

#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>

namespace pgnkit::app {

namespace {

/// The murmur3 64-bit finalizer: every input bit reaches every output bit.
std::uint64_t fmix(std::uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ULL;
    k ^= k >> 33;
    return k;
}

} // namespace

void KeyHasher::word(std::uint64_t w) {
    a_ = fmix(a_ ^ (w * 0x87c37b91114253d5ULL)) + 0x52dce729;
    b_ = fmix((b_ + w) * 0x4cf5ad432745937fULL) ^ 0x38495ab5;
}

void KeyHasher::text(std::string_view s) {
    std::size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
        std::uint64_t w;
        std::memcpy(&w, s.data() + i, 8);
        word(w);
    }
    std::uint64_t tail = 0;
    std::memcpy(&tail, s.data() + i, s.size() - i);
    word(tail);
    word(s.size());
}

Key128 KeyHasher::key() const {
    Key128 k{fmix(a_ ^ b_), fmix(b_ + a_ * 3)};
    if (k.empty()) k.lo = 1; // all zero marks an empty slot of the key table
    return k;
}

void GameKeyVisitor::begin_game(const GameSpan& s) {
    keys_ = GameKeys{};
    moves_ = KeyHasher{};
    unplayed_ = KeyHasher{};
    stopped_early_ = false;
    have_last_ = false;
    depth_ = 0;
    for (bool& seen : seen_) seen = false;
    white_.clear();
    red_.clear();
    black_.clear();
    date_.clear();
    round_.clear();
    event_.clear();
    text_ = s.text;
    v_.begin_game(s);
}

void GameKeyVisitor::tag(std::string_view n, std::string_view value, const SourceLocation& l) {
    // The first of repeated tags counts, as filter reads them (cmd/filter/game_tags.hpp).
    auto keep = [&](std::string& to, bool& seen) {
        if (!seen) to.assign(value);
        seen = true;
    };
    if (n == "White")
        keep(white_, seen_[0]);
    else if (n == "Black")
        keep(black_, seen_[1]);
    else if (n == "Date")
        keep(date_, seen_[2]);
    else if (n == "Round")
        keep(round_, seen_[3]);
    else if (n == "Event")
        keep(event_, seen_[4]);
    else if (n == "Red")
        keep(red_, seen_[5]);
    v_.tag(n, value, l);
}

bool GameKeyVisitor::end_tags() {
    const bool read_on = v_.end_tags();
    if (const chess::Position* p = v_.current_position()) start(*p);
    return read_on;
}

void GameKeyVisitor::start(const chess::Position& p) {
    keys_.replayed = true;
    moves_.word(p.key());
    if (kind_ == DedupKey::FinalPosition) {
        last_ = p;
        have_last_ = true;
    }
}

void GameKeyVisitor::move(std::string_view t, const TokenPlace& l) {
    v_.move(t, l);
    if (depth_ != 0) return;
    if (!v_.last_move_replayed()) {
        // A main-line move the replay stopped before (an error, the game over): keyed as
        // written, so that games that break off early are the same only with the same rest.
        unplayed_.text(t);
        stopped_early_ = true;
        return;
    }
    const chess::Move mv = v_.last_move();
    const auto promo = static_cast<std::uint64_t>(mv.promotion());
    moves_.word(std::uint64_t(mv.from()) | std::uint64_t(mv.to()) << 6 | promo << 12);
    keys_.plies = v_.last_ply();
    if (kind_ == DedupKey::FinalPosition) last_ = v_.last_after();
}

void GameKeyVisitor::comment(std::string_view t, const SourceLocation& l) {
    ++keys_.annotations;
    for (std::size_t at = t.find("[%clk"); at != std::string_view::npos;
         at = t.find("[%clk", at + 5))
        ++keys_.annotations;
    v_.comment(t, l);
}

FoldedSpellings::FoldedSpellings(const NameTable& table) {
    std::string variant, canonical;
    for (std::size_t k = 0; k < maps_.size(); ++k) {
        for (const auto& [from, to] : table.spellings(static_cast<NameKind>(k))) {
            variant.clear();
            canonical.clear();
            fold_text(from, variant);
            fold_text(to, canonical);
            if (variant != canonical) maps_[k].insert_or_assign(variant, canonical);
        }
    }
}

std::string_view FoldedSpellings::canonical(NameKind kind, std::string_view folded) const {
    const auto& map = maps_[static_cast<std::size_t>(kind)];
    if (map.empty()) return folded;
    const auto at = map.find(folded);
    return at == map.end() ? folded : std::string_view(at->second);
}

bool FoldedSpellings::empty() const {
    for (const auto& m : maps_)
        if (!m.empty()) return false;
    return true;
}

std::uint64_t FoldedSpellings::fingerprint() const {
    if (empty()) return 0;
    KeyHasher h;
    for (std::size_t k = 0; k < maps_.size(); ++k) {
        // (in a set order: the maps' own depends on how they grew)
        std::vector<std::pair<std::string_view, std::string_view>> pairs(maps_[k].begin(),
                                                                         maps_[k].end());
        std::sort(pairs.begin(), pairs.end());
        h.word(k);
        for (const auto& [variant, canonical] : pairs) {
            h.text(variant);
            h.text(canonical);
        }
    }
    return h.key().hi | 1; // (never 0)
}

void GameKeyVisitor::add_folded(KeyHasher& h, const std::string& value, bool utf8,
                                std::optional<NameKind> kind) {
    folded_.clear();
    if (utf8) {
        fold_text(value, folded_);
    } else {
        latin_.clear();
        cp1252_to_utf8(value, latin_);
        fold_text(latin_, folded_);
    }
    h.text(spellings_ && kind ? spellings_->canonical(*kind, folded_) : folded_);
}

void GameKeyVisitor::finish(bool utf8) {
    if (!keys_.replayed) {
        // Not replayed (an unsupported variant, an unusable FEN): keyed by its text without
        // blanks, so that such games are duplicates only of their own copies.
        for (char ch : text_)
            if (ch != ' ' && ch != '\n' && ch != '\r' && ch != '\t') moves_.word(std::uint8_t(ch));
    }
    if (stopped_early_) {
        const Key128 rest = unplayed_.key();
        moves_.word(rest.hi);
        moves_.word(rest.lo);
    }
    keys_.moves = moves_.key();
    switch (kind_) {
    case DedupKey::Moves: keys_.key = keys_.moves; return;
    case DedupKey::MovesPlayers: {
        KeyHasher h = moves_;
        add_folded(h, first_player(), utf8, NameKind::Player);
        add_folded(h, black_, utf8, NameKind::Player);
        keys_.key = h.key();
        return;
    }
    case DedupKey::FinalPosition: {
        KeyHasher h;
        if (have_last_) {
            // FIDE 9.2.3: the same pieces on the same squares, the same side to move, the
            // same castling rights and en-passant capture: repetition_key() holds them in 64
            // bits, the piece sets give the second, independent half.
            h.word(last_.repetition_key());
            for (int c = 0; c < 2; ++c)
                for (int t = 0; t < 6; ++t)
                    h.word(last_.pieces(chess::Color(c), chess::PieceType(t)));
            h.word(last_.castling_rights() << 1 | (last_.side_to_move() == chess::Color::Black));
        }
        if (stopped_early_) { // (the position the replay stopped in, and the rest)
            h.word(keys_.moves.hi);
            h.word(keys_.moves.lo);
        }
        keys_.key = h.key();
        return;
    }
    case DedupKey::Header: {
        KeyHasher h;
        add_folded(h, first_player(), utf8, NameKind::Player);
        add_folded(h, black_, utf8, NameKind::Player);
        add_folded(h, date_, utf8, std::nullopt);
        add_folded(h, round_, utf8, NameKind::Round);
        add_folded(h, event_, utf8, NameKind::Event);
        keys_.key = h.key();
        return;
    }
    }
}

std::string key_hex(const Key128& k) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string s(32, '0');
    for (int i = 0; i < 16; ++i) {
        s[std::size_t(15 - i)] = digits[(k.hi >> (4 * i)) & 15];
        s[std::size_t(31 - i)] = digits[(k.lo >> (4 * i)) & 15];
    }
    return s;
}

bool parse_key_hex(std::string_view text, Key128& out) {
    if (text.size() != 32) return false;
    Key128 k;
    for (std::size_t i = 0; i < 32; ++i) {
        const char c = text[i];
        unsigned d;
        if (c >= '0' && c <= '9')
            d = unsigned(c - '0');
        else if (c >= 'a' && c <= 'f')
            d = unsigned(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            d = unsigned(c - 'A' + 10);
        else
            return false;
        std::uint64_t& half = i < 16 ? k.hi : k.lo;
        half = half << 4 | d;
    }
    out = k;
    return true;
}

} // namespace pgnkit::app
