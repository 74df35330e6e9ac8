#include "pgnkit/cmd/filter/game_criteria.hpp"

#include "pgnkit/cmd/filter/comparison.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <regex>

namespace pgnkit::app {

namespace {

/// A criterion from a test of the game and what it needs.
template <class Test>
class Lambda final : public Criterion {
  public:
    Lambda(Need need, Test test) : need_(need), test_(std::move(test)) {}
    Need need() const override { return need_; }
    bool matches(const GameView& game) const override { return test_(game); }

  private:
    Need need_;
    Test test_;
};
template <class Test>
CriterionPtr make(Need need, Test test) {
    return std::make_shared<const Lambda<Test>>(need, std::move(test));
}

/// A number that is all of `text` (blanks around it allowed), or nullopt.
std::optional<double> number_of(std::string_view text) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    if (text.empty()) return std::nullopt;
    if (text.front() == '+') text.remove_prefix(1);
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return v;
}

std::optional<double> tag_number(const GameTags& tags, std::string_view name) {
    const auto value = tags.get(name);
    return value ? number_of(*value) : std::nullopt;
}

/// splitmix64's finaliser (Steele, Lea, Flood 2014): every input bit moves every output bit.
std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

std::string without_blanks(std::string folded) {
    folded.erase(std::remove(folded.begin(), folded.end(), ' '), folded.end());
    return folded;
}

} // namespace

CriterionPtr games_criterion(GameNumbers numbers) {
    return make(Need::Number, [numbers = std::move(numbers)](const GameView& g) {
        return numbers.contains(g.in_file);
    });
}

CriterionPtr game_ids_criterion(std::set<std::pair<std::string, std::uint64_t>> ids) {
    return make(Need::Number, [ids = std::move(ids)](const GameView& g) {
        return ids.count({*g.file, g.in_file}) != 0;
    });
}

CriterionPtr window_criterion(std::uint64_t skip, std::uint64_t first) {
    return make(Need::Number, [skip, first](const GameView& g) {
        return g.number > skip && (first == 0 || g.number - skip <= first);
    });
}

double sample_draw(std::uint64_t seed, std::string_view file, std::uint64_t in_file) {
    std::uint64_t h = 0xCBF29CE484222325ULL; // FNV-1a of the name
    for (unsigned char c : file) h = (h ^ c) * 0x100000001B3ULL;
    const std::uint64_t z = mix(mix(seed ^ h) + in_file);
    return double(z >> 11) * 0x1.0p-53;
}

CriterionPtr sample_criterion(double fraction, std::uint64_t seed) {
    return make(Need::Number, [fraction, seed](const GameView& g) {
        return sample_draw(seed, *g.file, g.in_file) < fraction;
    });
}

CriterionPtr name_criterion(std::vector<std::string> tags, std::vector<NameQuery> queries) {
    return make(Need::Tags,
                [tags = std::move(tags), queries = std::move(queries)](const GameView& g) {
                    for (const std::string& name : tags) {
                        auto value = g.tags->get(name);
                        if (!value && name == "White") value = g.tags->get("Red");
                        if (!value) continue;
                        for (const NameQuery& q : queries)
                            if (q.matches(*value, g.tags->utf8(), *g.scratch)) return true;
                    }
                    return false;
                });
}

CriterionPtr opening_name_criterion(std::vector<NameQuery> queries) {
    return make(Need::Replay, [queries = std::move(queries)](const GameView& g) {
        if (!g.opening) return false;
        std::string name = g.opening->name;
        if (!g.opening->variation.empty()) name += ": " + g.opening->variation;
        for (const NameQuery& q : queries)
            if (q.matches(name, true, *g.scratch)) return true;
        return false;
    });
}

CriterionPtr elo_criterion(EloOf which, std::vector<NumberRange> ranges) {
    return make(Need::Tags, [which, ranges = std::move(ranges)](const GameView& g) {
        const auto in = [&](double x) {
            return std::any_of(ranges.begin(), ranges.end(),
                               [x](const NumberRange& r) { return r.contains(x); });
        };
        const auto white = tag_number(*g.tags, "WhiteElo");
        if (which == EloOf::White) return white && in(*white);
        const auto black = tag_number(*g.tags, "BlackElo");
        if (which == EloOf::Black) return black && in(*black);
        if (!white || !black) return false;
        switch (which) {
        case EloOf::Both: return in(*white) && in(*black);
        case EloOf::Average: return in((*white + *black) / 2);
        case EloOf::Difference: return in(std::fabs(*white - *black));
        default: return false;
        }
    });
}

