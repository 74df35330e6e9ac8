#include "pgnkit/cmd/convert/pgn_writer.hpp"
#include "pgnkit/io/bytes.hpp"

#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/san.hpp"
#include "pgnkit/chess/uci_lan.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>

namespace pgnkit::app {

namespace {

/// PGN §8.1.1: the Seven Tag Roster, in export order, with the value a missing tag gets.
struct StrTag {
    std::string_view name, unknown;
};
constexpr std::array<StrTag, 7> SevenTagRoster{{{"Event", "?"},
                                                {"Site", "?"},
                                                {"Date", "????.??.??"},
                                                {"Round", "?"},
                                                {"White", "?"},
                                                {"Black", "?"},
                                                {"Result", "*"}}};

bool is_str_tag(std::string_view name) {
    for (const StrTag& t : SevenTagRoster)
        if (t.name == name) return true;
    return false;
}

/// Index of a roster tag in SevenTagRoster, or -1 (by length first: one compare mostly).
int roster_index(std::string_view name) {
    switch (name.size()) {
    case 4: return name == "Site" ? 1 : name == "Date" ? 2 : -1;
    case 5:
        return name == "Event"   ? 0
               : name == "Round" ? 3
               : name == "White" ? 4
               : name == "Black" ? 5
                                 : -1;
    case 6: return name == "Result" ? 6 : -1;
    default: return -1;
    }
}

/// Tags that make the movetext replayable: kept whatever --tags says.
bool is_setup_tag(std::string_view name) {
    return name == "FEN" || name == "SetUp" || name == "Variant";
}

} // namespace

bool resolve_piece_letters(std::string_view spec, std::string& out) {
    struct Preset {
        std::string_view name, letters;
    };
    // Piece letters by language (KQRBN, then the pawn's letter where one is used).
    static constexpr Preset presets[] = {{"en", ""},       {"de", "KDTLSB"}, {"fr", "RDTFCP"},
                                         {"es", "RDTACP"}, {"it", "RDTACP"}, {"nl", "KDTLP"}};
    for (const Preset& p : presets) {
        if (spec == p.name) {
            out = std::string(p.letters);
            return true;
        }
    }
    if (spec.size() < 5 || spec.size() > 6) return false;
    for (std::size_t i = 0; i < spec.size(); ++i) {
        char c = spec[i];
        // Upper case only (a–h are files); O would read as castling, X as a capture.
        if (c < 'A' || c > 'Z' || c == 'O' || c == 'X') return false;
        if (spec.find(c, i + 1) != std::string_view::npos) return false;
    }
    out = (spec == "KQRBN" || spec == "KQRBNP") ? std::string() : std::string(spec);
    return true;
}

void strip_comment_commands(std::string_view text, bool clocks, bool evals, std::string& out) {
    out.clear();
    std::size_t i = 0;
    while (i < text.size()) {
        std::size_t open = text.find("[%", i);
        if (open == std::string_view::npos) break;
        std::size_t name_end = open + 2;
        while (name_end < text.size() && ((text[name_end] >= 'a' && text[name_end] <= 'z') ||
                                          (text[name_end] >= 'A' && text[name_end] <= 'Z')))
            ++name_end;
        std::string_view name = text.substr(open + 2, name_end - open - 2);
        std::size_t close = text.find(']', name_end);
        bool drop = close != std::string_view::npos &&
                    ((clocks && name == "clk") || (evals && name == "eval"));
        if (!drop) {
            out.append(text.substr(i, name_end - i));
            i = name_end;
            continue;
        }
        out.append(text.substr(i, open - i));
        out += ' '; // keep the words on either side apart
        i = close + 1;
    }
    out.append(text.substr(i));
}

namespace {
ValidateOptions make_validate_options(const PgnWriterOptions& o, const SeverityTable& sev) {
    ValidateOptions v;
    v.severities = sev;
    v.piece_letters = o.input_piece_letters;
    v.detect_xiangqi = o.game == GameChoice::Auto; // (convert.cpp writes them: xiangqi_writer)
    return v;
}
} // namespace

PgnWriter::PgnWriter(const PgnWriterOptions& opts, const SeverityTable& severities)
    : opts_(opts), vopts_(make_validate_options(opts, severities)), validator_(vopts_),
      layout_(opts), same_letters_(opts.piece_letters == opts.input_piece_letters) {
    validator_.set_listener(this);
}

void PgnWriter::begin_game(const GameSpan& span) {
    span_ = &span;
    validator_.begin_game(span);
    tag_text_.clear();
    tags_.clear();
    std::fill(std::begin(roster_), std::end(roster_), -1);
    layout_.clear();
    latin1_ = false;
    unconvertible_ = false;
    unconverted_reason_.clear();
    marker_.clear();
    result_text_.clear();
    verdict_ = GameVerdict::Invalid;
    fix_ = ResultFix{};
    fen_fixed_ = false;
    final_fen_.clear();
}

void PgnWriter::diagnostic(const Diagnostic& d) {
    // The reader reports one Encoding problem, before any token: the game is not UTF-8
    // and is read as Latin-1; its text is transcoded as it is written. (A text transcoded
    // from GBK or Big5 when it was read, GameSpan::transcoded_from, is UTF-8 already.)
    if (d.code == Code::Encoding && span_->transcoded_from.empty()) {
        latin1_ = true;
        layout_.set_latin1(true);
    }
    // A cut comment or game would lose text: such a game is passed through unchanged.
    if (d.code == Code::Oversized) unconvertible(d.loc, d.message);
    validator_.diagnostic(d);
}

void PgnWriter::unconvertible(SourceLocation loc, std::string reason) {
    if (unconvertible_) return;
    unconvertible_ = true;
    unconverted_loc_ = loc;
    unconverted_reason_ = std::move(reason);
}

void PgnWriter::tag(std::string_view name, std::string_view value, const SourceLocation& loc) {
    validator_.tag(name, value, loc);
    for (const TagEntry& t : tags_)
        if (tag_name(t) == name) return; // a duplicate: the validator keeps the first value
    TagEntry e;
    e.name_begin = static_cast<std::uint32_t>(tag_text_.size());
    e.name_size = static_cast<std::uint32_t>(name.size());
    tag_text_.append(name);
    e.value_begin = static_cast<std::uint32_t>(tag_text_.size());
    e.value_size = static_cast<std::uint32_t>(value.size());
    tag_text_.append(value);
    const int r = roster_index(name);
    e.roster = r >= 0;
    if (r >= 0) roster_[r] = int(tags_.size());
    tags_.push_back(e);
}

std::string_view PgnWriter::tag_name(const TagEntry& t) const {
    return std::string_view(tag_text_).substr(t.name_begin, t.name_size);
}
std::string_view PgnWriter::tag_value(const TagEntry& t) const {
    return std::string_view(tag_text_).substr(t.value_begin, t.value_size);
}

bool PgnWriter::end_tags() {
    return validator_.end_tags(); // true only for a xiangqi game (GameValidator::xiangqi())
}

void PgnWriter::move_number(int n, bool black_dots, const TokenPlace& loc) {
    validator_.move_number(n, black_dots, loc); // numbers are rewritten from the position
}

void PgnWriter::move(std::string_view text, const TokenPlace& loc) {
    validator_.move(text, loc); // a replayed move comes back through on_move()
    if (validator_.last_move_replayed()) return;
    not_replayed(text, loc);
}

void PgnWriter::not_replayed(std::string_view text, const SourceLocation& loc) {
    if (chess::is_ep_suffix_token(text)) return; // `exd6 e.p.`: part of the move before
    unconvertible(loc, fmt::format("move '{}' was not replayed (a variation before the first "
                                   "move, or nested too deep)",
                                   text));
}

void PgnWriter::on_move(const ReplayedMove& m) {
    if (!layout_.visible()) return;
    char buf[64];
    char* end = buf;
    const bool black = m.before.side_to_move() == chess::Color::Black;
    // §8.2.2.2: every white move has its number; a black move only after a comment or a
    // variation, or as the first move of a line.
    layout_.number_before_move(m.before.fullmove_number(), black);
    if (m.move.is_null()) {
        layout_.move_text("--");
        return;
    }
    switch (opts_.moves) {
    case MoveNotation::San:
        if (m.canonical && same_letters_) {
            layout_.move_text(m.text); // already write_san's text in the same letters
            break;
        }
        end = chess::write_san(m.before, m.move, buf, opts_.piece_letters, false);
        layout_.move_text(std::string_view(buf, std::size_t(end - buf)));
        break;
    case MoveNotation::Figurine:
        end = chess::write_san(m.before, m.move, buf, {}, true);
        layout_.move_text(std::string_view(buf, std::size_t(end - buf)));
        break;
    case MoveNotation::Lan: // short: SSO
        layout_.move_text(chess::format_lan(m.before, m.move, opts_.piece_letters));
        break;
    case MoveNotation::Uci: layout_.move_text(chess::format_uci(m.before, m.move)); break;
    }
}

void PgnWriter::nag(int n, const SourceLocation& loc) {
    validator_.nag(n, loc);
    layout_.nag(n);
}

void PgnWriter::comment(std::string_view text, const SourceLocation& loc) {
    validator_.comment(text, loc);
    layout_.comment(text);
}

void PgnWriter::begin_variation(const SourceLocation& loc) {
    validator_.begin_variation(loc);
    layout_.begin_variation();
}

void PgnWriter::end_variation(const SourceLocation& loc) {
    validator_.end_variation(loc);
    layout_.end_variation();
}

void PgnWriter::result(std::string_view text, const SourceLocation& loc) {
    validator_.result(text, loc);
    marker_.assign(normalize_result(text));
}

void PgnWriter::end_game() {
    validator_.end_game();
    finish();
}

void PgnWriter::finish() {
    const GameInfo& info = validator_.info();
    const chess::Position* final_pos = validator_.current_position();
    std::string_view tag_result = normalize_result(info.result_tag);

    // --fix-result: the rules decide the result when the main line ends in checkmate,
    // stalemate or an automatic draw (FIDE 5.1.1, 5.2.1, 5.2.2, 9.6). A game without any
    // result (no Result tag, no marker) gets it too: `*` there would contradict the position,
    // and the output would not validate.
    const bool no_result = marker_.empty() && tag_result.empty();
    const std::string_view decided =
        opts_.fix_result || no_result ? info.decided_result : std::string_view();

    bool error = validator_.has_error();
    const bool fix_fen = opts_.fix_fen && !validator_.repaired_fen().empty();
    if (error && ((opts_.fix_result && !decided.empty()) || fix_fen)) {
        // Errors about the result (the FEN) are what --fix-result (--fix-fen) repairs; any
        // other error stands. (A repaired FEN is the game's only bad-fen.)
        error = false;
        for (const Diagnostic& d : validator_.diagnostics()) {
            if (d.severity != Severity::Error) continue;
            const bool fixed =
                (opts_.fix_result && !decided.empty() &&
                 (d.code == Code::ResultMismatch || d.code == Code::ResultContradictsPosition)) ||
                (fix_fen && d.code == Code::BadFen);
            if (!fixed) error = true;
        }
    }
    if (error) {
        verdict_ = GameVerdict::Invalid;
        return;
    }
    if (unconvertible_) {
        verdict_ = GameVerdict::Unconverted;
        return;
    }
    std::string_view current = !marker_.empty()      ? std::string_view(marker_)
                               : !tag_result.empty() ? tag_result
                                                     : std::string_view("*");
    if (!decided.empty()) {
        bool differs = (!marker_.empty() && marker_ != decided) ||
                       (!tag_result.empty() && tag_result != decided) ||
                       (marker_.empty() && tag_result.empty());
        if (differs) {
            fix_.from = !marker_.empty() ? marker_ : std::string(info.result_tag);
            fix_.to = std::string(decided);
            fix_.why = info.end;
        }
        result_text_.assign(decided);
    } else {
        result_text_.assign(current);
    }
    fen_fixed_ = fix_fen;
    layout_.end(result_text_);
    if (opts_.add_fen && final_pos != nullptr) {
        char buf[128];
        final_fen_.assign(buf, chess::write_fen(*final_pos, buf));
    }
    verdict_ = GameVerdict::Converted;
}

bool PgnWriter::tag_selected(std::string_view name) const {
    switch (opts_.tags) {
    case TagSelection::All: return true;
    case TagSelection::Str: return is_str_tag(name);
    case TagSelection::None: return false;
    case TagSelection::List:
        return std::find(opts_.tag_list.begin(), opts_.tag_list.end(), name) !=
               opts_.tag_list.end();
    }
    return false;
}

/// Room for n more bytes at the tag section's end.
char* PgnWriter::header_room(std::size_t n) const {
    if (header_cap_ - header_len_ < n) {
        const std::size_t cap = std::max(2 * header_cap_, header_len_ + n + 1024);
        std::unique_ptr<char[]> bigger(new char[cap]);
        if (header_len_) std::memcpy(bigger.get(), header_.get(), header_len_);
        header_ = std::move(bigger);
        header_cap_ = cap;
    }
    return header_.get() + header_len_;
}

void PgnWriter::put_tag(std::string_view name, std::string_view value) const {
    if (latin1_ || name.size() > 16 || value.size() > 250 ||
        has_quote_or_backslash(value.data(), value.size())) {
        put_tag_slow(name, value);
        return;
    }
    // The usual tag: nothing to escape or convert; written in place.
    char* const start = header_room(name.size() + value.size() + 6);
    char* p = start;
    *p++ = '[';
    copy_short(p, name.data(), name.size());
    p += name.size();
    *p++ = ' ';
    *p++ = '"';
    if (value.size() <= 16)
        copy_short(p, value.data(), value.size());
    else
        copy_bytes(p, value.data(), value.size());
    p += value.size();
    *p++ = '"';
    *p++ = ']';
    *p++ = '\n';
    header_len_ += std::size_t(p - start);
}

void PgnWriter::put_tag_slow(std::string_view name, std::string_view value) const {
    std::string& out = tag_scratch_;
    out.clear();
    out += '[';
    out.append(name);
    out += " \"";
    // §8.1.1: inside a string, a quote and a backslash are escaped with a backslash.
    std::size_t start = out.size();
    if (latin1_)
        cp1252_to_utf8(value, out);
    else
        out.append(value);
    for (std::size_t i = start; i < out.size(); ++i) {
        if (out[i] == '"' || out[i] == '\\') {
            out.insert(out.begin() + std::ptrdiff_t(i), '\\');
            ++i;
        }
    }
    out += "\"]\n";
    copy_bytes(header_room(out.size()), out.data(), out.size());
    header_len_ += out.size();
}

void PgnWriter::append_to(std::string& out) const {
    if (verdict_ != GameVerdict::Converted) return;
    make_header();
    if (header_len_) {
        out.append(header_.get(), header_len_);
        out += '\n'; // the blank line between tags and movetext
    }
    out.append(layout_.text());
    out += '\n'; // one blank line after the game
}

void PgnWriter::append_to(OutBuffer& out) const {
    if (verdict_ != GameVerdict::Converted) return;
    make_header();
    // One room for the game: tags, blank line, movetext, blank line.
    const std::string_view movetext = layout_.text();
    char* p = out.room(header_len_ + movetext.size() + 2);
    char* const start = p;
    if (header_len_) {
        copy_bytes(p, header_.get(), header_len_);
        p += header_len_;
        *p++ = '\n'; // the blank line between tags and movetext
    }
    copy_bytes(p, movetext.data(), movetext.size());
    p += movetext.size();
    *p++ = '\n'; // one blank line after the game
    out.set_size(out.size() + std::size_t(p - start));
}

void PgnWriter::make_header() const {
    header_len_ = 0;
    // §8.1.1: the Seven Tag Roster first, in its order; a missing tag gets its "unknown"
    // value; Result always equals the termination marker.
    for (const StrTag& s : SevenTagRoster) {
        if (!tag_selected(s.name)) continue;
        if (s.name == "Result") {
            put_tag(s.name, result_text_);
            continue;
        }
        const int i = roster_[&s - SevenTagRoster.data()];
        put_tag(s.name, i >= 0 ? tag_value(tags_[std::size_t(i)]) : s.unknown);
    }
    // Then the others, in input order (or by name with --sort-tags).
    char plies[16];
    std::string_view plycount(
        plies, std::size_t(std::to_chars(plies, plies + 16, validator_.info().plies).ptr - plies));
    auto& order = order_;
    order.clear();
    bool have_plycount = false, have_final_fen = false;
    for (std::uint32_t i = 0; i < tags_.size(); ++i) {
        if (tags_[i].roster) continue;
        std::string_view name = tag_name(tags_[i]);
        bool add_plycount = opts_.add_plycount && name == "PlyCount";
        bool add_final_fen = opts_.add_fen && name == "FinalFEN" && !final_fen_.empty();
        have_plycount |= add_plycount;
        have_final_fen |= add_final_fen;
        if (tag_selected(name) || is_setup_tag(name) || add_plycount || add_final_fen)
            order.push_back(i);
    }
    if (opts_.sort_tags)
        std::stable_sort(order.begin(), order.end(), [this](std::uint32_t a, std::uint32_t b) {
            return tag_name(tags_[a]) < tag_name(tags_[b]);
        });
    // Added tags go last unless the game had them (then they keep their place). With
    // --sort-tags they are merged in name order.
    struct Added {
        std::string_view name, value;
    };
    Added added[2];
    int n_added = 0;
    if (opts_.add_fen && !final_fen_.empty() && !have_final_fen)
        added[n_added++] = {"FinalFEN", final_fen_};
    if (opts_.add_plycount && !have_plycount) added[n_added++] = {"PlyCount", plycount};
    if (opts_.sort_tags && n_added == 2 && added[1].name < added[0].name)
        std::swap(added[0], added[1]);
    int next_added = 0;
    for (std::uint32_t i : order) {
        std::string_view name = tag_name(tags_[i]);
        while (opts_.sort_tags && next_added < n_added && added[next_added].name < name) {
            put_tag(added[next_added].name, added[next_added].value);
            ++next_added;
        }
        std::string_view value = tag_value(tags_[i]);
        if (opts_.add_plycount && name == "PlyCount") value = plycount;
        if (opts_.add_fen && name == "FinalFEN" && !final_fen_.empty()) value = final_fen_;
        if (fen_fixed_ && name == "FEN") value = validator_.repaired_fen();
        put_tag(name, value);
    }
    for (; next_added < n_added; ++next_added)
        put_tag(added[next_added].name, added[next_added].value);
}

} // namespace pgnkit::app
