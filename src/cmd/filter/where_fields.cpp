#include "pgnkit/cmd/filter/where_fields.hpp"

#include "pgnkit/cmd/filter/comparison.hpp"
#include "pgnkit/cmd/filter/option_values.hpp"
#include "pgnkit/cmd/filter/pgn_date.hpp"

#include <array>
#include <cmath>

namespace pgnkit::app {

namespace {

using filter::FieldSpec;
using filter::FieldType;

/// The fields, in table order. Tags first (Need::Tags), then the replay's.
enum WhereField : int {
    White,
    Black,
    Event,
    Site,
    Round,
    Annotator,
    Result,
    Eco,
    Date,
    EventDate,
    TimeControl,
    Variant,
    EloWhite,
    EloBlack,
    EloAvg,
    EloDiff,
    Game,
    Setup, // tags and place
    Plies,
    Moves,
    Valid,
    Checkmate,
    Stalemate,
    Repetition,
    FiftyMoves,
    SeventyFive,
    Insufficient,
    Dead,
    Underpromotion,
    EnPassant,
    Comments,
    Variations,
    Clock,
    Eval, // the replay
    FieldCount
};

constexpr std::array<FieldSpec, FieldCount> specs = {{
    {"white", FieldType::Text},          {"black", FieldType::Text},
    {"event", FieldType::Text},          {"site", FieldType::Text},
    {"round", FieldType::Text},          {"annotator", FieldType::Text},
    {"result", FieldType::Text},         {"eco", FieldType::Text},
    {"date", FieldType::Date},           {"event_date", FieldType::Date},
    {"time_control", FieldType::Text},   {"variant", FieldType::Text},
    {"elo_white", FieldType::Number},    {"elo_black", FieldType::Number},
    {"elo_avg", FieldType::Number},      {"elo_diff", FieldType::Number},
    {"game", FieldType::Number},         {"setup", FieldType::Bool},
    {"plies", FieldType::Number},        {"moves", FieldType::Number},
    {"valid", FieldType::Bool},          {"checkmate", FieldType::Bool},
    {"stalemate", FieldType::Bool},      {"repetition", FieldType::Bool},
    {"fifty_moves", FieldType::Bool},    {"seventy_five", FieldType::Bool},
    {"insufficient", FieldType::Bool},   {"dead", FieldType::Bool},
    {"underpromotion", FieldType::Bool}, {"en_passant", FieldType::Bool},
    {"has_comments", FieldType::Bool},   {"has_variations", FieldType::Bool},
    {"has_clock", FieldType::Bool},      {"has_eval", FieldType::Bool},
}};

constexpr std::array<std::string_view, Variant + 1> tag_of = {
    "White",  "Black", "Event", "Site",      "Round",       "Annotator",
    "Result", "ECO",   "Date",  "EventDate", "TimeControl", "Variant"};

class GameFields final : public filter::WhereFields {
  public:
    explicit GameFields(const GameView& g) : g_(g) {}
    std::optional<double> number(int field) const override {
        switch (field) {
        case EloWhite: return elo("WhiteElo");
        case EloBlack: return elo("BlackElo");
        case EloAvg:
        case EloDiff: {
            const auto w = elo("WhiteElo"), b = elo("BlackElo");
            if (!w || !b) return std::nullopt;
            return field == EloAvg ? (*w + *b) / 2 : std::fabs(*w - *b);
        }
        case Game: return double(g_.in_file);
        case Plies: return double(g_.facts->plies);
        case Moves: return double((g_.facts->plies + 1) / 2);
        default: return std::nullopt;
        }
    }
    std::optional<std::string_view> text(int field) const override {
        if (field < 0 || field > Variant) return std::nullopt;
        return g_.tags->get(tag_of[std::size_t(field)]);
    }
    std::optional<filter::DateSpan> date(int field) const override {
        const auto value = g_.tags->get(field == EventDate ? "EventDate" : "Date");
        return value ? filter::parse_pgn_date(*value) : std::nullopt;
    }
    bool boolean(int field) const override {
        const GameFacts& f = *g_.facts;
        switch (field) {
        case Setup: {
            const auto flag = g_.tags->get("SetUp");
            return (flag && *flag == "1") || g_.tags->get("FEN").has_value();
        }
        case Valid: return f.valid;
        case Checkmate: return f.has(Ending::Checkmate);
        case Stalemate: return f.has(Ending::Stalemate);
        case Repetition: return f.has(Ending::Repetition);
        case FiftyMoves: return f.has(Ending::FiftyMoves);
        case SeventyFive: return f.has(Ending::SeventyFive);
        case Insufficient: return f.has(Ending::Insufficient);
        case Dead: return f.has(Ending::Dead);
        case Underpromotion: return f.underpromotion;
        case EnPassant: return f.en_passant;
        case Comments: return f.comments;
        case Variations: return f.variations;
        case Clock: return f.clock;
        case Eval: return f.eval;
        default: return false;
        }
    }
    std::optional<std::string_view> tag(std::string_view name) const override {
        return g_.tags->get(name);
    }

  private:
    std::optional<double> elo(std::string_view tag) const {
        const auto v = g_.tags->get(tag);
        return v ? filter::parse_number(*v) : std::nullopt;
    }
    const GameView& g_;
};

class WhereCriterion final : public Criterion {
  public:
    explicit WhereCriterion(filter::WhereExpr e) : expr_(std::move(e)), need_(where_need(expr_)) {}
    Need need() const override { return need_; }
    bool matches(const GameView& game) const override { return expr_.matches(GameFields(game)); }

  private:
    filter::WhereExpr expr_;
    Need need_;
};

} // namespace

std::span<const filter::FieldSpec> where_field_specs() { return specs; }

Need where_need(const filter::WhereExpr& expr) {
    for (int f = Plies; f < FieldCount; ++f)
        if (expr.uses_field(f)) return Need::Replay;
    return Need::Tags;
}

bool where_uses_endings(const filter::WhereExpr& expr) {
    for (int f = Checkmate; f <= Dead; ++f)
        if (expr.uses_field(f)) return true;
    return false;
}

CriterionPtr where_criterion(filter::WhereExpr expr) {
    return std::make_shared<const WhereCriterion>(std::move(expr));
}

} // namespace pgnkit::app
