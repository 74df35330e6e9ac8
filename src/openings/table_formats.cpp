// The opening table files: lichess TSV, Scid .eco, pgn-extract eco.pgn (table_formats.hpp).

#include "pgnkit/openings/table_formats.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace pgnkit::openings {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

/// The text's lines one at a time, numbered from 1, without their line break.
class Lines {
  public:
    explicit Lines(std::string_view text) : text_(text) {}
    bool next(std::string_view& line) {
        if (at_ >= text_.size()) return false;
        std::size_t end = text_.find('\n', at_);
        if (end == std::string_view::npos) end = text_.size();
        line = text_.substr(at_, end - at_);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        at_ = end + 1;
        ++number_;
        return true;
    }
    std::uint64_t number() const { return number_; }

  private:
    std::string_view text_;
    std::size_t at_ = 0;
    std::uint64_t number_ = 0;
};

/// A code as the tables write it: a letter A-E, two digits, then letters or digits (Scid's
/// extensions "B90a", "A00a1").
bool is_eco_code(std::string_view code) {
    if (code.size() < 3 || code[0] < 'A' || code[0] > 'E' || code[1] < '0' || code[1] > '9' ||
        code[2] < '0' || code[2] > '9')
        return false;
    for (char c : code.substr(3))
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
    return true;
}

struct Loader {
    std::string_view file;
    OpeningTable& table;
    std::vector<TableProblem>& problems;

    void problem(std::uint64_t line, std::string message, bool malformed = true) {
        problems.push_back({std::string(file), line, std::move(message), malformed});
    }
    /// Adds an entry; an illegal line is a problem of the entry's first line.
    /// `split`: the name is "Opening: Variation" (lichess, Scid), else the two are given.
    void add(std::uint64_t line, std::string_view eco, std::string_view full_name,
             std::string_view variation, std::string_view moves, bool split = true) {
        Opening o;
        o.eco.assign(eco);
        if (split)
            split_opening_name(full_name, o.name, o.variation);
        else {
            o.name.assign(full_name);
            o.variation.assign(variation);
        }
        o.line = static_cast<std::uint32_t>(line);
        if (std::string why = table.add_line(std::move(o), moves); !why.empty())
            problem(line, fmt::format("{} {}: {} (entry not loaded)", eco, full_name, why), false);
    }

    void lichess_tsv(std::string_view text) {
        Lines lines(text);
        std::string_view line;
        while (lines.next(line)) {
            if (trimmed(line).empty()) continue;
            if (lines.number() == 1 && line == "eco\tname\tpgn") continue;
            const std::size_t tab1 = line.find('\t');
            const std::size_t tab2 =
                tab1 == std::string_view::npos ? tab1 : line.find('\t', tab1 + 1);
            if (tab2 == std::string_view::npos || line.find('\t', tab2 + 1) != line.npos) {
                problem(lines.number(), "expected 3 fields separated by tabs: eco, name, pgn");
                continue;
            }
            const std::string_view eco = line.substr(0, tab1),
                                   name = line.substr(tab1 + 1, tab2 - tab1 - 1),
                                   moves = line.substr(tab2 + 1);
            if (!is_eco_code(eco)) {
                problem(lines.number(), fmt::format("'{}' is not an ECO code (A00 to E99)", eco));
                continue;
            }
            if (trimmed(name).empty()) {
                problem(lines.number(), "the name is empty");
                continue;
            }
            add(lines.number(), eco, trimmed(name), {}, moves);
        }
    }

    // Scid's .eco: `CODE "Name" moves *`; an entry's moves may go on over the next lines;
    // `#` begins a comment to the end of the line.
    void scid_eco(std::string_view text) {
        Lines lines(text);
        std::string_view line;
        std::string moves, eco, name;
        std::uint64_t begin = 0; // the line of the open entry, 0 if none
        while (lines.next(line)) {
            if (const std::size_t hash = line.find('#'); hash != line.npos)
                line = line.substr(0, hash);
            line = trimmed(line);
            if (line.empty()) continue;
            if (begin == 0) {
                std::size_t end = 0;
                while (end < line.size() && !is_space(line[end])) ++end;
                const std::string_view code = line.substr(0, end);
                if (!is_eco_code(code)) {
                    problem(lines.number(),
                            fmt::format("expected an ECO code (A00 to E99, e.g. B90a), found '{}'",
                                        code));
                    continue;
                }
                std::string_view rest = trimmed(line.substr(end));
                if (rest.empty() || rest[0] != '"') {
                    problem(lines.number(), "expected the quoted name after the code");
                    continue;
                }
                const std::size_t close = rest.find('"', 1);
                if (close == rest.npos) {
                    problem(lines.number(), "the name's quote is not closed");
                    continue;
                }
                eco.assign(code);
                name.assign(rest.substr(1, close - 1));
                moves.clear();
                begin = lines.number();
                line = rest.substr(close + 1);
            }
            moves += ' ';
            moves += line;
            if (line.ends_with('*')) {
                moves.pop_back();
                add(begin, eco, name, {}, moves);
                begin = 0;
            }
        }
        if (begin != 0) problem(begin, "no '*' ends the entry");
    }

