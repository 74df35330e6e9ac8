// libFuzzer target: arbitrary bytes through the whole PGN pipeline — MemorySource →
// GameSplitter → PgnReader → GameValidator (every game replayed, a listener on every move) —
// once with the default limits and once with tiny splitter/reader limits and short reads
// (elided comments and tag lines, truncated spans, chunk boundaries everywhere).
//
// Invariants: nothing throws; spans are in order, inside the input, no longer than the
// game's true length, and kept text is at most span_keep_limit; the kept text between
// elisions is the input's, and kept + elided bytes make the game's length exactly unless the
// span is truncated; game numbers count up from 0; diagnostics point inside the input; every
// replayed move goes from a consistent position to a consistent position.

#include "fuzz_check.hpp"

#include "pgnkit/check/validator.hpp"
#include "pgnkit/chess/movegen.hpp"
#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/simd/dispatch.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

using namespace pgnkit;

namespace {

struct CheckingListener final : ReplayListener {
    void on_start(const chess::Position& p) override { FUZZ_CHECK(p.is_consistent()); }
    void on_move(const ReplayedMove& m) override {
        FUZZ_CHECK(m.before.is_consistent());
        FUZZ_CHECK(m.move.is_null() || m.before.is_legal(m.move));
        FUZZ_CHECK(m.after.is_consistent());
        FUZZ_CHECK(m.after.key() == m.after.compute_key());
        FUZZ_CHECK(m.ply >= 1 && m.depth >= 0);
    }
};

struct Log : VisitorBase {
    std::string out;
    void at(const SourceLocation& l) {
        out += std::to_string(l.line) + ":" + std::to_string(l.column) + "+" +
               std::to_string(l.offset) + "\n";
    }
    void begin_game(const GameSpan&) { out += "begin\n"; }
    void tag(std::string_view n, std::string_view v, const SourceLocation& l) {
        out += "tag ";
        out += n;
        out += "=";
        out += v;
        at(l);
    }
    bool end_tags() {
        out += "end_tags\n";
        return false;
    }
    void move_number(int n, bool b, const SourceLocation& l) {
        out += "num " + std::to_string(n) + (b ? "..." : ".");
        at(l);
    }
    void move(std::string_view m, const SourceLocation& l) {
        out += "move ";
        out += m;
        at(l);
    }
    void nag(int n, const SourceLocation& l) {
        out += "nag " + std::to_string(n);
        at(l);
    }
    void comment(std::string_view c, const SourceLocation& l) {
        out += "comment ";
        out += c;
        at(l);
    }
    void begin_variation(const SourceLocation& l) {
        out += "(";
        at(l);
    }
    void end_variation(const SourceLocation& l) {
        out += ")";
        at(l);
    }
    void result(std::string_view r, const SourceLocation& l) {
        out += "result ";
        out += r;
        at(l);
    }
    void end_game() { out += "end\n"; }
    void diagnostic(const Diagnostic& d) {
        out += "diag " + d.message + " " + d.token;
        at(d.loc);
    }
};

/// Line breaks in input[b, e): LF, CR LF and a lone CR each count once.
std::uint64_t line_breaks(std::string_view input, std::uint64_t b, std::uint64_t e) {
    std::uint64_t n = 0;
    char prev = b > 0 ? input[b - 1] : 0;
    for (std::uint64_t i = b; i < e; ++i) {
        if (input[i] == '\r' || (input[i] == '\n' && prev != '\r')) ++n;
        prev = input[i];
    }
    return n;
}

void run(std::string_view input, const SplitterLimits& slimits, const ReaderLimits& rlimits,
         std::size_t max_read, const ValidateOptions& vopts, bool views = false) {
    MemorySource src(input, "fuzz.pgn");
    src.set_max_read(max_read);
    // Views hand the splitter the fuzzer's own bytes (as a mapped file): a read past the
    // input's end is caught there, not hidden in a larger buffer.
    src.set_views(views);
    GameSplitter splitter(src, slimits);
    PgnReader reader(rlimits);
    GameValidator validator(vopts);
    CheckingListener listener;
    validator.set_listener(&listener);
    GameSpan span;
    std::uint64_t expect_index = 0, prev_end = 0;
    // For each offset (made when a diagnostic needs them): 1 + the line breaks before it, and
    // where its line starts.
    std::vector<std::uint64_t> line_at, start_at;
    while (splitter.next(span)) {
        FUZZ_CHECK(span.index == expect_index++);
        FUZZ_CHECK(span.first_line >= 1);
        FUZZ_CHECK(span.text.size() <= span.length);
        FUZZ_CHECK(span.offset >= prev_end);
        FUZZ_CHECK(span.offset + span.length <= input.size());
        FUZZ_CHECK(span.text.size() <= slimits.span_keep_limit + 64);
        prev_end = span.offset + span.length;
        // The kept text between elisions is the input's, each elision counts the line breaks
        // among its bytes, and kept + elided bytes are the game's length (all of it unless
        // the span was truncated).
        std::uint64_t kept = 0, at = span.offset;
        for (const Elision& e : span.elisions) {
            FUZZ_CHECK(e.pos >= kept && e.pos <= span.text.size());
            const std::uint64_t n = e.pos - kept;
            FUZZ_CHECK(at + n + e.bytes <= input.size());
            FUZZ_CHECK(input.substr(at, n) == span.text.substr(kept, n));
            FUZZ_CHECK(line_breaks(input, at + n, at + n + e.bytes) == e.lines);
            // The tail: the elided bytes after the last line break that ends among them.
            const std::string_view cut = input.substr(at + n, e.bytes);
            const std::size_t lb = cut.find_last_of("\r\n");
            FUZZ_CHECK(e.tail == (lb == cut.npos ? e.bytes : e.bytes - lb - 1));
            kept = e.pos;
            at += n + e.bytes;
        }
        FUZZ_CHECK(at + (span.text.size() - kept) <= span.offset + span.length);
        FUZZ_CHECK(input.substr(at, span.text.size() - kept) == span.text.substr(kept));
        at += span.text.size() - kept;
        FUZZ_CHECK(span.truncated || at == span.offset + span.length);
        reader.read(span, validator);
        {
            Log a, b;
            reader.read(span, a);
            GameSpan bare = span;
            bare.tags = {};
            reader.read(bare, b);
            FUZZ_CHECK(a.out == b.out);
            for (const TagMark& m : span.tags) {
                FUZZ_CHECK(m.eol <= span.text.size() && span.text[m.open] == '[');
            }
        }
        for (const Diagnostic& d : validator.diagnostics()) {
            FUZZ_CHECK(d.loc.offset <= input.size());
            FUZZ_CHECK(!d.message.empty());
            // Its line and column are those of its byte offset in the input, elisions or not.
            if (line_at.empty()) {
                line_at.resize(input.size() + 1);
                start_at.resize(input.size() + 1);
                line_at[0] = 1;
                for (std::size_t k = 0; k < input.size(); ++k) {
                    line_at[k + 1] = line_at[k] + line_breaks(input, k, k + 1);
                    start_at[k + 1] = input[k] == '\n' || input[k] == '\r' ? k + 1 : start_at[k];
                }
            }
            FUZZ_CHECK(d.loc.line == line_at[d.loc.offset]);
            // (A byte-order mark at the start of a line takes no column.)
            const std::uint64_t start = start_at[d.loc.offset];
            const bool bom = input.substr(start, 3) == "\xEF\xBB\xBF" && d.loc.offset >= start + 3;
            FUZZ_CHECK(d.loc.column == d.loc.offset - start + 1 ||
                       (bom && d.loc.column == d.loc.offset - start - 2));
        }
        FUZZ_CHECK(validator.info().plies >= 0);
    }
    FUZZ_CHECK(splitter.games() == expect_index);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > (std::size_t{1} << 20)) return 0;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    // Both vector levels (simd/dispatch.hpp): AVX2, where the machine has it, for half the inputs.
    simd::set_level(size % 4 < 2 ? simd::best() : simd::Level::Baseline);
    static const ValidateOptions defaults;
    run(input, SplitterLimits{}, ReaderLimits{}, 0, defaults, size % 2 == 1);

    static const ValidateOptions tight = [] {
        ValidateOptions o;
        o.allow_null = false;
        o.max_variation_depth = 3;
        o.severities.make_strict();
        return o;
    }();
    SplitterLimits small;
    small.token_keep_limit = 16;
    small.span_keep_limit = 256;
    ReaderLimits rsmall;
    rsmall.comment_keep_limit = 8;
    rsmall.max_diagnostics = 4;
    run(input, small, rsmall, 1 + size % 7, tight, size % 3 == 1);
    return 0;
}
