// libFuzzer target: the tag-pair locator (pgn/span_tags.hpp) and tags' editor
// (cmd/tags/tag_editor.hpp) over the spans the splitter cuts from arbitrary bytes, with the
// splitter's tag marks and without, default and tiny limits.
//
// Invariants: read_span_tags hands over the pairs the reader hands a visitor (name and value,
// in order), marks or not; each edit leaves the bytes after the tag section as they were;
// `--set`/`--add` alone, which stop reading pairs once each tag they concern was seen, write
// what the same edits write when a no-op edit (the removal of a tag no game has) makes the
// editor read every pair, and see the same encoding; a lone `--set` of an ASCII value (its own
// path) writes and reports what the general path does.

#include "fuzz_check.hpp"

#include "pgnkit/cmd/tags/tag_editor.hpp"
#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/span_tags.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using namespace pgnkit;

namespace {

/// The pairs the reader hands a visitor (the tag section alone).
struct TagLog : VisitorBase {
    std::vector<std::pair<std::string, std::string>> pairs;
    void tag(std::string_view n, std::string_view v, const SourceLocation&) {
        pairs.emplace_back(n, v);
    }
    bool end_tags() { return false; }
};

struct Edited {
    bool changed = false;
    std::string text;
    bool utf8 = true;
};

/// `changes_out`: the changes (views valid until the editor's next edit).
Edited edit(app::TagEditor& editor, const GameSpan& span,
            std::vector<app::TagChange>* changes_out = nullptr) {
    std::vector<app::TagChange> own;
    std::vector<app::TagChange>& changes = changes_out ? *changes_out : own;
    std::vector<std::string> notes;
    Edited r;
    r.changed = editor.edit(span, app::ReplayFacts{}, changes, notes);
    if (r.changed) {
        editor.write(r.text);
        FUZZ_CHECK(!changes.empty());
        // The part written unchanged is the text's from unchanged_from() (tags splices the
        // rest of a long game there from its input).
        const std::size_t from = editor.unchanged_from();
        FUZZ_CHECK(from <= span.text.size() && r.text.size() >= span.text.size() - from);
        FUZZ_CHECK(std::string_view(r.text).substr(r.text.size() - (span.text.size() - from)) ==
                   span.text.substr(from));
    } else {
        r.text.assign(span.text);
    }
    r.utf8 = editor.utf8();
    return r;
}

void run(std::string_view input, const SplitterLimits& limits, std::size_t max_read,
         std::uint8_t pick) {
    MemorySource src(input, "fuzz.pgn");
    src.set_max_read(max_read);
    GameSplitter splitter(src, limits);
    PgnReader reader;
    // The edits: --set alone (stops early), the same with a removal that finds nothing (reads
    // every pair), and one of the others, chosen by the input.
    app::TagEditOptions set_only, set_all, other;
    const std::string value = pick & 1 ? "M\xC3\xBCnchen" : "X"; // beyond ASCII, or not
    set_only.set = {{pick & 2 ? "Event" : "White", value}};
    set_only.add = {{"Annotator", "A"}};
    set_all = set_only;
    set_all.remove = {"PgnkitNoSuchTag"};
    switch (pick >> 2 & 3) {
    case 0: other.remove = {"Site"}, other.rename = {{"Round", "Rnd"}}; break;
    case 1: other.normalize_dates = true; break;
    case 2: other.fill_roster = true; break;
    default: other.set = {{"Result", "1-0"}}, other.add = {{"Black", "b"}}; break;
    }
    // A lone --set of an ASCII value (its own path: TagEditor::lone_set_) against the same
    // value set by the general path (a first --set of the name that the second overrides).
    app::TagEditOptions lone, lone_general;
    lone.set = {{pick & 2 ? "Event" : "White", "X \"q\""}};
    lone_general.set = {{lone.set[0].first, "Y"}, lone.set[0]};
    app::TagEditor early(set_only), whole(set_all), others(other), lone_path(lone),
        general_path(lone_general);
    GameSpan span;
    std::string buffer;
    while (splitter.next(span)) {
        // The locator against the reader, with the splitter's marks and without.
        TagLog log;
        reader.read(span, log);
        for (const bool marks : {true, false}) {
            GameSpan s = span;
            if (!marks) s.tags = {};
            std::size_t k = 0;
            read_span_tags(s, buffer, [&](std::string_view n, std::string_view v) {
                FUZZ_CHECK(k < log.pairs.size());
                FUZZ_CHECK(log.pairs[k].first == n && log.pairs[k].second == v);
                ++k;
                return true;
            });
            FUZZ_CHECK(k == log.pairs.size());
        }
        // The bytes after the section the edits read (up to a pair that is not well formed).
        std::size_t end =
            read_span_tags(span, buffer, [](const SpanTag& t) { return t.well_formed; });
        end = std::min(end, span.text.size());
        const std::string_view rest = span.text.substr(end);
        const Edited a = edit(early, span), b = edit(whole, span), c = edit(others, span);
        FUZZ_CHECK(a.changed == b.changed && a.text == b.text && a.utf8 == b.utf8);
        std::vector<app::TagChange> lc, gc;
        const Edited l = edit(lone_path, span, &lc), g = edit(general_path, span, &gc);
        FUZZ_CHECK(l.changed == g.changed && l.text == g.text && l.utf8 == g.utf8);
        FUZZ_CHECK(lc.size() == gc.size());
        for (std::size_t k = 0; k < lc.size(); ++k)
            FUZZ_CHECK(lc[k].line == gc[k].line && lc[k].old_pair == gc[k].old_pair &&
                       lc[k].new_pair == gc[k].new_pair);
        for (const Edited* e : {&a, &c}) {
            FUZZ_CHECK(e->text.size() >= rest.size());
            FUZZ_CHECK(std::string_view(e->text).substr(e->text.size() - rest.size()) == rest);
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1 || size > (std::size_t{1} << 20)) return 0;
    const std::uint8_t pick = data[0];
    const std::string_view input(reinterpret_cast<const char*>(data) + 1, size - 1);
    run(input, SplitterLimits{}, 0, pick);
    SplitterLimits tiny;
    tiny.token_keep_limit = 64;
    tiny.span_keep_limit = 256;
    run(input, tiny, 7, pick);
    return 0;
}