    // pgn-extract's eco.pgn: games of ECO, Opening, Variation (and SubVariation) tags whose
    // moves end in `*`; `{ }` comments between them.
    void eco_pgn(std::string_view text) {
        Lines lines(text);
        std::string_view line;
        std::string moves, eco, opening, variation, sub;
        std::uint64_t begin = 0;
        bool in_comment = false;
        const auto clear = [&] {
            moves.clear();
            eco.clear();
            opening.clear();
            variation.clear();
            sub.clear();
            begin = 0;
        };
        while (lines.next(line)) {
            line = trimmed(line);
            if (in_comment) {
                if (line.find('}') != line.npos) in_comment = false;
                continue;
            }
            if (line.empty()) continue;
            if (line[0] == '{') {
                in_comment = line.find('}') == line.npos;
                continue;
            }
            if (begin == 0) begin = lines.number();
            if (line[0] == '[') {
                const std::size_t quote = line.find('"');
                const std::size_t close = line.rfind('"');
                if (quote == line.npos || close == quote || !line.ends_with(']')) {
                    problem(lines.number(), "expected a tag line [Name \"value\"]");
                    continue;
                }
                const std::string_view tag = trimmed(line.substr(1, quote - 1));
                std::string value;
                for (std::size_t k = quote + 1; k < close; ++k) {
                    if (line[k] == '\\' && k + 1 < close) ++k;
                    value += line[k];
                }
                if (tag == "ECO")
                    eco = std::move(value);
                else if (tag == "Opening")
                    opening = std::move(value);
                else if (tag == "Variation")
                    variation = std::move(value);
                else if (tag == "SubVariation")
                    sub = std::move(value);
                continue;
            }
            moves += ' ';
            moves += line;
            if (line.ends_with('*')) {
                if (!is_eco_code(eco))
                    problem(begin, eco.empty() ? std::string("the entry has no ECO tag")
                                               : fmt::format("'{}' is not an ECO code", eco));
                else if (opening.empty())
                    problem(begin, "the entry has no Opening tag");
                else {
                    if (!sub.empty()) variation += variation.empty() ? sub : ", " + sub;
                    add(begin, eco, opening, variation, moves, false);
                }
                clear();
            }
        }
        if (in_comment) problem(lines.number(), "a { comment is not closed");
        if (begin != 0) problem(begin, "no '*' ends the entry");
    }
};

} // namespace

TableFormat detect_table_format(std::string_view text) {
    if (text.starts_with("eco\tname\tpgn")) return TableFormat::LichessTsv;
    std::size_t i = 0;
    while (i < text.size() && is_space(text[i])) ++i;
    if (i < text.size() && (text[i] == '[' || text[i] == '{')) return TableFormat::EcoPgn;
    return TableFormat::ScidEco;
}

void load_table_text(std::string_view text, std::string_view file, TableFormat format,
                     OpeningTable& table, std::vector<TableProblem>& problems) {
    Loader loader{file, table, problems};
    switch (format) {
    case TableFormat::LichessTsv: loader.lichess_tsv(text); break;
    case TableFormat::ScidEco: loader.scid_eco(text); break;
    case TableFormat::EcoPgn: loader.eco_pgn(text); break;
    }
}

void load_table_file(const std::string& path, OpeningTable& table,
                     std::vector<TableProblem>& problems) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw std::runtime_error(fmt::format("cannot read '{}': {}", path, std::strerror(errno)));
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw std::runtime_error(fmt::format("cannot read '{}'", path));
    const std::string all = std::move(text).str();
    load_table_text(all, path, detect_table_format(all), table, problems);
}

const OpeningTable& bundled_table() {
    static const OpeningTable table = [] {
        OpeningTable t;
        std::vector<TableProblem> problems;
        for (const BundledFile& f : bundled_table_files())
            load_table_text(f.text, f.name, TableFormat::LichessTsv, t, problems);
        return t;
    }();
    return table;
}

} // namespace pgnkit::openings
