/// GameValidator's tag rules: each tag as it is read (duplicates, Result, dates, ratings,
/// ECO, control characters), the Seven Tag Roster, and the start position the SetUp, FEN
/// and Variant tags give.

#include "pgnkit/check/detail/tag_values.hpp"
#include "pgnkit/check/game_kind.hpp"
#include "pgnkit/check/validator.hpp"
#include "pgnkit/chess/fen.hpp"
#include "pgnkit/pgn/scan.hpp"
#include "pgnkit/xiangqi/fen.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace pgnkit {

using namespace chess;

namespace {

constexpr std::string_view SevenTags[] = {"Event", "Site",  "Date",  "Round",
                                          "White", "Black", "Result"};

/// Days in `month` (1-12) of `year` (-1: unknown, when February may have 29).
int days_in_month(int year, int month) {
    static constexpr int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month != 2) return days[month - 1];
    const bool leap = year < 0 || (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0));
    return leap ? 29 : 28;
}

/// What is wrong with a PGN date (PGN standard §8.1.1.3: "YYYY.MM.DD", unknown parts as "??"
/// or "????"; here each part digits or all '?', a calendar date): "" when nothing,
/// "shape" when it is not of that form, else why it is no calendar date.
std::string date_problem(std::string_view d) {
    if (d.size() != 10 || d[4] != '.' || d[7] != '.') return "shape";
    // A part's value, -1 when unknown (all '?'), -2 when neither digits nor unknown.
    auto part = [&](std::size_t at, std::size_t len) {
        std::string_view p = d.substr(at, len);
        if (p.find_first_not_of('?') == std::string_view::npos) return -1;
        int v = 0;
        for (char c : p) {
            if (c < '0' || c > '9') return -2;
            v = v * 10 + (c - '0');
        }
        return v;
    };
    const int year = part(0, 4), month = part(5, 2), day = part(8, 2);
    if (year == -2 || month == -2 || day == -2) return "shape";
    if (month == 0 || month > 12) return fmt::format("there is no month {:02}", month);
    if (day == 0 || day > 31) return fmt::format("there is no day {:02}", day);
    if (month > 0 && day > days_in_month(year, month)) {
        static constexpr const char* names[12] = {"January",   "February", "March",    "April",
                                                  "May",       "June",     "July",     "August",
                                                  "September", "October",  "November", "December"};
        if (month == 2 && year >= 0)
            return fmt::format("February {} has {} days", year, days_in_month(year, 2));
        return fmt::format("{} has {} days", names[month - 1], days_in_month(year, month));
    }
    return "";
}

bool valid_date(std::string_view d) { return date_problem(d).empty(); }

/// YYYYMMDD of a PGN date with unknown month/day read as the latest possible ("1990.??.??" →
/// 19901231); 0 when the year is unknown or the text is not a date.
int date_number(std::string_view d) {
    if (d.size() < 4) return 0;
    int y = 0;
    for (int i = 0; i < 4; ++i) {
        if (d[std::size_t(i)] < '0' || d[std::size_t(i)] > '9') return 0;
        y = y * 10 + (d[std::size_t(i)] - '0');
    }
    auto two = [&](std::size_t at, int unknown) {
        if (d.size() < at + 2 || d[at] < '0' || d[at] > '9' || d[at + 1] < '0' || d[at + 1] > '9')
            return unknown;
        return (d[at] - '0') * 10 + (d[at + 1] - '0');
    };
    return y * 10000 + two(5, 12) * 100 + two(8, 31);
}

/// An ECO tag value: a code A00-E99, alone or followed by what is no digit (Scid's `B90a`, a
/// name after a space: `C41 Philidor's defence`); unknown: empty, `-` or question marks.
bool valid_eco(std::string_view v) {
    if (v.empty() || v == "-" || v.find_first_not_of('?') == std::string_view::npos) return true;
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    return v.size() >= 3 && v[0] >= 'A' && v[0] <= 'E' && digit(v[1]) && digit(v[2]) &&
           (v.size() == 3 || !digit(v[3]));
}

bool valid_elo(std::string_view v) {
    if (v.empty() || v == "?" || v == "-") return true; // unknown
    if (v.size() > 5) return false;
    return std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// The tag names the validator reads; the first seven are the Seven Tag Roster in its order
/// (their values are the bits of seven_seen_).
enum class TagName : unsigned {
    Event,
    Site,
    Date,
    Round,
    White,
    Black,
    Result,
    Termination,
    Fen,
    SetUp,
    Variant,
    UTCDate,
    EventDate,
    Elo,
    Eco,
    PlyCount,
    Game,
    Other
};

/// n == lit for a name whose length is already known to be N - 1 (a fixed-size memcmp the
/// compiler turns into one or two integer compares).
template <std::size_t N>
bool is(std::string_view n, const char (&lit)[N]) {
    return std::memcmp(n.data(), lit, N - 1) == 0;
}

} // namespace

