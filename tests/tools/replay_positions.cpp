// replay_positions: samples positions from the main lines of PGN games, for differential
// checks against another implementation (scripts/differential-stockfish.sh).
//
//   replay_positions [options] FILE...
//
// Every game's main line is replayed with the library (play_san); positions are sampled
// deterministically and printed one per line, tab-separated:
//
//   1 file   2 game (1-based)   3 ply   4 chess960 (0/1)   5 "White - Black"
//   6 start FEN (our format: ep after every double push, Shredder castling in Chess960)
//   7 UCI moves from the start to this position, space-separated ("" at ply 0)
//   8 our FEN, ep mode "legal" (X-FEN castling; Shredder castling in Chess960)
//   9 our FEN in Stockfish's convention: ep mode "pseudo" (Stockfish 15 keeps the ep square
//     whenever a pawn of the side to move attacks it, legal or not), castling as field 8
//  10 our perft to --depth (default 3)
//  11 the SAN of the last move ("" at ply 0)
//
// Sampling (deterministic): games with a Chess960 Variant or a FEN set-up are all sampled,
// every --special-ply-step plies (default 1). Other games: game i (0-based, per file) is
// sampled when i % --game-step == 0 or i < --first-games; in a sampled game, ply p when
// (p + i) % --ply-step == 0, the game's last position, and (unless --no-special-moves) every
// position after castling, a promotion or an en-passant capture, or with an en-passant
// square a pawn of the side to move attacks. --special-only samples only the Chess960 /
// set-up games (for edge-case files).
//
// The replay stops at the first move we cannot play (illegal, ambiguous, null move) and
// at the end of the main line; games of unsupported variants or with a bad FEN are skipped.
// Counts go to stderr. An internal inconsistency (the legal-mode ep square shown without a
// legal en-passant move in the move list, or the reverse) is reported on stderr and makes
// the exit status 1.

#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/movegen.hpp"
#include "pgnkit/chess/san.hpp"
#include "pgnkit/chess/uci_lan.hpp"
#include "pgnkit/chess/position.hpp"
#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace pgnkit;
using namespace pgnkit::chess;

struct Options {
    std::uint64_t game_step = 40;
    std::uint64_t first_games = 2;
    int ply_step = 8;
    int special_ply_step = 1;
    int depth = 3;
    bool special_only = false;
    bool special_moves = true;
};

struct Counters {
    std::uint64_t games = 0, sampled_games = 0, positions = 0, special_games = 0;
    std::uint64_t skipped_variant = 0, skipped_fen = 0, stopped = 0, internal_errors = 0;
};