CriterionPtr result_criterion(std::vector<std::string> results) {
    return make(Need::Tags, [results = std::move(results)](const GameView& g) {
        const auto value = g.tags->get("Result");
        return value && std::find(results.begin(), results.end(), *value) != results.end();
    });
}

CriterionPtr eco_criterion(std::vector<EcoRange> ranges) {
    return make(Need::Tags, [ranges = std::move(ranges)](const GameView& g) {
        const auto value = g.tags->get("ECO");
        const int n = value ? eco_number(*value) : -1;
        return n >= 0 && std::any_of(ranges.begin(), ranges.end(),
                                     [n](const EcoRange& r) { return r.contains(n); });
    });
}

CriterionPtr time_control_criterion(std::vector<std::string> values) {
    std::vector<TimeClass> classes;
    for (const std::string& v : values) classes.push_back(parse_time_class(v));
    return make(Need::Tags,
                [values = std::move(values), classes = std::move(classes)](const GameView& g) {
                    const auto value = g.tags->get("TimeControl");
                    if (!value) return false;
                    const TimeClass c = time_class(*value);
                    for (std::size_t i = 0; i < values.size(); ++i)
                        if (classes[i] != TimeClass::None ? c == classes[i] : *value == values[i])
                            return true;
                    return false;
                });
}

bool tag_test_holds(const TagTest& test, const GameTags& tags, const std::regex* regex) {
    const auto value = tags.get(test.name);
    if (!value) return test.relation == TagRelation::NotEqual;
    if (test.relation == TagRelation::Regex)
        return regex != nullptr && std::regex_search(value->begin(), value->end(), *regex);
    if (test.is_date) {
        const auto date = filter::parse_pgn_date(*value);
        if (!date) return false; // no date known: no comparison holds (!= neither)
        static constexpr filter::Comparison as[] = {
            filter::Comparison::Equal,   filter::Comparison::NotEqual,
            filter::Comparison::Less,    filter::Comparison::LessEqual,
            filter::Comparison::Greater, filter::Comparison::GreaterEqual,
            filter::Comparison::Matches};
        return filter::compare_dates(*date, as[static_cast<int>(test.relation)],
                                     {test.date_first, test.date_last});
    }
    if (test.relation == TagRelation::Equal) return *value == test.value;
    if (test.relation == TagRelation::NotEqual) return *value != test.value;
    int order;
    const auto a = number_of(*value), b = number_of(test.value);
    if (a && b)
        order = *a < *b ? -1 : *a > *b ? 1 : 0;
    else
        order = value->compare(test.value) < 0 ? -1 : value->compare(test.value) > 0 ? 1 : 0;
    switch (test.relation) {
    case TagRelation::Less: return order < 0;
    case TagRelation::LessEqual: return order <= 0;
    case TagRelation::Greater: return order > 0;
    case TagRelation::GreaterEqual: return order >= 0;
    default: return false;
    }
}

CriterionPtr tag_test_criterion(std::vector<TagTest> tests) {
    // Compiled once; matching with a const std::regex is safe from every worker.
    std::vector<std::shared_ptr<const std::regex>> regexes;
    for (const TagTest& t : tests)
        regexes.push_back(t.relation == TagRelation::Regex
                              ? std::make_shared<const std::regex>(t.value, std::regex::ECMAScript)
                              : nullptr);
    return make(Need::Tags,
                [tests = std::move(tests), regexes = std::move(regexes)](const GameView& g) {
                    for (std::size_t i = 0; i < tests.size(); ++i)
                        if (tag_test_holds(tests[i], *g.tags, regexes[i].get())) return true;
                    return false;
                });
}

