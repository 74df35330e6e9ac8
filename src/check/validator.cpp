#include "pgnkit/check/validator.hpp"

#include "pgnkit/chess/detail/san_fast.hpp"
#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/movegen.hpp"
#include "pgnkit/chess/outcome.hpp"
#include "pgnkit/chess/san.hpp"
#include "pgnkit/pgn/scan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace pgnkit {

using namespace chess;

namespace {

constexpr std::string_view SevenTags[] = {"Event", "Site",  "Date",  "Round",
                                          "White", "Black", "Result"};

std::string_view piece_word(PieceType t) {
    static constexpr std::string_view names[] = {"pawn",  "knight", "bishop", "rook",
                                                 "queen", "king",   "piece"};
    return names[idx(t)];
}

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
    Other
};

/// n == lit for a name whose length is already known to be N - 1 (a fixed-size memcmp the
/// compiler turns into one or two integer compares).
template <std::size_t N>
bool is(std::string_view n, const char (&lit)[N]) {
    return std::memcmp(n.data(), lit, N - 1) == 0;
}

bool is_result_value(std::string_view v) {
    switch (v.size()) {
    case 1: return v[0] == '*';
    case 3: return is(v, "1-0") || is(v, "0-1");
    case 7: return is(v, "1/2-1/2");
    default: return false;
    }
}

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
    case 4: return is(n, "Date") ? TagName::Date : is(n, "Site") ? TagName::Site : TagName::Other;
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

/// Edit distance for suggestions (short strings only).
int edit_distance(std::string_view a, std::string_view b) {
    int prev[16], cur[16];
    if (a.size() > 15 || b.size() > 15) return 99;
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = int(j);
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = int(i);
        for (std::size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1])});
        std::copy(cur, cur + b.size() + 1, prev);
    }
    return prev[b.size()];
}

} // namespace

GameValidator::GameValidator(const ValidateOptions& opts)
    : opts_(opts), san_opts_{opts.allow_null, opts.piece_letters} {
    frames_.resize(8);
    history_.reserve(512);
}

void GameValidator::add(Code code, SourceLocation loc, std::string message, std::string_view token,
                        const Position* before, int ply, std::string suggestion) {
    Severity sev = opts_.severities.get(code);
    if (sev == Severity::Ignore) return;
    Diagnostic& d = diags_.emplace_back();
    d.code = code;
    d.severity = sev;
    d.loc = loc;
    d.game = span_ ? span_->index + 1 : 0;
    d.ply = ply;
    if (opts_.details) {
        d.message = std::move(message);
        d.token = std::string(token.substr(0, 80));
        if (before) d.fen = format_fen(*before);
        d.suggestion = std::move(suggestion);
    }
    if (sev == Severity::Error) ++errors_;
}

void GameValidator::diagnostic(const Diagnostic& d) {
    decide_pending(); // in the order the old way gave
    Severity sev = opts_.severities.get(d.code);
    if (sev == Severity::Ignore) return;
    diags_.push_back(d);
    diags_.back().severity = sev;
    if (sev == Severity::Error) ++errors_;
}

void GameValidator::begin_game(const GameSpan& span) {
    span_ = &span;
    diags_.clear();
    errors_ = 0;
    tag_text_ = {};
    info_text_ = false;
    info_.result_marker.clear();
    info_.plies = 0;
    info_.replayed = false;
    info_.end = LineEnd::None;
    tag_filter_ = {};
    tag_count_ = 0;
    seven_seen_ = 0;
    has_fen_ = has_setup_ = has_variant_ = has_result_tag_ = false;
    repaired_fen_.clear();
    plycount_tag_ = -1;
    move_number_diag_ = -1;
    more_move_numbers_ = 0;
    skip_ = false;
    chess960_ = false;
    depth_ = 0;
    skipped_depth_ = 0;
    line_ = nullptr;
    history_.clear();
    claim_reported_ = false;
    result_marker_.clear();
    first_move_loc_ = SourceLocation{span.first_line, span.first_column, span.offset};
    date_ = 0;
}

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
        if (!value.empty() && value.size() <= 9 &&
            std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; })) {
            plycount_tag_ = std::stol(std::string(value));
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
        if (const std::string why = date_problem(value); why != "shape")
            add(Code::BadDate, loc, fmt::format("{} '{}' is not a date: {}", name, value, why),
                value);
        else
            add(Code::BadDate, loc,
                fmt::format("{} '{}' is not of the form YYYY.MM.DD", name, value), value);
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
        add(Code::MissingTag, first_move_loc_,
            "game without tags (the Seven Tag Roster is missing)");
        return;
    }
    if (seven_seen_ == (1u << std::size(SevenTags)) - 1) return;
    // One diagnostic per game, naming every missing tag (a game without Site and Round has one
    // defect, its header, not two).
    // Plain appends, and the message only when it is shown: a database whose every game lacks
    // a tag (lichess has no Round) pays this once per game.
    std::string names, message;
    int missing = 0;
    for (std::size_t k = 0; k < std::size(SevenTags); ++k) {
        if (seven_seen_ & (1u << k)) continue;
        ++missing;
        if (!names.empty()) names += ", ";
        names += SevenTags[k];
        if (opts_.details) ((message += message.empty() ? "'" : ", '") += SevenTags[k]) += '\'';
    }
    if (opts_.details)
        message =
            (missing == 1 ? "missing tag " : "missing tags ") + message + " (Seven Tag Roster)";
    add(Code::MissingTag, first_move_loc_, std::move(message), names);
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