std::string lower_alnum(std::string_view s) {
    std::string out;
    for (char c : s)
        if (std::isalnum(static_cast<unsigned char>(c)))
            out += char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

/// Tabs and line breaks in a tag value would break the line format.
std::string clean(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    return out;
}

class Sampler : public VisitorBase {
  public:
    Sampler(const Options& o, Counters& c) : opt_(o), cnt_(c) {}

    void begin_game(const GameSpan& span) {
        span_ = &span;
        white_.clear();
        black_.clear();
        fen_.clear();
        variant_.clear();
        has_fen_ = false;
        active_ = false;
        depth_ = 0;
        ply_ = 0;
        uci_.clear();
        last_san_.clear();
        last_emitted_ = -1;
        ++cnt_.games;
    }
    void tag(std::string_view name, std::string_view value, SourceLocation) {
        if (name == "White")
            white_ = clean(value);
        else if (name == "Black")
            black_ = clean(value);
        else if (name == "FEN")
            fen_ = value, has_fen_ = true;
        else if (name == "Variant")
            variant_ = value;
    }
    bool end_tags() {
        bool c960 = false;
        if (!variant_.empty()) {
            std::string v = lower_alnum(variant_);
            if (v == "chess960" || v == "fischerandom" || v == "fischerrandom" || v == "960" ||
                v == "frc" || v == "chess960fischerrandom")
                c960 = true;
            else if (!(v.empty() || v == "standard" || v == "chess" || v == "normal" ||
                       v == "fromposition" || v == "classical" || v == "orthodox")) {
                ++cnt_.skipped_variant;
                return true;
            }
        }
        special_ = c960 || has_fen_;
        std::uint64_t i = span_->index;
        bool sampled =
            special_ ? true
                     : !opt_.special_only && (i % opt_.game_step == 0 || i < opt_.first_games);
        if (!sampled) return true;
        if (has_fen_) {
            FenParseOptions fo;
            fo.chess960 = c960;
            auto parsed = parse_fen(fen_, fo);
            if (!parsed) {
                ++cnt_.skipped_fen;
                return true;
            }
            pos_ = parsed->position;
        } else {
            pos_ = Position::startpos();
            pos_.set_chess960(c960);
        }
        ++cnt_.sampled_games;
        if (special_) ++cnt_.special_games;
        active_ = true;
        start_fen_ = format_fen(pos_, sf_format(Position(pos_), EpMode::Always));
        if (want(0)) emit();
        return false;
    }
    void begin_variation(SourceLocation) { ++depth_; }
    void end_variation(SourceLocation) {
        if (depth_ > 0) --depth_;
    }
    void move(std::string_view text, SourceLocation) {
        if (!active_ || depth_ != 0) return;
        SanParseOptions po;
        po.allow_null = false;
        Position before = pos_;
        SanResolution r = play_san(pos_, text, po, false);
        if (!r.ok || r.move.is_null()) {
            ++cnt_.stopped;
            stop();
            return;
        }
        if (!uci_.empty()) uci_ += ' ';
        uci_ += format_uci(before, r.move);
        last_san_ = format_san(before, r.move);
        ++ply_;
        // Special moves and positions are always sampled in a sampled game: castling,
        // promotion, en passant, and a position with an ep square (pseudo or legal).
        bool special_move =
            r.move.kind() != Move::Normal || (pos_.ep_square() != NoSquare && pos_.has_pseudo_ep());
        if (want(ply_) || (opt_.special_moves && special_move)) emit();
    }
    void end_game() { stop(); }

  private:
    FenFormat sf_format(const Position& p, EpMode ep) const {
        FenFormat f;
        f.ep = ep;
        f.castling = p.chess960() ? CastlingStyle::Shredder : CastlingStyle::XFen;
        return f;
    }
    bool want(int ply) const {
        if (special_) return ply % opt_.special_ply_step == 0;
        return (static_cast<std::uint64_t>(ply) + span_->index) % opt_.ply_step == 0;
    }
    /// The replay is over: sample the last position too.
    void stop() {
        if (active_ && last_emitted_ != ply_) emit();
        active_ = false;
    }
    void emit() {
        last_emitted_ = ply_;
        FenFormat legal = sf_format(pos_, EpMode::Legal);
        std::string fen_legal = format_fen(pos_, legal);
        std::string fen_sf = format_fen(pos_, sf_format(pos_, EpMode::Pseudo));
        bool ep_move = false;
        for (Move m : legal_moves(pos_))
            if (m.kind() == Move::EnPassant) ep_move = true;
        std::string_view ep_field = ep_field_of(fen_legal);
        if (ep_move != (ep_field != "-") || ep_move != pos_.has_legal_ep()) {
            ++cnt_.internal_errors;
            std::fprintf(stderr,
                         "replay_positions: INTERNAL %.*s game %llu ply %d: FEN '%s' ep field "
                         "'%.*s' but legal en-passant move %s (has_legal_ep %d)\n",
                         int(span_->file.size()), span_->file.data(),
                         static_cast<unsigned long long>(span_->index + 1), ply_, fen_legal.c_str(),
                         int(ep_field.size()), ep_field.data(), ep_move ? "present" : "absent",
                         int(pos_.has_legal_ep()));
        }
        std::uint64_t nodes = perft(pos_, opt_.depth);
        std::printf("%.*s\t%llu\t%d\t%d\t%s - %s\t%s\t%s\t%s\t%s\t%llu\t%s\n",
                    int(span_->file.size()), span_->file.data(),
                    static_cast<unsigned long long>(span_->index + 1), ply_, int(pos_.chess960()),
                    white_.c_str(), black_.c_str(), start_fen_.c_str(), uci_.c_str(),
                    fen_legal.c_str(), fen_sf.c_str(), static_cast<unsigned long long>(nodes),
                    last_san_.c_str());
        ++cnt_.positions;
    }
    static std::string_view ep_field_of(std::string_view fen) {
        // board side castling ep ...
        std::size_t p = 0;
        for (int k = 0; k < 3; ++k) {
            p = fen.find(' ', p);
            if (p == std::string_view::npos) return {};
            ++p;
        }
        std::size_t e = fen.find(' ', p);
        return fen.substr(p, e == std::string_view::npos ? std::string_view::npos : e - p);
    }

    const Options& opt_;
    Counters& cnt_;
    const GameSpan* span_ = nullptr;
    std::string white_, black_, fen_, variant_, start_fen_, uci_, last_san_;
    bool has_fen_ = false, special_ = false, active_ = false;
    int depth_ = 0, ply_ = 0, last_emitted_ = -1;
    Position pos_;
};

bool parse_num(const char* s, long long lo, long long& out) {
    char* end = nullptr;
    long long v = std::strtoll(s, &end, 10);
    if (end == s || *end != '\0' || v < lo) return false;
    out = v;
    return true;
}

int usage() {
    std::fprintf(stderr,
                 "usage: replay_positions [--game-step N] [--first-games N] [--ply-step K]\n"
                 "                        [--special-ply-step K] [--depth D] [--special-only]\n"
                 "                        [--no-special-moves]\n"
                 "                        FILE...\n");
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    Options opt;
    std::vector<std::string> files;
    for (int a = 1; a < argc; ++a) {
        std::string_view arg = argv[a];
        long long v = 0;
        auto value = [&](long long lo) { return a + 1 < argc && parse_num(argv[++a], lo, v); };
        if (arg == "--game-step") {
            if (!value(1)) return usage();
            opt.game_step = static_cast<std::uint64_t>(v);
        } else if (arg == "--first-games") {
            if (!value(0)) return usage();
            opt.first_games = static_cast<std::uint64_t>(v);
        } else if (arg == "--ply-step") {
            if (!value(1)) return usage();
            opt.ply_step = static_cast<int>(v);
        } else if (arg == "--special-ply-step") {
            if (!value(1)) return usage();
            opt.special_ply_step = static_cast<int>(v);
        } else if (arg == "--depth") {
            if (!value(0) || v > 6) return usage();
            opt.depth = static_cast<int>(v);
        } else if (arg == "--no-special-moves") {
            opt.special_moves = false;
        } else if (arg == "--special-only") {
            opt.special_only = true;
        } else if (arg.size() > 1 && arg[0] == '-') {
            return usage();
        } else {
            files.emplace_back(arg);
        }
    }
    if (files.empty()) return usage();

    Counters cnt;
    PgnReader reader;
    try {
        for (const auto& f : files) {
            auto src = open_source(f);
            GameSplitter splitter(*src);
            GameSpan span;
            Sampler sampler(opt, cnt);
            while (splitter.next(span)) reader.read(span, sampler);
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "replay_positions: %s\n", e.what());
        return 2;
    }
    std::fprintf(stderr,
                 "replay_positions: %llu games, %llu sampled (%llu Chess960/set-up), %llu "
                 "positions; skipped %llu (variant) %llu (bad FEN); %llu replays stopped early\n",
                 static_cast<unsigned long long>(cnt.games),
                 static_cast<unsigned long long>(cnt.sampled_games),
                 static_cast<unsigned long long>(cnt.special_games),
                 static_cast<unsigned long long>(cnt.positions),
                 static_cast<unsigned long long>(cnt.skipped_variant),
                 static_cast<unsigned long long>(cnt.skipped_fen),
                 static_cast<unsigned long long>(cnt.stopped));
    if (cnt.internal_errors != 0) {
        std::fprintf(stderr, "replay_positions: %llu internal inconsistencies\n",
                     static_cast<unsigned long long>(cnt.internal_errors));
        return 1;
    }
    return 0;
}
