// list_games: one line per game of a PGN file, as our splitter and reader see it, for
// matching games between pgnkit and another tool (scripts/differential-pgn-extract.sh).
//
//   list_games FILE...
//
// Tab-separated: 1 file  2 game (1-based, per file, as `pgnkit validate` numbers them when
// given that one file)  3 first line  4 Event  5 Site  6 Date  7 Round  8 White  9 Black
// 10 Result  11 main-line move tokens  12 the Zobrist key (hex) of the position reached by
// replaying the main line until its first move we cannot play, and the plies played
// ("key/plies"; "-" when the start position is unusable). A missing tag is "?", a missing Date
// "????.??.??" (what pgn-extract writes for a missing Seven Tag Roster tag); tabs and line breaks
// in values become spaces.

#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/san.hpp"
#include "pgnkit/chess/position.hpp"
#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <array>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <string>
#include <string_view>

namespace {

using namespace pgnkit;

constexpr std::array<std::string_view, 7> Names = {"Event", "Site",  "Date",  "Round",
                                                   "White", "Black", "Result"};

class Lister : public VisitorBase {
  public:
    void begin_game(const GameSpan& span) {
        span_ = &span;
        for (auto& v : values_) v.assign(1, '?');
        values_[2].assign("????.??.??"); // pgn-extract's Date for a missing tag
        depth_ = 0;
        moves_ = 0;
        plies_ = 0;
        fen_.clear();
        variant_.clear();
        has_fen_ = false;
        replay_ = false;
        usable_ = false;
    }
    bool end_tags() {
        std::string v;
        for (char c : variant_)
            if (std::isalnum(static_cast<unsigned char>(c)))
                v += char(std::tolower(static_cast<unsigned char>(c)));
        bool c960 = v == "chess960" || v == "fischerandom" || v == "fischerrandom" || v == "960" ||
                    v == "frc" || v == "chess960fischerrandom";
        usable_ = c960 || v.empty() || v == "standard" || v == "chess" || v == "normal" ||
                  v == "fromposition" || v == "classical" || v == "orthodox";
        if (usable_ && has_fen_) {
            chess::FenParseOptions fo;
            fo.chess960 = c960;
            auto parsed = chess::parse_fen(fen_, fo);
            usable_ = bool(parsed);
            if (usable_) pos_ = parsed->position;
        } else if (usable_) {
            pos_ = chess::Position::startpos();
            pos_.set_chess960(c960);
        }
        replay_ = usable_;
        return false;
    }
    void tag(std::string_view name, std::string_view value, SourceLocation) {
        if (name == "FEN") fen_ = value, has_fen_ = true;
        if (name == "Variant") variant_ = value;
        for (std::size_t k = 0; k < Names.size(); ++k) {
            if (name != Names[k]) continue;
            std::string& v = values_[k];
            v.assign(value.data(), value.size());
            for (char& c : v)
                if (c == '\t' || c == '\n' || c == '\r') c = ' ';
        }
    }
    void begin_variation(SourceLocation) { ++depth_; }
    void end_variation(SourceLocation) {
        if (depth_ > 0) --depth_;
    }
    void move(std::string_view text, SourceLocation) {
        if (depth_ != 0) return;
        ++moves_;
        if (!replay_) return;
        chess::SanParseOptions po;
        po.allow_null = true;
        if (chess::play_san(pos_, text, po, false).ok)
            ++plies_;
        else
            replay_ = false;
    }
    void end_game() {
        std::printf("%.*s\t%llu\t%llu", int(span_->file.size()), span_->file.data(),
                    static_cast<unsigned long long>(span_->index + 1),
                    static_cast<unsigned long long>(span_->first_line));
        for (const auto& v : values_) std::printf("\t%s", v.c_str());
        if (usable_)
            std::printf("\t%d\t%016llx/%d\n", moves_, static_cast<unsigned long long>(pos_.key()),
                        plies_);
        else
            std::printf("\t%d\t-\n", moves_);
    }

  private:
    const GameSpan* span_ = nullptr;
    std::array<std::string, Names.size()> values_;
    int depth_ = 0;
    int moves_ = 0;
    int plies_ = 0;
    std::string fen_, variant_;
    bool has_fen_ = false, replay_ = false, usable_ = false;
    chess::Position pos_;
};

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: list_games FILE...\n");
        return 2;
    }
    PgnReader reader;
    try {
        for (int a = 1; a < argc; ++a) {
            auto src = open_source(argv[a]);
            GameSplitter splitter(*src);
            GameSpan span;
            Lister lister;
            while (splitter.next(span)) reader.read(span, lister);
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "list_games: %s\n", e.what());
        return 2;
    }
    return 0;
}