CriterionPtr date_criterion(std::vector<filter::DateRange> ranges) {
    return make(Need::Tags, [ranges = std::move(ranges)](const GameView& g) {
        const auto value = g.tags->get("Date");
        const auto date = value ? filter::parse_pgn_date(*value) : std::nullopt;
        return date && std::any_of(ranges.begin(), ranges.end(), [&](const filter::DateRange& r) {
                   return filter::date_within(*date, r);
               });
    });
}

CriterionPtr has_tag_criterion(std::vector<std::string> names, bool present) {
    return make(Need::Tags, [names = std::move(names), present](const GameView& g) {
        return std::any_of(names.begin(), names.end(), [&](const std::string& n) {
            return g.tags->get(n).has_value() == present;
        });
    });
}

CriterionPtr variant_criterion(std::vector<std::string> variants) {
    for (std::string& v : variants) {
        std::string folded;
        fold_text(v, folded);
        v = without_blanks(std::move(folded));
    }
    return make(Need::Tags, [variants = std::move(variants)](const GameView& g) {
        const auto value = g.tags->get("Variant");
        std::string& folded = *g.scratch;
        folded.clear();
        fold_text(value ? *value : std::string_view("standard"), folded);
        folded.erase(std::remove(folded.begin(), folded.end(), ' '), folded.end());
        if (folded.empty()) folded = "standard";
        return std::find(variants.begin(), variants.end(), folded) != variants.end();
    });
}

CriterionPtr setup_criterion(bool setup) {
    return make(Need::Tags, [setup](const GameView& g) {
        const auto flag = g.tags->get("SetUp");
        const bool has = (flag && *flag == "1") || g.tags->get("FEN").has_value();
        return has == setup;
    });
}

CriterionPtr plies_criterion(std::vector<NumberRange> ranges, bool moves) {
    return make(Need::Replay, [ranges = std::move(ranges), moves](const GameView& g) {
        const int n = moves ? (g.facts->plies + 1) / 2 : g.facts->plies;
        return std::any_of(ranges.begin(), ranges.end(),
                           [n](const NumberRange& r) { return r.contains(n); });
    });
}

CriterionPtr ending_criterion(std::vector<Ending> endings) {
    return make(Need::Replay, [endings = std::move(endings)](const GameView& g) {
        return std::any_of(endings.begin(), endings.end(),
                           [&](Ending e) { return g.facts->has(e); });
    });
}

CriterionPtr underpromotion_criterion() {
    return make(Need::Replay, [](const GameView& g) { return g.facts->underpromotion; });
}

CriterionPtr en_passant_criterion() {
    return make(Need::Replay, [](const GameView& g) { return g.facts->en_passant; });
}

CriterionPtr castling_criterion(std::vector<Castling> kinds) {
    return make(Need::Replay, [kinds = std::move(kinds)](const GameView& g) {
        const int w = g.facts->white_castled, b = g.facts->black_castled;
        for (Castling k : kinds) {
            switch (k) {
            case Castling::None:
                if (w == 0 && b == 0) return true;
                break;
            case Castling::Kingside:
                if (w == 1 && b == 1) return true;
                break;
            case Castling::Queenside:
                if (w == 2 && b == 2) return true;
                break;
            case Castling::Opposite:
                if (w != 0 && b != 0 && w != b) return true;
                break;
            case Castling::Any:
                if (w != 0 || b != 0) return true;
                break;
            }
        }
        return false;
    });
}

CriterionPtr validity_criterion(bool valid) {
    return make(Need::Replay, [valid](const GameView& g) { return g.facts->valid == valid; });
}

CriterionPtr code_criterion(std::vector<Code> codes) {
    return make(Need::Replay, [codes = std::move(codes)](const GameView& g) {
        return std::any_of(codes.begin(), codes.end(), [&](Code c) {
            return g.facts->codes.test(static_cast<std::size_t>(c));
        });
    });
}

CriterionPtr movetext_criterion(MovetextFeature feature) {
    return make(Need::Tokens, [feature](const GameView& g) {
        switch (feature) {
        case MovetextFeature::Comments: return g.facts->comments;
        case MovetextFeature::Variations: return g.facts->variations;
        case MovetextFeature::Clock: return g.facts->clock;
        case MovetextFeature::Eval: return g.facts->eval;
        }
        return false;
    });
}

} // namespace pgnkit::app