bool GameValidator::end_tags() {
    check_tags();
    skip_ = !setup_start();
    info_.replayed = !skip_;
    if (!skip_) {
        if (frames_.empty()) frames_.resize(1);
        Frame& f = frames_[0];
        f.reset_state();
        f.pos = start_;
        depth_ = 1;
        update_line();
        history_.push_back(start_.repetition_key());
        if (listener_) listener_->on_start(start_);
        // A set-up position can already be over (FIDE 5.1.1, 5.2.1, 5.2.2).
        if (start_.in_check() && !has_legal_move(start_))
            f.stop.ended = true, f.end = LineEnd::Checkmate;
        else if (has_insufficient_material(start_))
            f.stop.ended = true, f.end = LineEnd::DeadPosition;
        else if (start_.halfmove_clock() >= 150) {
            // 75 moves without a capture or pawn move already (FIDE 9.6.2); before July 2014
            // the game went on under the rules of its time (see played()).
            if (date_ > 0 && date_ < 20140701)
                f.stop.historic_draw = LineEnd::SeventyFive;
            else
                f.stop.ended = true, f.end = LineEnd::SeventyFive;
        }
    }
    return false;
}

int GameValidator::repetitions(const Frame& f) const {
    // Positions repeat only since the last capture or pawn move (the halfmove clock's plies
    // back), with the same side to move. (A castling right lost since then needs no bound of
    // its own: the keys before it differ in the rights.)
    const std::uint64_t key = history_.back();
    int count = 1;
    const std::size_t last = history_.size() - 1;
    const std::size_t lo = last - std::min(last, std::size_t(f.pos.halfmove_clock()));
    for (std::size_t i = last; i >= lo + 2;) {
        i -= 2;
        if (history_[i] == key) ++count;
    }
    return count;
}

void GameValidator::line_end(Frame& f) {
    const Position& p = f.pos;
    const unsigned halfmove = unsigned(p.halfmove_clock());
    LineEnd end = LineEnd::None;
    const bool heavy =
        (p.pieces(PieceType::Pawn) | p.pieces(PieceType::Rook) | p.pieces(PieceType::Queen)) != 0;
    if (p.in_check()) {
        // Whether a check is mate is decided only when it matters (decide_check): usually
        // the line's next move is legal, and then it is not. Only when nothing below would
        // happen if it were not mate (no end of the line, no claim), so that either way the
        // outcome is the same as deciding now; and not for a listener, which hears now
        // whether the move's suffix is right.
        if (listener_ == nullptr && heavy &&
            (halfmove < 8 || (halfmove < 100 && repetitions(f) < 3))) {
            f.check_pending = true;
            return;
        }
        if (!has_legal_move(p)) end = LineEnd::Checkmate;
    }
    if (end != LineEnd::None) {
        // checkmate: nothing else counts
    } else if (!heavy && has_insufficient_material(p)) {
        // Only minor pieces and kings left (rare, so well predicted). Material becomes
        // insufficient only by a capture or a promotion, and the line ends there, so testing
        // after every move finds the same positions as testing after those.
        end = LineEnd::DeadPosition;
    } else if (halfmove >= 150) {
        end = LineEnd::SeventyFive;
    } else if (halfmove >= 8) {
        int reps = repetitions(f);
        if (reps >= 5)
            end = LineEnd::Fivefold;
        else if (reps >= 3 && depth_ == 1 && !claim_reported_) {
            claim_reported_ = true;
            add(Code::DrawClaimable, first_move_loc_,
                fmt::format("threefold repetition could be claimed after ply {}", f.ply), {},
                nullptr, f.ply);
        }
    }
    if (end == LineEnd::None && halfmove == 100 && depth_ == 1 && !claim_reported_) {
        claim_reported_ = true;
        add(Code::DrawClaimable, first_move_loc_,
            fmt::format("the 50-move rule could be claimed after ply {}", f.ply), {}, nullptr,
            f.ply);
    }
    if ((end == LineEnd::Fivefold || end == LineEnd::SeventyFive) && date_ > 0 &&
        date_ < 20140701) {
        if (f.stop.historic_draw == LineEnd::None) f.stop.historic_draw = end;
        end = LineEnd::None;
    }
    if (end != LineEnd::None) {
        f.stop.ended = true;
        f.end = end;
    }
}

std::string GameValidator::suggest(const Position& pos, std::string_view text) const {
    MoveList moves = legal_moves(pos);
    San san;
    bool parsed = parse_san(text, san);
    struct Cand {
        int score;
        std::string s;
    };
    std::vector<Cand> cands;
    for (Move m : moves) {
        std::string s = format_san(pos, m);
        int score = edit_distance(text, s) * 4;
        if (parsed && san.kind == San::Kind::Normal) {
            if (m.to() == san.to) score -= 6;
            if (type_of(pos.piece_on(m.from())) == san.piece) score -= 3;
        }
        cands.push_back({score, std::move(s)});
    }
    std::stable_sort(cands.begin(), cands.end(),
                     [](const Cand& a, const Cand& b) { return a.score < b.score; });
    std::string out;
    for (std::size_t i = 0; i < cands.size() && i < 3; ++i) {
        if (cands[i].score > 8) break;
        if (!out.empty()) out += ", ";
        out += cands[i].s;
    }
    return out;
}

