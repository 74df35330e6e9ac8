/// GameSplitter: a byte-driven state machine over one contiguous buffer. Games are
/// views into the buffer; the buffer is compacted (and, for overlong comments, tag lines
/// or games, partly dropped) only when more input is needed, so memory stays bounded.
#include "pgnkit/pgn/splitter.hpp"

#include "pgnkit/io/utf8.hpp"
#include "pgnkit/pgn/detail/simd/kernels.hpp"
#include "pgnkit/pgn/scan.hpp"
#include "pgnkit/pgn/simd/dispatch.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <exception>
#include <iterator>
#include <utility>

namespace pgnkit {

using detail::find_any;
using detail::is_blank;
using detail::is_tag_name_char;

namespace {
constexpr std::uint64_t fnv_basis = 0xcbf29ce484222325ull;
constexpr std::uint64_t fnv_prime = 0x100000001b3ull;
constexpr std::size_t max_tag_name = 255;

/// A termination marker (standard or one of the common non-standard spellings).
bool is_result_token(std::string_view t) {
    return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*" || t == "1:0" || t == "0:1" ||
           t == "\xC2\xBD-\xC2\xBD" || t == "0.5-0.5" || t == "1/2" || t == "1/2:1/2" ||
           t == "\xC2\xBD:\xC2\xBD";
}
} // namespace

GameSplitter::GameSplitter(ByteSource& source, SplitterLimits limits)
    : src_(source), limits_(limits) {
    limits_.token_keep_limit = std::max<std::size_t>(limits_.token_keep_limit, 64);
    limits_.span_keep_limit = std::max(limits_.span_keep_limit, limits_.token_keep_limit * 2);
    view_ = src_.can_view();
    // A small plain file is read in one piece of its size, up to read_size (10,000 files on
    // one command line would otherwise each allocate a buffer of read_size and more).
    chunk_ = chunk_for(src_);
    if (!view_) {
        cap_ = 2 * chunk_;
        owned_.reset(new char[cap_]);
        buf_ = owned_.get();
    }
}

GameSplitter::~GameSplitter() = default;

std::size_t GameSplitter::chunk_for(const ByteSource& source) {
    if (!plain_sized(source)) return read_size;
    return std::clamp<std::size_t>(std::size_t(source.size_hint()) + 1, std::size_t{64} << 10,
                                   read_size);
}

namespace {
/// A tag name's bit in GameSplitter::name_bits_: the hash mixed once more, by a multiplier that
/// puts 29 usual names on 29 different bits (the Seven Tag Roster, lichess' UTCDate, UTCTime,
/// WhiteElo, WhiteRatingDiff, TimeControl, Termination, …, ECO, EventDate, PlyCount, FideId,
/// Team, …). FNV's own top bits do not tell Site from Date or UTCDate from UTCTime, and each such
/// pair made every game's names be searched.
std::uint64_t name_bit(std::uint64_t h) {
    return std::uint64_t{1} << ((h * 0xCAAB9FCA7D07DA05u) >> 58);
}
/// The hash of a tag name: FNV-1a over its 8-byte words (little-endian, the last one zero
/// padded), so that a name read byte by byte (add_name_byte) and one read a word at a time
/// hash alike. Tag names have no NUL byte: the padding tells no two names apart wrongly.
std::uint64_t mix_name_word(std::uint64_t h, std::uint64_t w) { return (h ^ w) * fnv_prime; }
} // namespace

bool GameSplitter::name_seen(std::uint64_t h) const {
    if ((name_bits_ & name_bit(h)) == 0) return false;
    for (std::size_t i = 0; i < name_count_; ++i)
        if (names_[i] == h) return true;
    return false;
}

void GameSplitter::add_name(std::uint64_t h) {
    if (name_count_ < names_.size() && !name_seen(h)) {
        names_[name_count_++] = h;
        name_bits_ |= name_bit(h);
    }
}

std::uint64_t GameSplitter::name_hash() const {
    return (name_len_ & 7) != 0 ? mix_name_word(name_hash_, name_word_) : name_hash_;
}

bool GameSplitter::pending_decision() const {
    switch (mode_) {
    case Mode::LineStart:
    case Mode::BomByte2:
    case Mode::BomByte3:
    case Mode::One:
    case Mode::OneDot:
    case Mode::TagOpen:
    case Mode::TagName: return true;
    default: return false;
    }
}

// ------------------------------------------------------------------ buffering

void GameSplitter::drop(std::size_t from, std::size_t to) {
    if (to <= from) return;
    if (view_) to_owned();
    std::size_t d = to - from;
    std::memmove(buf_ + from, buf_ + to, end_ - to);
    auto fix = [&](std::size_t& i) {
        if (i >= to)
            i -= d;
        else if (i > from)
            i = from;
    };
    fix(pos_);
    fix(line_start_);
    fix(line_floor_);
    fix(content_end_);
    fix(token_start_);
    fix(semicolon_);
    fix(semicolon_floor_);
    fix(tag_open_);
    for (Elision& c : cuts_) fix(c.pos);
    end_ -= d;
    base_ += d;
    line_floor_ = std::max(line_floor_, std::min(from, pos_));
}

void GameSplitter::elide(std::size_t from, std::size_t to) {
    // A cut splits no UTF-8 sequence (valid UTF-8 stays valid, and is not read as Latin-1):
    // it begins after continuation bytes and ends before a sequence it does not hold whole.
    // (At most 3 bytes either way: Latin-1 text may hold any number of such bytes.)
    for (int k = 0; k < 3 && from < to && (static_cast<unsigned char>(buf_[from]) & 0xC0) == 0x80;
         ++k)
        ++from;
    to = utf8_cut(buf_, from, to);
    // A cut never ends with a CR: an LF after it would make the pair one line break.
    if (to > from && buf_[to - 1] == '\r') --to;
    if (to <= from) return;
    // Marks are only made on whole lines before the scan position, and cuts come after those
    // lines; a mark at or after a cut would no longer fit the text: it is dropped.
    if (game_ != Game::None) {
        while (!marks_.empty() && game_start_ + marks_.back().eol >= from) marks_.pop_back();
        if (!marks_.empty()) marks_.back().next_line = false;
    }
    // Earlier cuts just before `from` or inside [from, to] (blanks cut from a line that
    // turned out to be this game's text) become part of this one.
    auto first = std::lower_bound(cuts_.begin(), cuts_.end(), from,
                                  [](const Elision& c, std::size_t p) { return c.pos < p; });
    Elision cut{from, to - from, 0, 0};
    char prev = from > 0 ? buf_[from - 1] : 0;
    std::size_t seg = from;
    // The tail (Elision::tail) so far, over the bytes in the buffer [a, b) next.
    auto tail_over = [&](std::size_t a, std::size_t b) {
        std::size_t k = b;
        while (k > a && buf_[k - 1] != '\n' && buf_[k - 1] != '\r') --k;
        cut.tail = k > a ? b - k : cut.tail + (b - a);
    };
    auto last = first;
    for (; last != cuts_.end() && last->pos <= to; ++last) {
        cut.lines += detail::count_line_breaks(buf_ + seg, buf_ + last->pos, prev);
        tail_over(seg, last->pos);
        cut.lines += last->lines;
        cut.bytes += last->bytes;
        // (A line break may end inside a cut that holds none: the LF of a CR before it.)
        cut.tail = last->tail != last->bytes ? last->tail : cut.tail + last->bytes;
        seg = last->pos;
        prev = 0; // the byte before is the cut's last, not a CR
    }
    cut.lines += detail::count_line_breaks(buf_ + seg, buf_ + to, prev);
    tail_over(seg, to);
    cuts_.insert(cuts_.erase(first, last), cut);
    drop(from, to);
}

bool GameSplitter::tag_line_decided() const {
    switch (mode_) {
    case Mode::TagOpen:
    case Mode::TagName: return !first_tag_on_line_; // a second tag on a line of this game
    case Mode::TagAfterName:
    case Mode::TagValue:
    case Mode::TagEscape:
    case Mode::TagAfterValue:
    case Mode::TagRest:
    case Mode::TagJunk: return true;
    default: return false;
    }
}

void GameSplitter::elide_undecided_blanks() {
    // The current line before anything decides whose it is (it may go on in this game,
    // begin the next one or stay blank): blanks so far (and BOMs), or blanks, `[` and
    // blanks. The blanks before the scan position past the line's first token_keep_limit
    // bytes are cut; the cut goes with the line.
    if (mode_ != Mode::LineStart && (mode_ != Mode::TagOpen || !first_tag_on_line_)) return;
    const std::size_t from = line_start_ + limits_.token_keep_limit;
    std::size_t r = pos_;
    while (r > from && is_blank(buf_[r - 1])) --r;
    elide(r, pos_);
}

void GameSplitter::compact() {
    const std::size_t tok = limits_.token_keep_limit;
    // Only bytes known to be the game's are elided: an undecided line (see
    // elide_undecided_blanks) may begin the next game, and the line breaks and blank lines
    // after a game's last line of text belong to no game if the input ends or a new game
    // begins there.
    if (game_ != Game::None && !truncated_) {
        if (in_comment_) {
            // The comment's text past its first `tok` bytes: up to the scan position if the
            // current line goes on in the comment, else to the end of its last line (a tag
            // section after a blank line closes an open comment and begins the next game).
            std::size_t owned = mode_ == Mode::Comment ? pos_ : content_end_;
            if (owned > token_start_ + tok) elide(token_start_ + tok, owned);
        } else if (tag_line_decided()) {
            // A tag line of this game: its first `tok` bytes from the `[` are kept.
            std::size_t from = detail::skip_blanks(buf_, line_start_, pos_) + tok;
            if (pos_ > from) elide(from, pos_);
        }
        // Blank lines after the game's last line of text: its own if more text follows.
        if (line_start_ > content_end_ + tok) elide(content_end_ + tok, line_start_);
        if (pos_ - game_start_ > limits_.span_keep_limit) {
            truncated_ = true;
            // The kept text ends between two characters, as a cut does (elide()).
            trunc_end_ = utf8_cut(buf_, game_start_, game_start_ + limits_.span_keep_limit);
        }
    }
    if (game_ != Game::None && truncated_ && pos_ > trunc_end_) {
        // The rest of the game is dropped, up to the current line if that is undecided.
        std::size_t upto = pending_decision() ? std::max(line_start_, trunc_end_) : pos_;
        std::erase_if(cuts_, [&](const Elision& c) { return c.pos > trunc_end_ && c.pos <= upto; });
        drop(trunc_end_, upto);
    }
    elide_undecided_blanks();
    if (game_ == Game::None && pending_ && pos_ - pending_start_ > tok) pending_ = false;

    std::size_t keep = pos_;
    if (game_ != Game::None)
        keep = game_start_;
    else if (pending_)
        keep = pending_start_;
    keep = std::min(keep, line_start_);
    if (keep == 0) return;
    // Cuts before what is kept were on blank lines between games.
    std::erase_if(cuts_, [&](const Elision& c) { return c.pos <= keep; });
    for (Elision& c : cuts_) c.pos -= keep;
    if (view_)
        buf_ += keep; // the next view continues at buf_ + end_
    else
        std::memmove(buf_, buf_ + keep, end_ - keep);
    auto shift = [&](std::size_t& i) { i = i >= keep ? i - keep : 0; };
    shift(pos_);
    shift(end_);
    shift(line_start_);
    shift(line_floor_);
    shift(game_start_);
    shift(content_end_);
    shift(token_start_);
    shift(trunc_end_);
    shift(pending_start_);
    shift(semicolon_);
    shift(semicolon_floor_);
    shift(tag_open_);
    base_ += keep;
}

void GameSplitter::grow() {
    std::size_t want = end_ + chunk_;
    if (want <= cap_) return;
    std::size_t ncap = std::max(cap_ * 2, want);
    std::unique_ptr<char[]> nb(new char[ncap]);
    if (end_ != 0) std::memcpy(nb.get(), buf_, end_);
    owned_ = std::move(nb);
    buf_ = owned_.get();
    cap_ = ncap;
}

void GameSplitter::to_owned() {
    view_ = false;
    cap_ = 0;
    grow(); // a buffer of its own, with the views' bytes
}

bool GameSplitter::fill() {
    if (eof_) return false;
    // (every change to buf_'s bytes happens below: compact(), grow(), a read or a new view)
    if (reuse_) reuse_(reuse_context_);
    compact();
    try {
        if (view_) {
            const std::string_view v = src_.view(read_size);
            if (end_ == 0) buf_ = const_cast<char*>(v.data());
            if (!v.empty() && v.data() == buf_ + end_) {
                end_ += v.size();
                return true;
            }
            // The views are over (or, against their contract, not contiguous): read() goes
            // on after the last one.
            to_owned();
            if (!v.empty()) {
                grow();
                std::memcpy(buf_ + end_, v.data(), v.size());
                end_ += v.size();
                return true;
            }
        }
        grow();
        std::size_t n = src_.read(buf_ + end_, std::min(cap_ - end_, chunk_));
        if (n == 0) {
            eof_ = true;
            return false;
        }
        end_ += n;
        return true;
    } catch (const IoError& e) {
        // Finish the games read so far; report the error after them (thrown again as it was:
        // its type says what failed).
        error_ = e.what();
        failure_ = std::current_exception();
        eof_ = true;
        return false;
    }
}

// ------------------------------------------------------------------ game state

void GameSplitter::begin_game(Game kind) {
    game_ = kind;
    has_tags_ = kind == Game::Tags;
    terminated_ = false;
    depth_ = 0;
    in_comment_ = false;
    if (pending_) {
        game_start_ = pending_start_;
        game_line_ = pending_line_;
        game_offset_ = pending_offset_;
        game_lead_ = pending_lead_;
        pending_ = false;
    } else {
        game_start_ = line_start_;
        game_line_ = line_;
        game_offset_ = line_start_offset_;
        game_lead_ = lead();
    }
    content_end_ = line_start_; // `%` lines before it are the game's text too
    content_end_abs_ = line_start_offset_;
    truncated_ = false;
    trunc_end_ = 0;
    // Cuts on the game's first line are its own; those before it (a cut at game_start_
    // removed bytes before it) were on blank lines.
    if (!cuts_.empty())
        std::erase_if(cuts_, [&](const Elision& c) { return c.pos <= game_start_; });
    name_count_ = 0;
    name_bits_ = 0;
    marks_.clear();
    text_line_ = false;
    number_line_ = false;
}

void GameSplitter::finish_game() {
    ready_ = true;
    ready_begin_ = game_start_;
    ready_end_ = std::max(content_end_, game_start_);
    if (truncated_) ready_end_ = std::min(ready_end_, trunc_end_);
    ready_line_ = game_line_;
    ready_offset_ = game_offset_;
    ready_lead_ = game_lead_;
    ready_length_ = content_end_abs_ - game_offset_;
    ready_truncated_ = truncated_;
    ready_before_error_ = ready_cut_mid_line_ = false;
    // The cuts up to the game's last line of text are its own (those past a truncation are
    // dropped with the rest); later ones are on lines after it.
    ready_elisions_.clear();
    std::size_t n = 0;
    for (; n < cuts_.size() && cuts_[n].pos <= std::max(content_end_, game_start_); ++n) {
        const Elision& c = cuts_[n];
        if (c.pos <= ready_end_)
            ready_elisions_.push_back({c.pos - game_start_, c.bytes, c.lines, c.tail});
    }
    if (n != 0) cuts_.erase(cuts_.begin(), cuts_.begin() + static_cast<std::ptrdiff_t>(n));
    // The marks of a truncated game may lie past its kept text: none are handed over.
    ready_marks_.swap(marks_);
    if (truncated_) ready_marks_.clear();
    marks_.clear();
    game_ = Game::None;
}

void GameSplitter::emit(GameSpan& span) {
    ready_ = false;
    span.text = std::string_view(buf_ + ready_begin_, ready_end_ - ready_begin_);
    span.file = src_.name();
    span.transcoded_from = src_.transcoded_from();
    span.first_line = ready_line_;
    span.first_column = ready_lead_ + 1;
    span.offset = ready_offset_;
    span.index = index_++;
    span.length = std::max<std::uint64_t>(ready_length_, span.text.size());
    span.truncated = ready_truncated_;
    span.before_input_error = ready_before_error_;
    span.cut_mid_line = ready_cut_mid_line_;
    span.elisions = ready_elisions_;
    span.tags = ready_marks_;
}

// ------------------------------------------------------------------ lines

namespace {
/// Whether the line [floor, eol) cannot end with a termination marker, from its last bytes
/// (quick rejects: every termination marker ends with one of 0 1 2 5 * ½ and has no file
/// letter, and most lines end with a move: `Nf3`, `exd5+`, `O-O`; line_ends_with_result
/// decides the rest).
inline bool surely_no_result(const char* b, std::size_t floor, std::size_t eol) {
    using detail::has_class;
    if (eol == floor || has_class(b[eol - 1], detail::cls_trail)) return false;
    if (!has_class(b[eol - 1], detail::cls_result_end)) return true;
    return eol - 1 > floor && b[eol - 2] >= 'a' && b[eol - 2] <= 'h';
}
} // namespace

bool ends_with_termination_marker(const char* b, std::size_t floor, std::size_t eol) {
    using detail::has_class;
    std::size_t e = eol;
    while (e > floor && has_class(b[e - 1], detail::cls_trail)) --e;
    if (surely_no_result(b, floor, e)) return false;
    std::size_t s = e;
    while (s > floor && e - s < 8 && !has_class(b[s - 1], detail::cls_result_stop)) --s;
    if (s > floor && e - s >= 8) return false;
    return is_result_token(std::string_view(b + s, e - s));
}

bool GameSplitter::line_ends_with_result(std::size_t eol, std::size_t floor) const {
    return ends_with_termination_marker(buf_, floor, eol);
}

namespace {
/// Whether the `"` at k is escaped: an odd run of backslashes before it (down to floor).
inline bool escaped_quote(const char* b, std::size_t floor, std::size_t k) {
    std::size_t j = k;
    while (j > floor && b[j - 1] == '\\') --j;
    return ((k - j) & 1) != 0;
}
} // namespace

bool GameSplitter::split_glued(std::size_t eol) {
    // `1-0[Event "b"]`: the next game's first tag line glued to this game's last line, as
    // `cat a.pgn b.pgn` joins a file that lacks its final line break (`copy /b` leaves a
    // Ctrl-Z between them, `cat` a byte-order mark when b.pgn begins with one). The split
    // needs the marker outside comments and variations: the line's state at its end (in a
    // comment, a variation, after a `;`) must be the one that the scan, from there, reached
    // by reading the tag's value as movetext, a comment it leaves open begun there. (A
    // value may reach that state from elsewhere too, `x}` from inside a comment, `x)` from
    // inside a variation: a termination marker right before a tag is then taken for a
    // glued game's.)
    const char* b = buf_;
    const std::size_t floor = line_floor_;
    if (truncated_ || (!cuts_.empty() && cuts_.back().pos >= std::min(line_start_, floor)))
        return false;
    std::size_t e = eol;
    while (e > floor && is_blank(b[e - 1])) --e;
    if (e - floor < 6 || b[e - 1] != ']') return false;
    std::size_t k = e - 1;
    while (k > floor && is_blank(b[k - 1])) --k;
    if (k == floor || b[k - 1] != '"' || escaped_quote(b, floor, k - 1)) return false;
    const std::size_t value_end = --k; // the closing quote
    for (;; --k) {
        if (k == floor) return false;
        if (b[k - 1] == '"' && !escaped_quote(b, floor, k - 1)) break;
    }
    const std::size_t value_begin = k;
    --k; // the opening quote
    while (k > floor && is_blank(b[k - 1])) --k;
    const std::size_t name_end = k;
    while (k > floor && is_tag_name_char(b[k - 1])) --k;
    if (k == name_end || name_end - k > max_tag_name || k == floor || b[k - 1] != '[') return false;
    const std::size_t q = k - 1; // the `[`
    // The value as the scan reads movetext (scan_movetext_with): a `}` closes a comment or
    // is stray, `(`, `)` and `;` count outside comments, a `)` at depth 0 is stray.
    bool comment = false;
    std::size_t comment_start = 0; // of the comment's body
    std::uint64_t depth = 0;
    std::size_t semicolon = value_end;
    for (std::size_t i = value_begin; i < value_end; ++i) {
        const char c = b[i];
        if (comment) {
            comment = c != '}';
        } else if (c == '{') {
            comment = true;
            comment_start = i + 1;
        } else if (c == '(') {
            ++depth;
        } else if (c == ')') {
            depth -= depth != 0;
        } else if (c == ';') {
            semicolon = i;
            break;
        }
    }
    const bool line_comment = semicolon != value_end;
    if (comment != in_comment_ || (comment && comment_start != token_start_) || depth != depth_ ||
        line_comment != (mode_ == Mode::LineComment) || (line_comment && semicolon != semicolon_))
        return false;
    std::size_t r = q; // after the marker: blanks, Ctrl-Z and byte-order marks before the `[`
    for (;;) {
        if (r > floor && (is_blank(b[r - 1]) || b[r - 1] == '\x1A'))
            --r;
        else if (r - floor >= 3 && b[r - 3] == '\xEF' && b[r - 2] == '\xBB' && b[r - 1] == '\xBF')
            r -= 3;
        else
            break;
    }
    if (!line_ends_with_result(r, floor)) return false;
    // This game ends at the marker; the next begins at the `[`, on this line (the columns
    // before it counted as skipped ones), which next() then reads as a line start.
    content_end_ = r;
    content_end_abs_ = abs_offset(r);
    terminated_ = true;
    depth_ = 0;
    in_comment_ = false;
    const std::uint64_t lead_before = lead();
    lead_line_ = line_;
    lead_ = lead_before + (abs_offset(q) - line_start_offset_);
    pos_ = line_start_ = line_floor_ = q;
    line_start_offset_ = abs_offset(q);
    blank_before_ = false;
    line_content_ = false;
    first_tag_on_line_ = true;
    cr_pending_ = false;
    mode_ = Mode::LineStart;
    return true;
}

std::size_t GameSplitter::before_dos_eof(std::size_t eol, std::size_t floor) const {
    std::size_t k = eol;
    bool dos_eof = false;
    while (k > floor && (buf_[k - 1] == '\x1A' || is_blank(buf_[k - 1])))
        dos_eof |= buf_[--k] == '\x1A';
    return dos_eof && k > floor ? k : eol;
}

void GameSplitter::drop_dos_eof() {
    // content_end_ ends the game's last line of text; only blank lines (and Ctrl-Z skipped at
    // line starts) come after it. Not when an elision lies in what would be dropped (a run
    // of blanks longer than the keep limit: its offsets are not the buffer's).
    if (game_ != Game::Movetext || in_comment_) return;
    const std::size_t k = before_dos_eof(content_end_, game_start_);
    if (k == content_end_ || buf_[k - 1] == '\n' || buf_[k - 1] == '\r' ||
        (!cuts_.empty() && cuts_.back().pos >= k))
        return;
    content_end_abs_ -= content_end_ - k;
    content_end_ = k;
}

void GameSplitter::end_line(std::size_t eol) {
    if (escape_line_) {
        if (game_ != Game::None) {
            content_end_ = eol;
            content_end_abs_ = abs_offset(eol);
        }
        escape_line_ = false;
    } else if (line_content_) {
        if (game_ != Game::None) {
            content_end_ = eol;
            content_end_abs_ = abs_offset(eol);
        }
        if (game_ == Game::Movetext) {
            if (in_comment_ || depth_ != 0) {
                terminated_ = false;
            } else if (mode_ == Mode::Movetext || mode_ == Mode::One || mode_ == Mode::OneDot ||
                       mode_ == Mode::TagRest) {
                terminated_ = line_ends_with_result(eol, line_floor_);
            } else if (mode_ == Mode::LineComment) {
                // Text cut from the comment (an elision, a truncation) lies after the `;`: the
                // line's text before it is whole down to where it was when the `;` came.
                terminated_ = line_ends_with_result(semicolon_, semicolon_floor_);
            }
        }
        blank_before_ = false;
    } else {
        blank_before_ = true;
    }
    line_content_ = false;
    first_tag_on_line_ = true;
    mode_ = Mode::LineStart;
}

void GameSplitter::handle_newline(char c) {
    if (c == '\n' && cr_pending_) { // second byte of CR LF
        cr_pending_ = false;
        ++pos_;
        line_start_ = line_floor_ = pos_;
        line_start_offset_ = abs_offset(pos_);
        return;
    }
    if (glued_candidate() && split_glued(pos_))
        return; // next() reads on at the `[`, this line break comes again after it
    if (mode_ == Mode::TagRest && game_ == Game::Tags) mark_tag_line(pos_);
    end_line(pos_);
    cr_pending_ = c == '\r';
    ++pos_;
    ++line_;
    line_start_ = line_floor_ = pos_;
    line_start_offset_ = abs_offset(pos_);
}

void GameSplitter::content_line(char c) {
    line_content_ = true;
    if (in_comment_) {
        mode_ = Mode::Comment;
        return;
    }
    switch (game_) {
    case Game::None: begin_game(Game::Movetext); break;
    case Game::Tags: game_ = Game::Movetext; break;
    case Game::Movetext:
        if (terminated_ && depth_ == 0) {
            finish_game();
            begin_game(Game::Movetext);
        } else if (maybe_numbered_game(c)) {
            mode_ = Mode::One; // maybe the `1.` of a new movetext-only game
            ++pos_;
            return;
        }
        break;
    }
    note_movetext_line(c);
    mode_ = Mode::Movetext;
}

bool GameSplitter::tag_line_starts_game(bool valid, std::uint64_t h) const {
    if (terminated_ && depth_ == 0 && !in_comment_) return true;
    if (!in_comment_ && depth_ == 0) return !has_tags_ || (valid && name_seen(h));
    return blank_before_ && valid && (!has_tags_ || name_seen(h));
}

void GameSplitter::decide_tag_line() {
    bool valid = name_len_ > 0 && name_len_ <= max_tag_name;
    std::uint64_t h = name_hash();
    bool first = first_tag_on_line_;
    first_tag_on_line_ = false;
    mode_ = Mode::TagAfterName;
    if (!first) {
        if (valid) add_name(h);
        return;
    }
    switch (game_) {
    case Game::None: begin_game(Game::Tags); break;
    case Game::Tags:
        if (blank_before_ && valid && name_seen(h)) {
            finish_game();
            begin_game(Game::Tags);
        }
        break;
    case Game::Movetext: {
        if (!tag_line_starts_game(valid, h)) {
            // A stray tag in movetext or text in a comment: the reader reports it.
            mode_ = in_comment_ ? Mode::Comment : Mode::Movetext;
            return;
        }
        finish_game();
        begin_game(Game::Tags);
        break;
    }
    }
    if (valid) add_name(h);
}

// ------------------------------------------------------------------ fast paths
//
// The hot modes run in tight loops over local copies of the state; they stop where the
// byte machine in next() has something to decide (a line end, a `;`, the end of the
// buffer) and leave exactly the state it would have reached byte by byte.

namespace {
// The scan sees movetext 64 bytes at a time (simd::MovetextBlock). The comment state is not
// followed brace by brace: it is found from the last brace before a byte where it matters
// (resolve_braces).
using simd::MovetextBlock;
using simd::none;

/// movetext_block() with SSE2 (or, without it, byte by byte).
inline MovetextBlock movetext_block(const char* p) {
#ifdef __SSE2__
    return simd::sse2::movetext_block(p);
#else
    MovetextBlock m;
    for (int k = 0; k < 64; ++k) {
        const char c = p[k];
        if (c == '\n' || c == '\r' || c == '(' || c == ')' || c == ';')
            m.other |= std::uint64_t{1} << k;
        if (c == '{' || c == '}') m.braces = true;
    }
    return m;
#endif
}

struct BaselineBlocks {
    static MovetextBlock block(const char* p) { return movetext_block(p); }
};

#ifdef PGNKIT_SIMD_AVX2
struct Avx2Blocks {
    [[gnu::target("avx2")]] static MovetextBlock block(const char* p) {
        return simd::avx2::movetext_block(p);
    }
};
#endif

/// Index of the last byte in [lo, hi) equal to one of Cs, or `none`.
template <char... Cs>
std::size_t find_last(const char* b, std::size_t lo, std::size_t hi) {
#ifdef __SSE2__
    return simd::sse2::find_last<Cs...>(b, lo, hi);
#else
    while (hi > lo) {
        const char c = b[--hi];
        if (((c == Cs) || ...)) return hi;
    }
    return none;
#endif
}

/// The comment state after [lo, hi), a stretch without a line break and, outside comments,
/// without `;`: a `}` always leaves the scan outside a comment (it closed one or was stray)
/// and a `{` inside one (it opened one or was comment text), so the last brace decides; the
/// comment it leaves open began at the first `{` after the last `}` before it.
void resolve_braces(const char* b, std::size_t lo, std::size_t hi, bool& comment,
                    std::size_t& token_start) {
    const std::size_t k = find_last<'{', '}'>(b, lo, hi);
    if (k == none) return;
    if (b[k] == '}') {
        comment = false;
        return;
    }
    const std::size_t c = find_last<'}'>(b, lo, k);
    if (c != none)
        token_start = find_any<'{'>(b, c + 1, k + 1) + 1;
    else if (!comment)
        token_start = find_any<'{'>(b, lo, k + 1) + 1;
    comment = true;
}

/// The bytes that next() decides at a line start, not content_line: line ends, `[`, `%`, the
/// first byte of a BOM, a DOS end-of-file byte and blanks.
inline bool is_movetext_line_stop(char c) {
    return c == '\n' || c == '\r' || c == '[' || c == '%' || c == '\xEF' || c == '\x1A' ||
           is_blank(c);
}
} // namespace

void GameSplitter::scan_movetext() {
#ifdef PGNKIT_SIMD_AVX2
    if (simd::level() == simd::Level::Avx2) return scan_movetext_avx2();
#endif
    scan_movetext_with<BaselineBlocks>();
}

#ifdef PGNKIT_SIMD_AVX2
// Flattened: the AVX2 block code can be inlined only into a function compiled for AVX2.
[[gnu::target("avx2"), gnu::flatten]] void GameSplitter::scan_movetext_avx2() {
    scan_movetext_with<Avx2Blocks>();
}
#endif

template <class Blocks>
void GameSplitter::scan_movetext_with() {
    const char* b = buf_;
    const std::size_t e = end_;
    std::size_t p = pos_;
    std::uint64_t depth = depth_;
    bool comment = mode_ == Mode::Comment;
    std::size_t token_start = token_start_;
    // The current 64-byte block (from `base`; a zero-padded copy for the buffer's last bytes)
    // and its `other` bits from p on. It outlives a line end: wrapped movetext goes on in
    // the same block. The comment state is exact at `known`; `pending`: braces may follow.
    std::size_t base = 0;
    bool have = false;
    MovetextBlock blk;
    std::size_t known = p;
    bool pending = false;
    for (;;) {
        bool stop = false; // at a line end or `;` (p)
        while (!stop) {
            if (!have || p >= base + 64) {
                if (p >= e) break;
                base = p;
                // Bytes not in the cache (views of text in memory, a buffer grown for a long
                // game) come from memory here first: the hardware prefetcher stops at pages.
                __builtin_prefetch(b + p + 2048);
                if (e - p >= 64) {
                    blk = Blocks::block(b + p);
                } else {
                    alignas(16) char tail[64] = {};
                    std::memcpy(tail, b + p, e - p);
                    blk = Blocks::block(tail);
                    blk.other &= (std::uint64_t{1} << (e - p)) - 1;
                }
                pending = pending || blk.braces;
                have = true;
            } else {
                blk.other &= ~std::uint64_t{0} << (p - base);
            }
            while (blk.other != 0) {
                const std::size_t at = base + static_cast<std::size_t>(__builtin_ctzll(blk.other));
                blk.other &= blk.other - 1;
                const char c = b[at];
                if (c != '\n' && c != '\r' && c != '(' && c != ')' && c != ';') continue;
                if (pending) resolve_braces(b, known, at, comment, token_start);
                known = at;
                pending = blk.braces; // the block's braces may lie after `at`
                if (c == '\n' || c == '\r' || (c == ';' && !comment)) {
                    p = at;
                    stop = true;
                    break;
                }
                if (comment) continue;
                if (c == '(') {
                    ++depth;
                } else if (c == ')') {
                    if (depth > 0) --depth;
                }
            }
            if (stop) break;
            have = false;
            p = std::min(base + 64, e);
        }
        if (!stop && pending) {
            resolve_braces(b, known, p, comment, token_start);
            known = p;
            pending = false;
        }
        token_start_ = token_start;
        depth_ = depth;
        in_comment_ = comment;
        mode_ = comment ? Mode::Comment : Mode::Movetext;
        pos_ = p;
        if (p == e) return;
        if (b[p] == ';') {
            semicolon_ = p;
            semicolon_floor_ = line_floor_;
            mode_ = Mode::LineComment;
            ++pos_;
            return;
        }
        if (cr_pending_ || escape_line_ || !line_content_) {
            if (!next_line(b)) return;
        } else {
            // next_line for the line break of a movetext line, inline: end_line (a line with
            // content, in Movetext or Comment mode), handle_newline and the LF of a CR LF.
            if (game_ != Game::None) {
                content_end_ = p;
                content_end_abs_ = abs_offset(p);
            }
            if (game_ == Game::Movetext) {
                terminated_ = !comment && depth == 0 && !surely_no_result(b, line_floor_, p) &&
                              line_ends_with_result(p, line_floor_);
                // A line ending in `]` may be a game's end and the next game's first tag.
                if (!terminated_ && p > line_floor_ && (b[p - 1] == ']' || is_blank(b[p - 1])) &&
                    split_glued(p))
                    return;
            }
            blank_before_ = false;
            first_tag_on_line_ = true;
            ++line_;
            std::size_t q = p + 1;
            bool cr = b[p] == '\r';
            if (cr && q < e && b[q] == '\n') {
                cr = false;
                ++q;
            }
            pos_ = line_start_ = line_floor_ = q;
            line_start_offset_ = abs_offset(q);
            const char c = q < e ? b[q] : '\n';
            if (game_ == Game::Movetext && !is_movetext_line_stop(c) &&
                (comment || (!(terminated_ && depth == 0) && !maybe_numbered_game(c)))) {
                // The line goes on in this game's movetext or comment: what content_line
                // does then, without leaving the scan.
                cr_pending_ = false;
                if (!comment) note_movetext_line(c);
                p = q;
                continue;
            }
            line_content_ = false;
            mode_ = Mode::LineStart;
            cr_pending_ = cr;
            if (q == e || c == '\n' || c == '\r') return;
            cr_pending_ = false;
        }
        // The next line goes on in movetext or a comment (the usual wrapped movetext):
        // what next() does at a line start, for a byte that is not special there.
        char c = b[pos_];
        if (is_movetext_line_stop(c)) return; // (not a line end: see above)
        content_line(c);
        if (ready_ || (mode_ != Mode::Movetext && mode_ != Mode::Comment)) return;
        p = pos_;
        comment = mode_ == Mode::Comment;
    }
}

bool GameSplitter::next_line(const char* b) {
    // At a line break in a mode where next() would only call handle_newline: take it and
    // the LF of a CR LF; true if a byte of the next line is in the buffer.
    handle_newline(b[pos_]);
    if (pos_ < end_ && b[pos_] == '\n' && cr_pending_) handle_newline('\n');
    if (pos_ == end_ || b[pos_] == '\n' || b[pos_] == '\r') return false;
    cr_pending_ = false;
    return true;
}

void GameSplitter::scan_tag_name() {
    const char* b = buf_;
    std::size_t p = pos_;
    const std::size_t e = std::min(end_, p + (max_tag_name + 1 - name_len_));
    std::uint64_t h = name_hash_;
    std::uint64_t w = name_word_;
    std::size_t len = name_len_;
    while (p < e && detail::has_class(b[p], detail::cls_tag_name)) {
        w |= std::uint64_t{static_cast<unsigned char>(b[p])} << (8 * (len & 7));
        if ((++len & 7) == 0) {
            h = mix_name_word(h, w);
            w = 0;
        }
        ++p;
    }
    name_len_ = len;
    name_hash_ = h;
    name_word_ = w;
    pos_ = p;
}

namespace {
/// detail::scan_plain_tag, with the name's length first from a cheaper test of letters only:
/// most tag names are letters, and a name of letters ends at the blank or quote after it.
inline bool scan_plain_tag_line(const char* p, std::size_t i, std::size_t n, detail::PlainTag& t) {
#ifdef __SSE2__
    if (i > n || n - i < 32) return false;
    std::size_t len = simd::sse2::leading_letters(p + i);
    if (len == 16) return false;
    if (p[i + len] != ' ' && p[i + len] != '"')
        len = static_cast<std::size_t>(__builtin_ctz(~simd::sse2::tag_name_mask(p + i)));
    if (len == 0 || len == 16) return false;
    return detail::scan_plain_tag_after_name(p, i, len, n, t);
#else
    return detail::scan_plain_tag(p, i, n, t);
#endif
}

/// The most usual tag line from after its `[`: a name of letters, one space, the quoted value
/// (no backslash or line break in it), `]` and the line break right after it, at `r`. What
/// scan_plain_tag_line and the blanks after the `]` give such a line, in fewer steps: the value's
/// first 32 bytes in two loads. Needs 64 bytes from i; false for anything else (read then by
/// scan_plain_tag_line).
inline bool usual_tag_line(const char* p, std::size_t i, std::size_t n, detail::PlainTag& t,
                           std::size_t& r) {
#ifdef __SSE2__
    if (i > n || n - i < 64) return false;
    const std::size_t len = simd::sse2::leading_letters(p + i);
    if (len == 0 || len >= 16 || p[i + len] != ' ' || p[i + len + 1] != '"') return false;
    const std::size_t vb = i + len + 2;
    // The bytes the value's scan stops at: `"`, backslash and every byte up to CR (LF and CR
    // among them; a tab or another control byte leaves the line to scan_plain_tag_line).
    const std::uint32_t m =
        simd::sse2::tag_value_stops(p + vb) | simd::sse2::tag_value_stops(p + vb + 16) << 16;
    const std::size_t k = m != 0 ? vb + static_cast<std::size_t>(__builtin_ctz(m))
                                 : find_any<'"', '\\', '\n', '\r'>(p, vb + 32, n);
    if (n - k < 3 || p[k] != '"' || p[k + 1] != ']' || (p[k + 2] != '\n' && p[k + 2] != '\r'))
        return false;
    detail::name_words(p + i, len, t.name_lo, t.name_hi);
    t.name_end = i + len;
    t.value_begin = vb;
    t.value_end = k;
    t.close = k + 1;
    r = k + 2;
    return true;
#else
    (void)p, (void)i, (void)n, (void)t, (void)r;
    return false;
#endif
}
} // namespace

bool GameSplitter::plain_tag_lines() {
    // The usual lines of a tag section, `[Name "value"]` and its line break, in one go with
    // the state in locals: what the general path does with each (decide_tag_line, which for
    // a line after the first only adds the name unless it follows a blank line; end_line;
    // handle_newline; open_tag_line at a `[` beginning the next line). Each line taken is
    // marked for the reader (TagMark).
    if (!first_tag_on_line_) return false;
    const char* b = buf_;
    const std::size_t e = end_;
    std::size_t q = pos_;    // after the `[` of the line being read
    std::size_t last = 0;    // the line break of the last line taken
    std::size_t ls = 0;      // the start of the line after it
    std::uint64_t lines = 0; // lines taken
    bool blank = blank_before_;
    bool marked = false; // the last line taken is marks_.back()
    // Lines are marked unless the game is truncated (or too long for 32-bit positions).
    std::size_t gs = game_start_;
    bool can_mark = !truncated_;
    for (;;) {
        detail::PlainTag t;
        std::size_t r; // the line break
        if (!usual_tag_line(b, q, e, t, r)) {
            if (!scan_plain_tag_line(b, q, e, t)) break;
            r = t.close + 1;
            if (r == e) break;
            if (b[r] != '\n' && b[r] != '\r') {
                while (r < e && is_blank(b[r])) ++r;
                if (r == e || (b[r] != '\n' && b[r] != '\r')) break;
            }
        }
        std::uint64_t h = mix_name_word(fnv_basis, t.name_lo);
        if (t.name_end - q > 8) h = mix_name_word(h, t.name_hi);
        if (game_ != Game::Tags) {
            // The first line of a tag section (lines == 0): decide_tag_line for a valid name.
            if (game_ == Game::Movetext) {
                // A stray tag: the general path reports it.
                if (!tag_line_starts_game(true, h)) return false;
                finish_game();
            }
            begin_game(Game::Tags);
            gs = game_start_;
            can_mark = !truncated_;
        } else if (blank && name_seen(h)) {
            break; // the next game
        }
        add_name(h);
        blank = false;
        if (marked)
            marks_.back().next_line = true;
        else if (can_mark && lines == 0)
            chain_mark(q - 1); // a line before it the general path marked (mark_tag_line)
        marked = can_mark && r - gs <= UINT32_MAX;
        if (marked) {
            const auto at = [gs](std::size_t k) { return static_cast<std::uint32_t>(k - gs); };
            marks_.push_back(
                {at(q - 1), at(t.name_end), at(t.value_begin), at(t.value_end), at(r), false});
        }
        last = r;
        ++lines;
        q = r + 1;
        if (b[r] == '\r' && q < e && b[q] == '\n') ++q;
        ls = q;
        if (q == e || b[q] != '[') break;
        ++q;
        // The lines after a marked line of the tag section, while they are the most usual.
        if (marked && game_ == Game::Tags && e - gs <= UINT32_MAX &&
            !usual_tag_lines(b, e, gs, q, last, ls, lines))
            break;
    }
    if (lines == 0) return false;
    // The line at ls begins with `[` (open_tag_line below); a lone CR ends the last line
    // taken and what follows it is not known yet (the end of the buffer) or another CR.
    const bool opened = ls < e && b[ls] == '[';
    const bool cr = b[last] == '\r' && ls == last + 1 && (ls == e || b[ls] == '\r');
    // end_line(last) for a tag line of a tag section, handle_newline for its line break
    content_end_ = last;
    content_end_abs_ = abs_offset(last);
    blank_before_ = false;
    first_tag_on_line_ = true;
    line_ += lines;
    cr_pending_ = cr;
    line_start_ = line_floor_ = ls;
    line_start_offset_ = abs_offset(ls);
    pos_ = ls;
    line_content_ = false;
    mode_ = Mode::LineStart;
    if (opened) open_tag_line();
    return true;
}

namespace {
/// The CR and LF bytes among the 64 at p, a bit each.
inline std::uint64_t line_breaks64(const char* p) {
#ifdef __SSE2__
    return simd::sse2::line_breaks64(p);
#else
    (void)p; // (usual_tag_line takes no line without SSE2 either)
    return 0;
#endif
}
} // namespace

bool GameSplitter::usual_tag_lines(const char* b, std::size_t e, std::size_t gs, std::size_t& q,
                                   std::size_t& last, std::size_t& ls, std::uint64_t& lines) {
    // What plain_tag_lines' loop does with a line of a tag section (game_ is Tags), no blank line
    // before it, after a marked line (so this one is marked too: the game is not truncated and
    // its positions fit in 32 bits), for lines usual_tag_line takes: a loop without calls or
    // stores through references (the marks go through a local buffer), so that its constants
    // and its state stay in registers.
    union MarkBuffer { // not zeroed: each mark is made by its assignment
        MarkBuffer() {}
        TagMark marks[32];
    } buf;
    std::size_t nb = 0;
    std::size_t p = q;     // after the `[` of the line being read
    std::size_t lr = last; // the line break of the last line taken
    std::size_t next = ls; // the start of the line after it
    bool more = true;
    const auto at = [gs](std::size_t k) { return static_cast<std::uint32_t>(k - gs); };
    while (nb < std::size(buf.marks)) {
        // The line's break, found apart from its parse: the next line's parse then waits for
        // this search only, not for this line's (a usual line holds no CR or LF before the
        // one after its `"]`, so the first one from p is that one). A line longer than 64
        // bytes is left to the caller.
        if (e - p < 64) break;
        const std::uint64_t lm = line_breaks64(b + p);
        if (lm == 0) break;
        const std::size_t brk = p + static_cast<std::size_t>(__builtin_ctzll(lm));
        detail::PlainTag t;
        std::size_t r;
        if (!usual_tag_line(b, p, e, t, r)) break;
        assert(brk == r);
        std::uint64_t h = mix_name_word(fnv_basis, t.name_lo);
        if (t.name_end - p > 8) h = mix_name_word(h, t.name_hi);
        add_name(h);
        buf.marks[nb++] = {at(p - 1),       at(t.name_end), at(t.value_begin),
                           at(t.value_end), at(brk),        true};
        lr = brk;
        p = brk + 1;
        if (b[brk] == '\r' && p < e && b[p] == '\n') ++p;
        next = p;
        if (p == e || b[p] != '[') {
            more = false;
            break;
        }
        ++p;
    }
    if (nb != 0) {
        marks_.back().next_line = true;
        buf.marks[nb - 1].next_line = false;
        marks_.insert(marks_.end(), buf.marks, buf.marks + nb);
    }
    q = p;
    last = lr;
    ls = next;
    lines += nb;
    return more;
}

namespace {
/// The usual tag line (TagMark) that begins with the `[` at b[open] and whose line break is at
/// b[eol], read byte by byte within [open, eol): what plain_tag_lines marks (scan_plain_tag_line
/// and the blanks after the `]`) for a line the general path read, wherever the buffer ends.
bool usual_line_between(const char* b, std::size_t open, std::size_t eol, detail::PlainTag& t) {
    std::size_t i = open + 1;
    while (i < eol && i - open <= 16 && detail::has_class(b[i], detail::cls_tag_name)) ++i;
    const std::size_t name = i - open - 1;
    if (name == 0 || name > 15) return false; // a name of 1 to 15 bytes
    t.name_end = i;
    while (i < eol && is_blank(b[i])) ++i;
    if (i == eol || b[i] != '"') return false;
    t.value_begin = ++i;
    while (i < eol && b[i] != '"' && b[i] != '\\') ++i;
    if (i == eol || b[i] != '"') return false;
    t.value_end = i++;
    while (i < eol && is_blank(b[i])) ++i;
    if (i == eol || b[i] != ']') return false;
    t.close = i++;
    while (i < eol && is_blank(b[i])) ++i;
    return i == eol;
}
} // namespace

void GameSplitter::mark_tag_line(std::size_t eol) {
    // Only on whole lines of the kept text (no cut in the line), as plain_tag_lines marks.
    if (truncated_ || tag_open_ < line_start_ || eol - game_start_ > UINT32_MAX ||
        (!cuts_.empty() && cuts_.back().pos >= line_start_))
        return;
    detail::PlainTag t;
    if (!usual_line_between(buf_, tag_open_, eol, t)) return;
    chain_mark(tag_open_);
    const auto at = [this](std::size_t k) { return static_cast<std::uint32_t>(k - game_start_); };
    marks_.push_back(
        {at(tag_open_), at(t.name_end), at(t.value_begin), at(t.value_end), at(eol), false});
}

void GameSplitter::chain_mark(std::size_t open) {
    if (marks_.empty()) return;
    TagMark& last = marks_.back();
    const std::size_t brk = game_start_ + last.eol;
    if (brk + 1 == open || (brk + 2 == open && buf_[brk] == '\r' && buf_[brk + 1] == '\n'))
        last.next_line = true;
}

/// What the scan does at a `[` that opens a tag line: the line has content, a tag name
/// starts after the bracket.
void GameSplitter::open_tag_line() {
    line_content_ = true;
    mode_ = Mode::TagOpen;
    tag_open_ = pos_;
    name_hash_ = fnv_basis;
    name_word_ = 0;
    name_len_ = 0;
    ++pos_;
}

void GameSplitter::scan_tag() {
    // After `[`: the usual `Name "value"]` lines in one go; anything else is left to next().
    const char* b = buf_;
    const std::size_t e = end_;
    for (;;) {
        // At a line not beginning with `[` after plain tag lines: back to next().
        // (With a game ready, its span is handed out first.)
        if (plain_tag_lines() && (ready_ || mode_ != Mode::TagOpen)) return;
        std::size_t p = pos_ = detail::skip_blanks(b, pos_, e);
        if (p == e || !is_tag_name_char(b[p])) return;
        mode_ = Mode::TagName;
        scan_tag_name();
        p = pos_;
        if (p == e || b[p] == '\n' || b[p] == '\r') return;
        decide_tag_line();
        if (ready_ || mode_ != Mode::TagAfterName || !scan_tag_rest()) return;
        // Another tag line: what next() does for `[` at a line start.
        if (b[pos_] != '[' || (in_comment_ && !blank_before_)) return;
        open_tag_line();
    }
}

bool GameSplitter::scan_tag_rest() {
    // TagAfterName: the usual ` "value"]` and the line break; true if a byte of the next
    // line is in the buffer. Anything else is left to next().
    const char* b = buf_;
    const std::size_t e = end_;
    std::size_t p = pos_ = detail::skip_blanks(b, pos_, e);
    if (p == e || b[p] != '"') return false;
    mode_ = Mode::TagValue;
    p = pos_ = find_any<'"', '\\', '\n', '\r'>(b, p + 1, e);
    if (p == e || b[p] != '"') return false;
    mode_ = Mode::TagAfterValue;
    p = pos_ = detail::skip_blanks(b, p + 1, e);
    if (p == e || b[p] != ']') return false;
    mode_ = Mode::TagRest;
    p = pos_ = detail::skip_blanks(b, p + 1, e);
    if (p == e || (b[p] != '\n' && b[p] != '\r')) return false;
    return next_line(b);
}

// ------------------------------------------------------------------ the scan

bool GameSplitter::next(GameSpan& span) {
    const char* b = nullptr;
    for (;;) {
        if (ready_) {
            emit(span);
            return true;
        }
        if (pos_ == end_ && !fill()) {
            if (!final_done_) {
                if (mode_ == Mode::TagOpen || mode_ == Mode::TagName) {
                    decide_tag_line();
                    if (ready_) continue;
                }
                if ((mode_ == Mode::BomByte2 || mode_ == Mode::BomByte3) && !in_comment_) {
                    line_content_ = true;
                    if (game_ == Game::None) begin_game(Game::Movetext);
                    mode_ = Mode::Movetext;
                }
                if (mode_ == Mode::One || mode_ == Mode::OneDot) mode_ = Mode::Movetext;
                // A tag line glued to the last line, the input's last bytes (no line break).
                if (glued_candidate() && error_.empty() &&
                    split_glued(before_dos_eof(end_, line_floor_)))
                    continue;
                end_line(mode_ == Mode::Movetext && line_content_
                             ? before_dos_eof(end_, line_floor_)
                             : end_);
                final_done_ = true;
                if (game_ != Game::None) {
                    if (error_.empty()) drop_dos_eof();
                    finish_game();
                    ready_before_error_ = !error_.empty();
                    ready_cut_mid_line_ = ready_before_error_ && end_ != 0 &&
                                          buf_[end_ - 1] != '\n' && buf_[end_ - 1] != '\r';
                }
                if (ready_) continue;
            }
            if (!error_.empty()) {
                std::string e = std::move(error_);
                error_.clear();
                if (std::exception_ptr f = std::exchange(failure_, nullptr))
                    std::rethrow_exception(f);
                throw IoError(e);
            }
            return false;
        }
        b = buf_;
        switch (mode_) {
        case Mode::Movetext:
        case Mode::Comment: scan_movetext(); continue;
        case Mode::TagAfterName: // the rest of the first tag line of a game
            if (scan_tag_rest() && b[pos_] == '[' && (!in_comment_ || blank_before_)) {
                open_tag_line();
                scan_tag();
                continue;
            }
            if (mode_ != Mode::TagAfterName || pos_ == end_) continue;
            break; // a byte the byte machine decides
        case Mode::TagValue: {
            std::size_t i = find_any<'"', '\\', '\n', '\r'>(b, pos_, end_);
            pos_ = i;
            if (i == end_) continue;
            if (b[i] == '"')
                mode_ = Mode::TagAfterValue, ++pos_;
            else if (b[i] == '\\')
                mode_ = Mode::TagEscape, ++pos_;
            else
                handle_newline(b[i]);
            continue;
        }
        case Mode::Escape:
        case Mode::LineComment:
        case Mode::TagJunk: {
            std::size_t i = find_any<'\n', '\r'>(b, pos_, end_);
            pos_ = i;
            if (i != end_) handle_newline(b[i]);
            continue;
        }
        default: break;
        }

        // Byte-at-a-time modes: line starts and tag lines.
        char c = b[pos_];
        if (c == '\n' || c == '\r') {
            if (mode_ == Mode::TagOpen || mode_ == Mode::TagName) {
                decide_tag_line();
                if (ready_) continue;
            }
            if (mode_ == Mode::BomByte2 || mode_ == Mode::BomByte3) {
                content_line('\xEF');
                if (ready_) continue;
            }
            // A line break leaves the scan at a line start: the run of them (blank lines
            // between games) in one go.
            do {
                handle_newline(c);
            } while (pos_ < end_ && ((c = b[pos_]) == '\n' || c == '\r'));
            continue;
        }
        cr_pending_ = false;
        switch (mode_) {
        case Mode::LineStart:
            if (is_blank(c)) {
                ++pos_;
            } else if (c == '\xEF') {
                mode_ = Mode::BomByte2;
                ++pos_;
            } else if (c == '\x1A') {
                // A DOS end-of-file byte (Ctrl-Z), which DOS tools write at the end of a file
                // and `copy /b` keeps between files: like a BOM, not part of the text (but
                // it takes a column, as do the blanks before it, the only bytes that may
                // stand before it here).
                skipped(pos_ - line_start_ + 1);
                line_start_ = line_floor_ = ++pos_;
                line_start_offset_ = abs_offset(pos_);
            } else if (c == '%' && pos_ == line_start_ && !in_comment_) {
                escape_line_ = true;
                if (game_ == Game::None && !pending_) {
                    pending_ = true;
                    pending_start_ = line_start_;
                    pending_line_ = line_;
                    pending_offset_ = line_start_offset_;
                    pending_lead_ = lead();
                }
                mode_ = Mode::Escape;
                ++pos_;
            } else if (c == '[' && (!in_comment_ || blank_before_)) {
                open_tag_line();
                scan_tag();
            } else {
                content_line(c);
            }
            break;
        case Mode::BomByte2:
            if (c == '\xBB')
                mode_ = Mode::BomByte3, ++pos_;
            else
                content_line('\xEF');
            break;
        case Mode::BomByte3:
            if (c == '\xBF') {
                ++pos_;
                mode_ = Mode::LineStart;
                if (line_start_ + 3 == pos_) { // a BOM is not part of the text
                    skipped(3, true);
                    line_start_ = line_floor_ = pos_;
                    line_start_offset_ = abs_offset(pos_);
                }
            } else {
                content_line('\xEF');
            }
            break;
        case Mode::One:
            if (c == '.')
                mode_ = Mode::OneDot, ++pos_;
            else
                mode_ = Mode::Movetext;
            text_line_ = number_line_ = true;
            break;
        case Mode::OneDot:
            if (c != '.' && !(c >= '0' && c <= '9')) {
                finish_game(); // a new movetext-only game
                begin_game(Game::Movetext);
            }
            text_line_ = number_line_ = true;
            mode_ = Mode::Movetext;
            break;
        case Mode::TagOpen:
            if (is_blank(c)) {
                ++pos_;
            } else if (is_tag_name_char(c)) {
                mode_ = Mode::TagName;
            } else {
                decide_tag_line();
            }
            break;
        case Mode::TagName:
            if (is_tag_name_char(c) && name_len_ <= max_tag_name)
                scan_tag_name();
            else
                decide_tag_line();
            break;
        case Mode::TagAfterName:
            if (is_blank(c))
                ++pos_;
            else if (c == '"')
                mode_ = Mode::TagValue, ++pos_;
            else if (c == ']')
                mode_ = Mode::TagRest, ++pos_;
            else
                mode_ = Mode::TagJunk;
            break;
        case Mode::TagEscape:
            mode_ = Mode::TagValue;
            ++pos_;
            break;
        case Mode::TagAfterValue:
            if (is_blank(c))
                ++pos_;
            else if (c == ']')
                mode_ = Mode::TagRest, ++pos_;
            else
                mode_ = Mode::TagJunk;
            break;
        case Mode::TagRest:
            if (is_blank(c)) {
                ++pos_;
            } else if (c == '[') {
                mode_ = Mode::TagOpen;
                name_hash_ = fnv_basis;
                name_word_ = 0;
                name_len_ = 0;
                ++pos_;
                scan_tag();
            } else { // movetext after the tags on the same line
                if (game_ == Game::Tags) game_ = Game::Movetext;
                mode_ = Mode::Movetext;
            }
            break;
        default: mode_ = Mode::Movetext; break;
        }
    }
}

} // namespace pgnkit
