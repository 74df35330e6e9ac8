#include "pgnkit/cmd/tags/name_suggestions.hpp"

#include "pgnkit/pgn/name_match.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string_view>
#include <vector>

namespace pgnkit::app {

namespace {

std::vector<std::string_view> words(std::string_view folded) {
    std::vector<std::string_view> w;
    std::size_t i = 0;
    while (i < folded.size()) {
        const std::size_t blank = std::min(folded.find(' ', i), folded.size());
        if (blank > i) w.push_back(folded.substr(i, blank - i));
        i = blank + 1;
    }
    return w;
}

/// A spelling taken apart: surname and given names, folded.
struct Spelling {
    const std::string* text = nullptr;
    std::uint64_t games = 0;
    std::string surname, given; ///< folded; given names blank-separated
};

Spelling parse(const std::string& name, std::uint64_t games) {
    Spelling s;
    s.text = &name;
    s.games = games;
    const std::size_t comma = name.find(',');
    std::string folded;
    if (comma != std::string::npos) {
        fold_text(std::string_view(name).substr(0, comma), s.surname);
        fold_text(std::string_view(name).substr(comma + 1), s.given);
        return s;
    }
    fold_text(name, folded);
    auto w = words(folded);
    if (w.empty()) return s;
    // "Carlsen M" (an initial last): the surname first; "Magnus Carlsen": last.
    const bool initial_last = w.size() > 1 && w.back().size() == 1;
    const std::size_t sur = initial_last ? 0 : w.size() - 1;
    s.surname.assign(w[sur]);
    for (std::size_t i = 0; i < w.size(); ++i) {
        if (i == sur) continue;
        if (!s.given.empty()) s.given += ' ';
        s.given += w[i];
    }
    return s;
}

/// Whether given names `a` and `b` can be one person's: word by word the same, or one an
/// initial of the other ("v" and "viswanathan"; not "yi" and "yinglun", two names); a missing
/// word matches.
bool compatible(std::string_view a, std::string_view b) {
    const auto wa = words(a), wb = words(b);
    for (std::size_t i = 0; i < std::min(wa.size(), wb.size()); ++i) {
        const auto x = wa[i], y = wb[i];
        if (x == y) continue;
        if ((x.size() == 1 || y.size() == 1) && x[0] == y[0]) continue;
        return false;
    }
    return true;
}

/// Whether `g` holds only initials (one letter per word).
bool initials_only(std::string_view g) {
    for (auto w : words(g))
        if (w.size() > 1) return false;
    return true;
}

} // namespace

std::string name_suggestions(const NameCounts& counts) {
    // Spellings by surname and first initial (folded).
    std::map<std::string, std::vector<Spelling>> by_key;
    for (const auto& [name, games] : counts) {
        Spelling s = parse(name, games);
        if (s.surname.empty() || name == "?") continue;
        std::string key = s.surname;
        key += '\t';
        if (!s.given.empty()) key += s.given[0];
        by_key[key].push_back(std::move(s));
    }
    std::vector<std::vector<const Spelling*>> groups;
    for (auto& [key, spellings] : by_key) {
        // Players: one per distinct given name (not initials alone) that no other covers.
        std::vector<std::vector<const Spelling*>> players;
        std::vector<const Spelling*> initials;
        std::sort(spellings.begin(), spellings.end(), [](const Spelling& a, const Spelling& b) {
            return a.given.size() != b.given.size() ? a.given.size() > b.given.size()
                                                    : *a.text < *b.text;
        });
        for (const Spelling& s : spellings) {
            if (initials_only(s.given)) {
                initials.push_back(&s);
                continue;
            }
            bool placed = false;
            for (auto& p : players)
                if (compatible(p.front()->given, s.given)) {
                    p.push_back(&s);
                    placed = true;
                    break;
                }
            if (!placed) players.push_back({&s});
        }
        // Initials join the one player they can stand for; with several, they stay apart.
        std::vector<const Spelling*> alone;
        for (const Spelling* s : initials) {
            std::vector<std::size_t> fits;
            for (std::size_t i = 0; i < players.size(); ++i)
                if (compatible(players[i].front()->given, s->given)) fits.push_back(i);
            if (fits.size() == 1)
                players[fits[0]].push_back(s);
            else if (players.empty())
                alone.push_back(s);
        }
        if (!alone.empty()) players.push_back(alone);
        for (auto& p : players)
            if (p.size() > 1) groups.push_back(std::move(p));
    }
    for (auto& g : groups)
        std::sort(g.begin(), g.end(), [](const Spelling* a, const Spelling* b) {
            if (a->games != b->games) return a->games > b->games;
            if (a->text->size() != b->text->size()) return a->text->size() > b->text->size();
            return *a->text < *b->text;
        });
    std::sort(groups.begin(), groups.end(),
              [](const auto& a, const auto& b) { return *a.front()->text < *b.front()->text; });
    std::string out = "# pgnkit tags --suggest-names: variant<TAB>canonical for tags --names; "
                      "check each group, edit or delete its lines\n";
    for (const auto& g : groups) {
        out += "# ";
        for (std::size_t i = 0; i < g.size(); ++i)
            out += fmt::format("{}{}: {} game{}", i ? "; " : "", *g[i]->text, g[i]->games,
                               g[i]->games == 1 ? "" : "s");
        out += '\n';
        for (std::size_t i = 1; i < g.size(); ++i)
            out += fmt::format("{}\t{}\n", *g[i]->text, *g.front()->text);
    }
    return out;
}

} // namespace pgnkit::app