namespace {

/// "the rook on f2": the piece on `s` of `pos`.
std::string piece_at(const Position& pos, Square s) {
    return fmt::format("the {} on {}", piece_word(type_of(pos.piece_on(s))), square_name(s));
}

/// The pieces of `pos` on `b`: "the rook on f2", "the rook on f2 and the bishop on b5".
std::string pieces_at(const Position& pos, Bitboard b) {
    std::string out;
    while (b) {
        const Square s = pop_lsb(b);
        if (!out.empty()) out += b ? ", " : " and ";
        out += piece_at(pos, s);
    }
    return out;
}

/// The enemy pieces that attack `s` when the board holds `occ` (`gone`: enemy pieces taken).
Bitboard enemy_attackers(const Position& pos, Square s, Bitboard occ, Bitboard gone = 0) {
    const Color them = ~pos.side_to_move();
    return pos.attackers_to(s, occ) & pos.pieces(them) & ~gone;
}

/// What makes `t`, a token the SAN reader refused, no move, where a rule of thumb tells: a
/// drop, a piece letter that is none, a square off the board. "" otherwise.
std::string bad_san_reason(std::string_view t, std::string_view piece_letters) {
    if (t.empty()) return {};
    if (t.find('@') != std::string_view::npos)
        return "a piece drop ('@', as in crazyhouse) is not a chess move";
    const std::string_view letters = piece_letters.size() >= 5 ? piece_letters : "KQRBNP";
    // A piece move in shape (a capital, then what SAN allows up to a square) with a letter
    // that is no piece: often another language's (S for the German knight).
    std::string_view body = t.substr(1);
    while (!body.empty() &&
           (body.back() == '+' || body.back() == '#' || body.back() == '!' || body.back() == '?'))
        body.remove_suffix(1);
    const bool piece_shape =
        body.size() >= 2 && body[body.size() - 2] >= 'a' && body[body.size() - 2] <= 'h' &&
        body.back() >= '1' && body.back() <= '8' &&
        body.find_first_not_of("abcdefgh12345678x-:") == std::string_view::npos;
    if (const char c = t.front(); piece_shape && c >= 'A' && c <= 'Z' && c != 'O' &&
                                  letters.find(c) == std::string_view::npos) {
        std::string known;
        for (std::size_t k = 0; k < std::min<std::size_t>(letters.size(), 5); ++k)
            known += known.empty() ? std::string(1, letters[k]) : std::string(", ") + letters[k];
        return fmt::format("'{}' is not a piece letter ({}; --piece-letters reads another "
                           "language's)",
                           c, known);
    }
    for (std::size_t k = 0; k + 1 < t.size(); ++k) {
        const char f = t[k], r = t[k + 1];
        if (f >= 'a' && f <= 'z' && r >= '0' && r <= '9' && (f > 'h' || r == '0' || r == '9') &&
            (k == 0 || !(t[k - 1] >= 'a' && t[k - 1] <= 'z')))
            return fmt::format("'{}{}' is not a square", f, r);
    }
    return {};
}

/// Why castling on `side` is illegal in `pos`, or "" if that is not known.
std::string castling_reason(const Position& pos, CastleSide side) {
    const Color us = pos.side_to_move();
    const std::string_view wing = side == CastleSide::King ? "kingside" : "queenside";
    if (pos.in_check())
        return fmt::format("the king is in check from {}, and castling out of check is not allowed",
                           pieces_at(pos, pos.checkers()));
    if (!pos.can_castle(us, side))
        return fmt::format("{} has no right to castle {}", us == Color::White ? "White" : "Black",
                           wing);
    const Square from = pos.king_square(us), rook = pos.castling_rook(us, side);
    if (from == NoSquare) return {};
    const Square kto = Position::castle_king_to(us, side), rto = Position::castle_rook_to(us, side);
    const Bitboard occ = pos.pieces();
    // As Position::is_legal: every square the king and the rook cross or reach must be empty
    // but their own two.
    const Bitboard in_the_way =
        occ & (between_bb(from, kto) | between_bb(rook, rto)) & ~bb(from) & ~bb(rook);
    if (in_the_way) return fmt::format("castling is blocked by {}", pieces_at(pos, in_the_way));
    const Bitboard without_king = occ ^ bb(from);
    for (Bitboard path = between_bb(from, kto) & ~bb(kto); path;) {
        const Square s = pop_lsb(path);
        if (Bitboard a = enemy_attackers(pos, s, without_king))
            return fmt::format("the king would pass through {}, which is attacked by {}",
                               square_name(s), pieces_at(pos, a));
    }
    const Bitboard after = (occ ^ bb(from) ^ bb(rook)) | bb(kto) | bb(rto);
    if (Bitboard a = enemy_attackers(pos, kto, after))
        return fmt::format("the king would be in check on {} from {}", square_name(kto),
                           pieces_at(pos, a));
    return {};
}

/// Why the normal move `san` (its origins `from`: pieces of its type that may make it, the
/// king's safety aside) is illegal: it leaves or puts the king in check. "" if not known.
std::string king_safety_reason(const Position& pos, const San& san, PieceType piece,
                               Bitboard from) {
    const Color us = pos.side_to_move(), them = ~us;
    const Square to = san.to;
    const Bitboard occ = pos.pieces();
    if (piece == PieceType::King) {
        const Bitboard a = enemy_attackers(pos, to, occ ^ bb(lsb(from)), bb(to));
        if (!a) return {};
        return fmt::format("the king cannot move into check: {} is attacked by {}", square_name(to),
                           pieces_at(pos, a));
    }
    const Square ksq = pos.king_square(us);
    if (ksq == NoSquare) return {};
    const Square origin = lsb(from);
    const bool en_passant = piece == PieceType::Pawn && to == pos.ep_square() && pos.empty(to);
    const Bitboard taken = en_passant ? bb(Square(to - pawn_push(us))) : pos.pieces(them) & bb(to);
    const Bitboard after = ((occ ^ bb(origin)) & ~taken) | bb(to);
    const Bitboard checkers = enemy_attackers(pos, ksq, after, taken);
    if (!checkers) return {};
    if (pos.in_check() && (checkers & pos.checkers()))
        return fmt::format("it does not get the king out of check from {}",
                           pieces_at(pos, checkers & pos.checkers()));
    // The piece stood in the line of an enemy slider: pinned, unless only taking en passant
    // (which empties two squares of a line) opened it.
    if (en_passant && !(enemy_attackers(pos, ksq, (occ ^ bb(origin)) | bb(to)) & checkers))
        return fmt::format("taking en passant would expose the king to {}",
                           pieces_at(pos, checkers));
    return fmt::format("the {} on {} is pinned to its king by {}", piece_word(piece),
                       square_name(origin), pieces_at(pos, checkers));
}

/// Why the pawn move `san` is illegal (the origins it names: `filter`), or "": then
/// `from` holds the pawns that may make it, the king's safety aside.
std::string pawn_reason(const Position& pos, const San& san, Bitboard filter, Bitboard& from) {
    const Color us = pos.side_to_move(), them = ~us;
    const Square to = san.to;
    const int rr = relative_rank(us, to);
    const Bitboard pawns = pos.pieces(us, PieceType::Pawn) & filter;
    const bool capture = san.capture || (san.from_file >= 0 && san.from_file != file_of(to));
    const std::string square = square_name(to);
    from = 0;
    if (capture) {
        from = pawns & pawn_attacks(them, to);
        if (!from) return fmt::format("no pawn can capture on {}", square);
        if (pos.pieces(us) & bb(to))
            return fmt::format("{} is occupied by a piece of the side to move", square);
        if (pos.empty(to) && to != pos.ep_square()) {
            // A pawn that stepped two squares past `to`: the chance to take it has passed.
            if (rr == 5 && (pos.pieces(them, PieceType::Pawn) & bb(Square(to - pawn_push(us)))))
                return fmt::format("there is nothing to capture on {}: en passant is allowed "
                                   "only on the move right after the pawn's two-square step",
                                   square);
            return fmt::format("there is nothing to capture on {}", square);
        }
    } else {
        // Pushes: from one square behind, or two from the pawn's first rank.
        const Square one = rr >= 2 ? Square(to - pawn_push(us)) : NoSquare;
        const Square two = rr == 3 ? Square(to - 2 * pawn_push(us)) : NoSquare;
        Bitboard pusher = 0;
        if (one != NoSquare && (pawns & bb(one)))
            pusher = bb(one);
        else if (two != NoSquare && (pawns & bb(two)))
            pusher = bb(two);
        if (!pusher) return fmt::format("no pawn can move to {}", square);
        if (!pos.empty(to))
            return (pos.pieces(us) & bb(to))
                       ? fmt::format("{} is occupied by a piece of the side to move", square)
                       : fmt::format("a pawn cannot move forward onto {} (it captures only "
                                     "diagonally)",
                                     piece_at(pos, to));
        if (two != NoSquare && pusher == bb(two) && !pos.empty(one))
            return fmt::format("the pawn on {} is blocked by {}", square_name(lsb(pusher)),
                               piece_at(pos, one));
        from = pusher;
    }
    if (rr == 7 && san.promotion == PieceType::None)
        return "a pawn that reaches the last rank must promote";
    if (rr != 7 && san.promotion != PieceType::None)
        return "a pawn can promote only on the last rank";
    if (san.promotion == PieceType::King || san.promotion == PieceType::Pawn)
        return fmt::format("a pawn cannot promote to a {}", piece_word(san.promotion));
    return {};
}

/// Why the move `san`, which names no legal move of `pos`, is illegal; "" if that is not
/// known.
std::string illegal_reason(const Position& pos, const San& san) {
    if (san.kind == San::Kind::CastleKing || san.kind == San::Kind::CastleQueen) {
        std::string why = castling_reason(
            pos, san.kind == San::Kind::CastleKing ? CastleSide::King : CastleSide::Queen);
        return why.empty() ? "castling is not possible here" : why;
    }
    if (san.kind == San::Kind::Null)
        return pos.in_check() ? "a null move cannot be played while in check" : std::string();
    if (san.kind != San::Kind::Normal || san.to == NoSquare) return {};
    const Color us = pos.side_to_move();
    const Square to = san.to;
    Bitboard filter = ~Bitboard{0};
    if (san.from_file >= 0) filter &= file_bb(san.from_file);
    if (san.from_rank >= 0) filter &= rank_bb(san.from_rank);
    PieceType piece = san.piece;
    if (piece == PieceType::None) {
        // A coordinate move (e2e4, g1-f3): the piece is whatever stands on its origin.
        if (san.from_file < 0 || san.from_rank < 0)
            return "no piece of the side to move can make it";
        const Square origin = make_square(san.from_file, san.from_rank);
        const Piece p = pos.piece_on(origin);
        if (p == Piece::None || color_of(p) != us)
            return fmt::format("no piece of the side to move on {}", square_name(origin));
        piece = type_of(p);
    }
    Bitboard from = 0;
    if (piece == PieceType::Pawn) {
        if (std::string why = pawn_reason(pos, san, filter, from); !why.empty()) return why;
    } else {
        const Bitboard reach = attacks_bb(piece, to, pos.pieces()) & pos.pieces(us, piece);
        from = reach & filter;
        if (!from) {
            // The pieces the text names that would reach `to` on an empty board: blocked.
            const Bitboard named = pos.pieces(us, piece) & filter;
            if (const Bitboard lines = attacks_bb(piece, to, 0) & named;
                lines && piece != PieceType::Knight && piece != PieceType::King) {
                const Square s = lsb(lines);
                const Bitboard way = between_bb(s, to) & ~bb(to) & pos.pieces();
                if (way) // the piece nearest to s
                    return fmt::format("the {} on {} cannot move to {}: {} is in the way",
                                       piece_word(piece), square_name(s), square_name(to),
                                       piece_at(pos, to > s ? lsb(way) : msb(way)));
            }
            if (named && popcount(named) == 1 && (san.from_file >= 0 || san.from_rank >= 0))
                return fmt::format("the {} on {} cannot move to {}", piece_word(piece),
                                   square_name(lsb(named)), square_name(to));
            if (reach) { // only pieces the disambiguation does not name
                const std::string where =
                    san.from_file >= 0 && san.from_rank >= 0
                        ? fmt::format("on {}",
                                      square_name(make_square(san.from_file, san.from_rank)))
                    : san.from_file >= 0 ? fmt::format("on the {}-file", char('a' + san.from_file))
                                         : fmt::format("on rank {}", san.from_rank + 1);
                return fmt::format("no {} {} can move to {}", piece_word(piece), where,
                                   square_name(to));
            }
            return fmt::format("no {} can move to {}", piece_word(piece), square_name(to));
        }
        if (pos.pieces(us) & bb(to))
            return fmt::format("{} is occupied by a piece of the side to move", square_name(to));
    }
    return king_safety_reason(pos, san, piece, from);
}

} // namespace