namespace detail {

/// The ASCII letters and digits of `s`, lower-cased.
void lower_alnum(std::string_view s, std::string& out) {
    for (char c : s) {
        if (c >= 'A' && c <= 'Z')
            out += char(c - 'A' + 'a');
        else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            out += c;
    }
}

std::string lower_alnum(std::string_view s) {
    std::string out;
    lower_alnum(s, out);
    return out;
}

/// Whether a Termination tag says time forfeit ("Time forfeit", "time-forfeit", …).
bool says_time_forfeit(std::string_view t) {
    char buf[96];
    std::size_t n = 0;
    for (char c : t) {
        if (n == sizeof buf) { // unusually long: the general path
            std::string all = lower_alnum(t);
            return all.find("time") != std::string::npos &&
                   all.find("forfeit") != std::string::npos;
        }
        if (c >= 'A' && c <= 'Z')
            buf[n++] = char(c - 'A' + 'a');
        else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            buf[n++] = c;
    }
    std::string_view low(buf, n);
    return low.find("time") != std::string_view::npos &&
           low.find("forfeit") != std::string_view::npos;
}
bool is_result_value(std::string_view v) {
    switch (v.size()) {
    case 1: return v[0] == '*';
    case 3: return is(v, "1-0") || is(v, "0-1");
    case 7: return is(v, "1/2-1/2");
    default: return false;
    }
}

std::string date_tag_problem(std::string_view name, std::string_view value) {
    const std::string why = date_problem(value);
    if (why.empty()) return why;
    if (why != "shape") return fmt::format("{} '{}' is not a date: {}", name, value, why);
    return fmt::format("{} '{}' is not of the form YYYY.MM.DD", name, value);
}

long plycount_value(std::string_view value) {
    if (value.empty() || value.size() > 9 ||
        !std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return -1;
    return std::stol(std::string(value));
}

std::string plycount_mismatch_message(long tag, int plies) {
    return fmt::format("PlyCount {} but the main line has {} pl{}", tag, plies,
                       plies == 1 ? "y" : "ies");
}

std::string missing_roster_message(std::span<const std::string_view> roster, unsigned seen,
                                   bool details, std::string& names) {
    // One diagnostic per game, naming every missing tag (a game without Site and Round has one
    // defect, its header, not two).
    // Plain appends, and the message only when it is shown: a database whose every game lacks
    // a tag (lichess has no Round) pays this once per game.
    std::string message;
    int missing = 0;
    for (std::size_t k = 0; k < roster.size(); ++k) {
        if (seen & (1u << k)) continue;
        ++missing;
        if (!names.empty()) names += ", ";
        names += roster[k];
        if (details) ((message += message.empty() ? "'" : ", '") += roster[k]) += '\'';
    }
    if (details)
        message =
            (missing == 1 ? "missing tag " : "missing tags ") + message + " (Seven Tag Roster)";
    return message;
}

} // namespace detail

using pgnkit::detail::is_result_value;
using pgnkit::detail::lower_alnum;

namespace {

/// valid_date(d) (in `valid`) and date_number(d) (returned) at once: the usual "YYYY.MM.DD" with
/// a month and a day of two digits or "??" without the general scans, anything else by them.
int date_value(std::string_view d, bool& valid) {
    if (d.size() == 10 && d[4] == '.' && d[7] == '.') {
        const char* p = d.data();
        const auto digit = [p](int i) { return unsigned(static_cast<unsigned char>(p[i])) - '0'; };
        const unsigned y0 = digit(0), y1 = digit(1), y2 = digit(2), y3 = digit(3);
        const unsigned m0 = digit(5), m1 = digit(6), d0 = digit(8), d1 = digit(9);
        const bool month_unknown = p[5] == '?' && p[6] == '?';
        const bool day_unknown = p[8] == '?' && p[9] == '?';
        if ((y0 < 10) & (y1 < 10) & (y2 < 10) & (y3 < 10) &&
            (((m0 < 10) & (m1 < 10)) || month_unknown) &&
            (((d0 < 10) & (d1 < 10)) || day_unknown)) {
            const unsigned month = month_unknown ? 12 : m0 * 10 + m1;
            const unsigned day = day_unknown ? 31 : d0 * 10 + d1;
            valid = (month_unknown || (month >= 1 && month <= 12)) &&
                    (day_unknown || (day >= 1 && day <= 31));
            // Days 29-31 need their month (and February 29 its year).
            if (valid && !day_unknown && !month_unknown && day > 28)
                valid =
                    int(day) <= days_in_month(int((y0 * 10 + y1) * 100 + y2 * 10 + y3), int(month));
            return int(((y0 * 10 + y1) * 10 + y2) * 10 + y3) * 10000 + int(month * 100 + day);
        }
    }
    valid = valid_date(d);
    return date_number(d);
}

/// dst = v: appended to the cleared string (a short value needs no general replace).
void set_text(std::string& dst, std::string_view v) {
    dst.clear();
    dst.append(v.data(), v.size());
}

/// A tag name's bit in GameValidator::tag_filter_ (0-127), from its length and its first and
/// last two bytes. The multiplier puts 41 usual names on 41 different bits (the Seven Tag Roster,
/// lichess' UTCDate, UTCTime, WhiteElo, WhiteRatingDiff, TimeControl, Termination, …, the OTB
/// exports' ECO, EventDate, PlyCount, FideId, Team, …): no name of a usual game is compared.
unsigned tag_filter_index(std::string_view n) {
    if (n.size() < 2) return n.empty() ? 0 : static_cast<unsigned char>(n[0]) & 127;
    std::uint16_t first, last;
    std::memcpy(&first, n.data(), 2);
    std::memcpy(&last, n.data() + n.size() - 2, 2);
    const std::uint64_t x =
        std::uint64_t{first} | std::uint64_t{last} << 16 | std::uint64_t{n.size()} << 32;
    return static_cast<unsigned>((x * 0xF4DFC9A57A946603u) >> 57);
}

TagName classify_tag(std::string_view n) {
    switch (n.size()) {
    case 3: return is(n, "FEN") ? TagName::Fen : is(n, "ECO") ? TagName::Eco : TagName::Other;
    case 4:
        return is(n, "Date")   ? TagName::Date
               : is(n, "Site") ? TagName::Site
               : is(n, "Game") ? TagName::Game
                               : TagName::Other;
    case 5:
        switch (n[0]) {
        case 'W': return is(n, "White") ? TagName::White : TagName::Other;
        case 'B': return is(n, "Black") ? TagName::Black : TagName::Other;
        case 'R': return is(n, "Round") ? TagName::Round : TagName::Other;
        case 'E': return is(n, "Event") ? TagName::Event : TagName::Other;
        case 'S': return is(n, "SetUp") ? TagName::SetUp : TagName::Other;
        default: return TagName::Other;
        }
    case 6: return is(n, "Result") ? TagName::Result : TagName::Other;
    case 7:
        return is(n, "Variant")   ? TagName::Variant
               : is(n, "UTCDate") ? TagName::UTCDate
                                  : TagName::Other;
    case 8:
        return is(n, "WhiteElo") || is(n, "BlackElo") ? TagName::Elo
               : is(n, "PlyCount")                    ? TagName::PlyCount
                                                      : TagName::Other;
    case 9: return is(n, "EventDate") ? TagName::EventDate : TagName::Other;
    case 11: return is(n, "Termination") ? TagName::Termination : TagName::Other;
    default: return TagName::Other;
    }
}

} // namespace

void GameValidator::keep_text(TagText k, std::string_view value) {
    if (is_view_of(value, span_ ? span_->text : std::string_view())) {
        tag_text_[k] = value;
    } else {
        set_text(tag_owned_[k], value);
        tag_text_[k] = tag_owned_[k];
    }
    info_text_ = false;
}

void GameValidator::fill_info_text() const {
    set_text(info_.white, tag_text_[TextWhite]);
    set_text(info_.black, tag_text_[TextBlack]);
    set_text(info_.round, tag_text_[TextRound]);
    set_text(info_.event, tag_text_[TextEvent]);
    set_text(info_.result_tag, tag_text_[TextResult]);
    set_text(info_.termination, tag_text_[TextTermination]);
    info_text_ = true;
}

void GameValidator::tag(std::string_view name, std::string_view value, const SourceLocation& loc) {
    // A filter first: most games have no duplicate, and then no name is compared with every
    // earlier one.
    const unsigned k = tag_filter_index(name);
    const std::uint64_t bit = std::uint64_t{1} << (k & 63);
    std::uint64_t& filter = tag_filter_[k >> 6];
    if (filter & bit) {
        const std::size_t n = std::min<std::size_t>(tag_count_, tag_names_.size());
        for (std::size_t i = 0; i < n; ++i) {
            if (tag_names_[i] == name) {
                tag_problem(TagProblem::Duplicate, name, value, loc);
                return;
            }
        }
    }
    if (tag_count_ < tag_names_.size()) {
        filter |= bit;
        tag_names_[tag_count_] = name;
    }
    ++tag_count_;
    if (pgnkit::detail::has_control(value.data(), value.size()))
        tag_problem(TagProblem::Control, name, value, loc);
    const TagName kind = classify_tag(name);
    if (kind <= TagName::Result) seven_seen_ |= 1u << static_cast<unsigned>(kind);
    switch (kind) {
    case TagName::White: keep_text(TextWhite, value); break;
    case TagName::Black: keep_text(TextBlack, value); break;
    case TagName::Round: keep_text(TextRound, value); break;
    case TagName::Event: keep_text(TextEvent, value); break;
    case TagName::Termination: keep_text(TextTermination, value); break;
    case TagName::Result:
        keep_text(TextResult, value);
        has_result_tag_ = true;
        copy_location(result_tag_loc_, loc);
        if (!is_result_value(value)) tag_problem(TagProblem::Result, name, value, loc);
        break;
    case TagName::Fen:
        set_text(fen_tag_, value);
        has_fen_ = true;
        copy_location(fen_loc_, loc);
        break;
    case TagName::SetUp:
        set_text(setup_tag_, value);
        has_setup_ = true;
        break;
    case TagName::Game: game_tag_xiangqi_ = names_xiangqi(value); break;
    case TagName::Variant:
        set_text(variant_tag_, value);
        has_variant_ = true;
        copy_location(variant_loc_, loc);
        break;
    case TagName::Date:
    case TagName::UTCDate:
    case TagName::EventDate: {
        bool valid = true;
        const int number = date_value(value, valid);
        if (kind != TagName::EventDate && (date_ == 0 || kind == TagName::Date)) date_ = number;
        if (!valid) tag_problem(TagProblem::Date, name, value, loc);
        break;
    }
    case TagName::Elo:
        if (!valid_elo(value)) tag_problem(TagProblem::Elo, name, value, loc);
        break;
    case TagName::Eco:
        if (!valid_eco(value)) tag_problem(TagProblem::Eco, name, value, loc);
        break;
    case TagName::PlyCount:
        if (const long n = pgnkit::detail::plycount_value(value); n >= 0) {
            plycount_tag_ = n;
            copy_location(plycount_loc_, loc);
        }
        break;
    case TagName::Site:
    case TagName::Other: break;
    }
}

void GameValidator::tag_problem(TagProblem p, std::string_view name, std::string_view value,
                                const SourceLocation& loc) {
    switch (p) {
    case TagProblem::Duplicate:
        add(Code::BadTag, loc, fmt::format("duplicate tag '{}' (the first value is kept)", name),
            name);
        break;
    case TagProblem::Result:
        add(Code::BadTag, loc, fmt::format("Result tag '{}' is not 1-0, 0-1, 1/2-1/2 or *", value),
            value);
        break;
    case TagProblem::Date:
        add(Code::BadDate, loc, pgnkit::detail::date_tag_problem(name, value), value);
        break;
    case TagProblem::Elo:
        if (std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; }))
            add(Code::BadTag, loc,
                fmt::format("{} '{}' is not a rating (more than 5 digits)", name, value), value);
        else
            add(Code::BadTag, loc, fmt::format("{} '{}' is not a number", name, value), value);
        break;
    case TagProblem::Control: {
        const auto c = static_cast<unsigned char>(
            value[pgnkit::detail::find_control(value.data(), value.size())]);
        add(Code::BadTag, loc,
            fmt::format("{} value has a control character (U+{:04X}); a PGN string may hold "
                        "printing characters only",
                        name, c),
            value);
        break;
    }
    case TagProblem::Eco:
        add(Code::BadTag, loc,
            fmt::format("{} '{}' is not an opening code (A00 to E99, or ? when unknown)", name,
                        value),
            value);
        break;
    }
}