void GameValidator::report_illegal(const Frame& f, std::string_view text, SourceLocation loc,
                                   int kind, int candidates) {
    const Position& pos = f.pos;
    int ply = f.ply + 1;
    std::string movenum = fmt::format("{}{}", pos.fullmove_number(),
                                      pos.side_to_move() == Color::White ? "." : "...");
    if (kind == 0) {
        const std::string why = bad_san_reason(text, opts_.piece_letters);
        add(Code::BadSan, loc,
            fmt::format("'{}' at move {} is not a move in SAN{}{}", text, movenum,
                        why.empty() ? "" : ": ", why),
            text, &pos, ply, suggest(pos, text));
        return;
    }
    if (kind == 2) {
        // Name the candidates: the legal moves of that piece to that square.
        std::string which;
        San san;
        if (parse_san(text, san, SanParseOptions{opts_.allow_null, opts_.piece_letters})) {
            for (Move m : legal_moves(pos)) {
                if (m.to() != san.to || type_of(pos.piece_on(m.from())) != san.piece) continue;
                if (san.promotion != PieceType::None && m.promotion() != san.promotion) continue;
                if (!which.empty()) which += ", ";
                which += format_san(pos, m);
            }
        }
        add(Code::AmbiguousMove, loc,
            which.empty()
                ? fmt::format("'{}' at move {} is ambiguous: {} legal moves match", text, movenum,
                              candidates)
                : fmt::format("'{}' at move {} is ambiguous: it could be {}", text, movenum, which),
            text, &pos, ply, which);
        return;
    }
    // Illegal: explain why, from the syntax and the position.
    std::string why;
    San san;
    const SanParseOptions parse_opts{opts_.allow_null, opts_.piece_letters};
    const bool parsed = parse_san(text, san, parse_opts);
    if (parsed) why = illegal_reason(pos, san);
    if (why.empty()) why = "not a legal move";
    if (parsed && san.kind != San::Kind::Null && !pos.in_check()) {
        // A move the other side could make here: the record may have lost a move before it,
        // or written one twice (the usual slip of a transcription). (Not in check: then the
        // position with the turn passed would have its side not to move in check.)
        Position other = pos;
        other.set_side_to_move(~pos.side_to_move());
        other.set_ep_square(NoSquare);
        other.finish();
        if (parse_and_resolve(other, text, parse_opts, false).ok) {
            // The first move after a FEN: the FEN's side to move is the likelier slip.
            const bool white = pos.side_to_move() == Color::White;
            why += fmt::format(" (it is {0}'s move, and it would be legal for {1}: {2})",
                               white ? "White" : "Black", white ? "Black" : "White",
                               f.ply == 0 && has_fen_
                                   ? "does the FEN give the wrong side to move?"
                                   : "is a move missing or written twice before it?");
        }
    }
    add(Code::IllegalMove, loc, fmt::format("'{}' at move {} is illegal: {}", text, movenum, why),
        text, &pos, ply, suggest(pos, text));
}

void GameValidator::move_general(Frame& f, std::string_view text, const SourceLocation& loc) {
    if (f.check_pending) {
        // As move() would have done had the check been decided when it was given.
        decide_check(f);
        if (f.stop.any() && move_blocked(f, text, loc)) return;
    }
    // parse_san + resolve_san(f.pos, san, false) in one pass, filling `r` in place.
    // +/# correctness is checked by replay() on the position played. A token that does not
    // parse is never resolved (r.ok is false).
    chess::San san;
    chess::SanResolution r;
    const bool parsed = chess::parse_resolve_san(f.pos, text, san_opts_, san, r);
    if (!r.ok) {
        move_not_played(f, text, loc, parsed, r);
        return;
    }
    if ((r.move.is_null() || r.liberties) && !move_notes(f, text, loc, r)) return;
    replay(
        f, r.move, text, loc,
        (san.mate    ? WrittenMate
         : san.check ? WrittenCheck
                     : 0u) |
            (r.liberties != 0 || san.suffix_nag != 0 || r.move.is_null() ? WrittenNotPlain : 0u) |
            (r.move.is_null() ? WrittenNull : 0u));
}

bool GameValidator::move_blocked(Frame& f, std::string_view text, const SourceLocation& loc) {
    if (f.stop.dead) return true;
    if (f.stop.ended) {
        static constexpr std::string_view why[] = {"",
                                                   "checkmate",
                                                   "stalemate",
                                                   "a dead position (insufficient material)",
                                                   "the 75-move rule",
                                                   "fivefold repetition"};
        if (is_ep_suffix_token(text)) return true;
        add(Code::MoveAfterGameEnd, loc,
            fmt::format("'{}': the game had already ended by {}", text,
                        why[static_cast<int>(f.end)]),
            text, &f.pos, f.ply + 1);
        f.stop.dead = true;
        return true;
    }
    if (f.stop.historic_draw != LineEnd::None && !f.historic_reported) {
        // Fivefold repetition and the 75-move rule end games automatically only since the
        // FIDE Laws of 1 July 2014 (9.6); an older game went on under the rules of its time.
        f.historic_reported = true;
        add(Code::MoveAfterPre2014Draw, loc,
            fmt::format(
                "'{}': the game continues after {}, an automatic draw only since 1 July 2014; "
                "this game is older",
                text,
                f.stop.historic_draw == LineEnd::Fivefold ? "fivefold repetition"
                                                          : "the 75-move rule"),
            text, &f.pos, f.ply + 1);
    }
    return false;
}