void GameValidator::check_tags() {
    if (tag_count_ == 0) {
        add(Code::MissingTag, first_move_loc_, std::string(pgnkit::detail::no_tags_message));
        return;
    }
    if (seven_seen_ == (1u << std::size(SevenTags)) - 1) return;
    std::string names;
    std::string message =
        pgnkit::detail::missing_roster_message(SevenTags, seven_seen_, opts_.details, names);
    add(Code::MissingTag, first_move_loc_, std::move(message), names);
}

bool GameValidator::tagged_xiangqi() const {
    return game_tag_xiangqi_ || (has_variant_ && names_xiangqi(variant_tag_)) ||
           (has_fen_ && xiangqi::has_xiangqi_shape(fen_tag_));
}

bool GameValidator::setup_start() {
    chess960_ = opts_.chess960; // the caller's default (--variant); a Variant tag decides
    if (has_variant_) {
        std::string v = lower_alnum(variant_tag_);
        if (v == "regular") v = "standard"; // kokopu writes Variant "Regular" for standard chess
        if (v == "chess960" || v == "fischerandom" || v == "fischerrandom" || v == "960" ||
            v == "frc" || v == "chess960fischerrandom")
            chess960_ = true;
        else if (v == "standard" || v == "chess" || v == "normal" || v == "fromposition" ||
                 v == "classical" || v == "orthodox")
            chess960_ = false;
        else if (!v.empty()) {
            add(Code::UnsupportedVariant, variant_loc_,
                fmt::format("variant '{}' is not supported: the game is counted, not replayed",
                            variant_tag_),
                variant_tag_);
            return false;
        }
    }
    if (has_setup_ && setup_tag_ == "1" && !has_fen_) {
        add(Code::BadFen, first_move_loc_, "SetUp \"1\" without a FEN tag");
        return false;
    }
    if (!has_fen_) {
        static const Position initial = Position::startpos();
        start_ = initial;
        start_.set_chess960(chess960_);
        return true;
    }
    if (!has_setup_ || setup_tag_ != "1")
        add(Code::BadTag, fen_loc_,
            has_setup_ ? fmt::format("FEN tag with SetUp \"{}\" (expected \"1\")", setup_tag_)
                       : std::string("FEN tag without SetUp \"1\""),
            "SetUp");
    return parse_fen_tag();
}