void GameValidator::move_not_played(Frame& f, std::string_view text, const SourceLocation& loc,
                                    bool parsed, const SanResolution& r) {
    if (!parsed && is_ep_suffix_token(text)) {
        add(Code::EnPassantSuffix, loc, "en-passant capture marked with a separate 'e.p.'", text);
        return;
    }
    if (r.error != SanError::Syntax && !f.pos.in_check() && !has_legal_move(f.pos)) {
        f.stop.ended = true;
        f.end = LineEnd::Stalemate;
        add(Code::MoveAfterGameEnd, loc,
            fmt::format("'{}': the game had already ended by stalemate", text), text, &f.pos,
            f.ply + 1);
    } else {
        report_illegal(f, text, loc,
                       r.error == SanError::Syntax      ? 0
                       : r.error == SanError::Ambiguous ? 2
                                                        : 1,
                       r.candidates);
    }
    f.stop.dead = true;
}

bool GameValidator::move_notes(Frame& f, std::string_view text, const SourceLocation& loc,
                               const SanResolution& r) {
    if (r.move.is_null()) {
        if (f.pos.in_check()) {
            add(Code::IllegalMove, loc, fmt::format("null move '{}' while in check", text), text,
                &f.pos, f.ply + 1);
            f.stop.dead = true;
            return false;
        }
        add(Code::NullMove, loc, fmt::format("null move '{}' (the turn passes)", text), text,
            &f.pos, f.ply + 1);
    }
    if (r.liberties) {
        auto lib = [&](std::uint16_t bit, Code code, std::string_view what) {
            if (r.liberties & bit)
                add(code, loc, fmt::format("'{}': {}", text, what), text, &f.pos, f.ply + 1);
        };
        lib(LibCastlingZeros, Code::CastlingZeros, "castling written with zeros or lower case");
        lib(LibPromotionForm, Code::PromotionForm, "promotion written without '='");
        lib(LibEnPassantSuffix, Code::EnPassantSuffix, "en-passant capture marked 'e.p.'");
        lib(LibOverDisambiguated, Code::NonCanonicalSan, "more disambiguation than needed");
        lib(LibMissingCapture, Code::NonCanonicalSan, "capture written without 'x'");
        lib(LibSpuriousCapture, Code::NonCanonicalSan, "'x' on a move that captures nothing");
        lib(LibPieceLowercase, Code::NonCanonicalSan, "piece letter in lower case");
        lib(LibPawnLetter, Code::NonCanonicalSan, "pawn move written with 'P'");
        lib(LibLongAlgebraic, Code::LongAlgebraic, "long algebraic notation");
        lib(LibUci, Code::LongAlgebraic, "UCI coordinate notation");
        lib(LibFigurine, Code::Figurine, "figurine piece symbol");
    }
    return true;
}