bool GameValidator::parse_fen_tag() {
    // Which game the FEN belongs to is the Variant's to say (or the caller's default): a
    // castling right that does not fit standard chess is an error, not a switch to Chess960
    // rules (which would let impossible castlings pass as legal).
    FenParseOptions fo;
    fo.chess960 = chess960_;
    fo.strict_fullmove = true;
    auto parsed = parse_fen(fen_tag_, fo);
    if (!parsed) {
        const FenError e = parsed.error();
        // A castling right the position cannot have, or fullmove 0, has one meaning: the game
        // is replayed without the right (from move 1), so that its moves are still checked.
        const bool repairable = e.field == "castling" || e.field == "fullmove";
        if (repairable) {
            fo.lenient_castling = true;
            fo.strict_fullmove = false;
            parsed = parse_fen(fen_tag_, fo);
        }
        std::string message = fmt::format("FEN '{}': {}", fen_tag_, e.to_string());
        if (e.field == "castling" && !chess960_ && !has_variant_) {
            // The hint only where the rights are a Chess960 position's.
            FenParseOptions c960;
            c960.chess960 = true;
            if (parse_fen(fen_tag_, c960))
                message += " (a Chess960 game needs the tag [Variant \"Chess960\"])";
        }
        if (parsed) {
            // The FEN as written, with the castling field and the fullmove number replaced.
            std::vector<std::string_view> fields;
            for (std::size_t i = 0; i < fen_tag_.size();) {
                while (i < fen_tag_.size() && (fen_tag_[i] == ' ' || fen_tag_[i] == '\t')) ++i;
                std::size_t j = i;
                while (j < fen_tag_.size() && fen_tag_[j] != ' ' && fen_tag_[j] != '\t') ++j;
                if (j > i) fields.push_back(std::string_view(fen_tag_).substr(i, j - i));
                i = j;
            }
            const std::string canonical = format_fen(parsed->position);
            std::size_t c = canonical.find(' ', canonical.find(' ') + 1) + 1;
            const std::string castling = canonical.substr(c, canonical.find(' ', c) - c);
            repaired_fen_.clear();
            for (std::size_t i = 0; i < fields.size(); ++i) {
                if (i) repaired_fen_ += ' ';
                if (i == 2)
                    repaired_fen_ += castling;
                else if (i == 5 && fields[i].find_first_not_of('0') == std::string_view::npos)
                    repaired_fen_ += '1';
                else
                    repaired_fen_ += fields[i];
            }
            message += fmt::format("; replayed from '{}'", repaired_fen_);
        }
        add(Code::BadFen, fen_loc_, std::move(message), fen_tag_);
        if (!parsed) return false;
    }
    for (const auto& note : parsed->notes) {
        // What the repair did is in the bad-fen message.
        if (!repaired_fen_.empty() &&
            (note.rfind("castling right '", 0) == 0 || note.rfind("fullmove number 0", 0) == 0))
            continue;
        add(Code::BadTag, fen_loc_, fmt::format("FEN: {}", note), fen_tag_);
    }
    start_ = parsed->position;
    return true;
}

} // namespace pgnkit