void GameValidator::wrong_move_number(const Frame& f) {
    // Once per game: a FEN whose move number is off makes every number of the game wrong
    // (end_game() says how many more there were).
    if (move_number_diag_ != -1) {
        ++more_move_numbers_;
        return;
    }
    const std::size_t first = diags_.size();
    const chess::Position& before = f.before_pos();
    int want = before.fullmove_number();
    if (f.expect_number != want)
        add(Code::MoveNumber, f.number_loc,
            fmt::format("move number {} but the position is at move {}", f.expect_number, want), {},
            &before, f.ply + 1);
    else
        add(Code::MoveNumber, f.number_loc,
            fmt::format("'{}...' before a white move", f.expect_number), {}, &before, f.ply + 1);
    move_number_diag_ = diags_.size() > first ? int(first) : -2; // -2: reported, not kept
}

void GameValidator::wrong_suffix(const Frame& f, std::string_view text, const SourceLocation& loc,
                                 bool mate, bool check) {
    add(Code::CheckSuffix, loc,
        fmt::format("'{}': {}", text,
                    mate    ? "checkmate not marked '#'"
                    : check ? "check not marked '+'"
                            : "marked as check but gives no check"),
        text, &f.before_pos(), f.ply);
}

bool GameValidator::decide_mate(Frame& f) {
    f.check_pending = false;
    if (has_legal_move(f.pos)) return false;
    f.stop.ended = true;
    f.end = LineEnd::Checkmate;
    return true;
}

unsigned GameValidator::check_needs(Frame& f, std::string_view text, const SourceLocation& loc,
                                    unsigned written) {
    if (f.check_pending) {
        // Written '+': right unless it is mate, which decide_check() finds out if the line
        // ends here. Else whether it is mate decides the message now.
        if ((written & 3u) == WrittenCheck) {
            f.check_text = text;
            copy_location(f.check_loc, loc);
        } else {
            decide_mate(f);
        }
    }
    return f.end == LineEnd::Checkmate ? WrittenMate : WrittenCheck;
}

void GameValidator::decide_check(Frame& f) {
    if (decide_mate(f)) wrong_suffix(f, f.check_text, f.check_loc, true, true);
}

void GameValidator::begin_variation(const SourceLocation& loc) {
    if (skip_) return;
    decide_pending();
    if (skipped_depth_ || depth_ == 0) {
        ++skipped_depth_;
        update_line();
        return;
    }
    if (depth_ > std::size_t(opts_.max_variation_depth)) {
        if (skipped_depth_ == 0)
            add(Code::Oversized, loc,
                fmt::format("variations nested deeper than {} are not replayed",
                            opts_.max_variation_depth));
        ++skipped_depth_;
        update_line();
        return;
    }
    if (frames_.size() <= depth_) frames_.resize(depth_ * 2);
    Frame& parent = frames_[depth_ - 1];
    Frame& v = frames_[depth_];
    v.stop.dead = parent.stop.dead || !parent.has_before;
    v.stop.ended = false;
    v.end = LineEnd::None;
    v.has_before = v.before_stale = false;
    v.expect_number = 0;
    v.popped = false;
    v.stop.historic_draw = LineEnd::None;
    v.historic_reported = false;
    v.check_pending = false;
    if (!parent.has_before && !parent.stop.dead)
        add(Code::UnexpectedText, loc,
            "variation before the first move: nothing to replace; not replayed");
    if (!v.stop.dead) {
        v.pos = parent.before_pos();
        v.ply = parent.ply - 1;
        v.popped_key = history_.back();
        history_.pop_back();
        v.popped = true;
    } else {
        v.ply = parent.ply;
    }
    v.hist_begin = history_.size();
    ++depth_;
    update_line();
}

void GameValidator::end_variation(const SourceLocation& loc) {
    if (skip_) return;
    if (skipped_depth_) {
        --skipped_depth_;
        update_line();
        return;
    }
    if (depth_ <= 1) return;
    Frame& v = frames_[depth_ - 1];
    if (v.check_pending) decide_check(v);
    if (!v.stop.dead && !v.has_before && !v.stop.ended)
        add(Code::EmptyVariation, loc, "variation without moves");
    history_.resize(v.hist_begin);
    if (v.popped) history_.push_back(v.popped_key);
    --depth_;
    update_line();
}

void GameValidator::result(std::string_view text, const SourceLocation& loc) {
    result_marker_ = std::string(normalize_result(text));
    copy_location(result_loc_, loc);
}

void GameValidator::check_result() {
    info_.result_marker = result_marker_;
    const std::string_view result_tag = tag_text_[TextResult];
    if (has_result_tag_ && !result_marker_.empty() && is_result_value(result_tag) &&
        result_tag != result_marker_)
        add(Code::ResultMismatch, result_loc_,
            fmt::format("the Result tag says '{}' but the movetext ends with '{}'", result_tag,
                        result_marker_),
            result_marker_);
    if (skip_ || depth_ == 0) return;
    Frame& f = frames_[0];
    if (f.stop.dead) return;
    std::string_view r = !result_marker_.empty()       ? std::string_view(result_marker_)
                         : is_result_value(result_tag) ? result_tag
                                                       : std::string_view();
    if (!f.stop.ended && !f.pos.in_check() && !has_legal_move(f.pos)) {
        f.stop.ended = true;
        f.end = LineEnd::Stalemate;
    }
    info_.end = f.end;
    SourceLocation at = result_marker_.empty() ? result_tag_loc_ : result_loc_;
    const Position& p = f.pos;
    if (r.empty()) return;
    if (r == "*" && f.end != LineEnd::None) {
        // '*' records no result (puzzle and study databases end their games so): the rules
        // decided it, the moves are legal; worth a warning, not an invalid game.
        static constexpr std::string_view how[] = {"",
                                                   "",
                                                   "stalemate",
                                                   "a dead position (insufficient material)",
                                                   "the 75-move rule",
                                                   "fivefold repetition"};
        const std::string_view decided = f.end == LineEnd::Checkmate
                                             ? (p.side_to_move() == Color::White ? "0-1" : "1-0")
                                             : "1/2-1/2";
        add(Code::UnrecordedResultAtEnd, at,
            f.end == LineEnd::Checkmate
                ? fmt::format("result '*' (not recorded) but {} is checkmated: the result is {}",
                              p.side_to_move() == Color::White ? "White" : "Black", decided)
                : fmt::format("result '*' (not recorded) but the game ended in a draw by {}: the "
                              "result is 1/2-1/2",
                              how[static_cast<int>(f.end)]),
            r, &p, f.ply);
        return;
    }
    if (f.end == LineEnd::Checkmate) {
        std::string_view want = p.side_to_move() == Color::White ? "0-1" : "1-0";
        if (r != want)
            add(Code::ResultContradictsPosition, at,
                fmt::format("result '{}' but {} is checkmated (the result is {})", r,
                            p.side_to_move() == Color::White ? "White" : "Black", want),
                r, &p, f.ply);
        return;
    }
    if (f.end != LineEnd::None) {
        static constexpr std::string_view why[] = {"",
                                                   "",
                                                   "stalemate",
                                                   "a dead position (insufficient material)",
                                                   "the 75-move rule",
                                                   "fivefold repetition"};
        if (r != "1/2-1/2")
            add(Code::ResultContradictsPosition, at,
                fmt::format("result '{}' but the game ended in a draw by {}", r,
                            why[static_cast<int>(f.end)]),
                r, &p, f.ply);
        return;
    }
    // FIDE 6.9: a player who oversteps the time loses, unless the opponent cannot mate
    // by any series of legal moves — then the game is drawn.
    if (r != "1-0" && r != "0-1") return;
    if (says_time_forfeit(tag_text_[TextTermination])) {
        Color winner = r == "1-0" ? Color::White : Color::Black;
        if (!can_ever_mate(p, winner))
            add(Code::ResultContradictsPosition, at,
                fmt::format("'{}' on time, but {} cannot checkmate with the material left: a draw "
                            "(FIDE 6.9)",
                            r, winner == Color::White ? "White" : "Black"),
                r, &p, f.ply);
    }
}

void GameValidator::end_game() {
    for (std::size_t i = 0; i < depth_ && i < frames_.size(); ++i)
        if (frames_[i].check_pending) decide_check(frames_[i]);
    // Main-line plies: frame 0 counts them (it is reset at end_tags of a replayed game).
    info_.plies = info_.replayed && !frames_.empty() ? frames_[0].ply : 0;
    check_result();
    check_plycount();
    if (more_move_numbers_ > 0 && opts_.details && move_number_diag_ >= 0)
        diags_[std::size_t(move_number_diag_)].message +=
            fmt::format(" (and {} more wrong move number{} in this game)", more_move_numbers_,
                        more_move_numbers_ == 1 ? "" : "s");
    // Leave the frames as they are: they are reset at the next end_tags.
}

void GameValidator::check_plycount() {
    // PlyCount is the main line's number of plies (PGN standard §9.2.1); only a main line that
    // was replayed to its end is counted (an error that stopped it is reported already).
    if (plycount_tag_ < 0 || skip_ || depth_ == 0 || frames_[0].stop.dead) return;
    const int plies = frames_[0].ply;
    if (plycount_tag_ != plies)
        add(Code::PlyCountMismatch, plycount_loc_,
            fmt::format("PlyCount {} but the main line has {} pl{}", plycount_tag_, plies,
                        plies == 1 ? "y" : "ies"),
            {}, nullptr, plies);
}

} // namespace pgnkit
