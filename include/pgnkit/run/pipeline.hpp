#pragma once
/// The game pipeline (docs/ARCHITECTURE.md "Data flow"): ByteSource → GameSplitter →
/// workers → OrderedSink. N workers take turns at cutting the next batch of games and each
/// runs its own processor over the batch it cut (a decoder or a pipe reads ahead on a thread
/// of its own); finished batches go to the sink in input order (handed over by the worker that
/// finishes the next one due, one worker at a time), so the output is byte-identical for
/// every number of jobs.

#include "pgnkit/diagnostics/diagnostic.hpp"
#include "pgnkit/io/output.hpp"
#include "pgnkit/io/utf8.hpp"
#include "pgnkit/pgn/splitter.hpp"
#include "pgnkit/run/not_pgn.hpp"
#include "pgnkit/run/raw_games.hpp"
#include "pgnkit/run/shard.hpp"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace pgnkit::app {

/// A game inside a batch: a GameSpan whose text lives in the batch buffer.
struct BatchGame {
    std::size_t begin = 0, size = 0; ///< in Batch::text
    std::uint64_t first_line = 1, first_column = 1, offset = 0, length = 0;
    /// 1-based game number over the whole run; for text that is not PGN (not_pgn), the
    /// number the next game gets
    std::uint64_t number = 0;
    /// 1-based game number within its input, as a user counts the games of a file (the one
    /// diagnostics show); for text that is not PGN, the number the next game gets
    std::uint64_t in_file = 0;
    std::uint32_t elision_begin = 0, elision_count = 0;
    std::uint32_t tag_begin = 0, tag_count = 0; ///< in Batch::tags
    bool truncated = false;
    bool before_input_error = false, cut_mid_line = false; ///< as in GameSpan
    /// Text between games that is not PGN (after a game of the same input, a span for which
    /// looks_like_pgn() is false): no game. Every command skips it; validate reports it
    /// (unexpected-text), fen and convert say so on stderr.
    bool not_pgn = false;
};

/// Games cut from one input, handed to one worker.
struct Batch {
    std::uint64_t seq = 0;
    std::shared_ptr<const std::string> file; ///< input name
    /// The encoding the input's text was transcoded from (GameSpan::transcoded_from)
    std::string_view transcoded_from;
    std::string text;
    /// When set, game texts are read here instead of in `text` (--jobs 1 hands each game
    /// over in the splitter's own buffer, without copying it into a batch).
    const char* borrowed = nullptr;
    std::vector<BatchGame> games;
    std::vector<Elision> elisions;
    std::vector<TagMark> tags; ///< the splitter's tag marks (GameSpan::tags), game by game
    std::string io_error;      ///< set on a batch that reports an input failure (no games)
    /// Said about the inputs before the batch's games (an input or archive member without
    /// games, an archive member skipped); run_pipeline() prints them on stderr.
    std::vector<std::string> warnings;
    bool file_start = false; ///< first batch of an input (of an archive member)
    bool file_end = false; ///< last batch of an input (of an archive member; BatchOutput::file_end)
    /// The input is a regular file read as it is (not compressed, not stdin): a game's bytes
    /// can be read again from it at the game's offset (append_raw_game()).
    bool rereadable = false;
    /// The games' text stays valid until this batch's output has gone to the sink
    /// (PipelineOptions::lend_text): the processor may write it by reference
    /// (BatchOutput::lent) instead of copying it.
    bool text_lasts = false;

    GameSpan span(const BatchGame& game) const;
};

/// One game of an HTML report (validate --html): the full block and the brief form (no board)
/// the sink uses once the report's size limit is reached ("" when the worker skipped it).
struct HtmlBlock {
    std::string full, brief;
    bool valid = false;         ///< a valid game with warnings (listed apart, brief form only)
    bool between_games = false; ///< text between games (listed with the valid games)
    std::size_t listed = 0;     ///< diagnostics the block lists
};

/// A diagnostic reported once per input, not once per game (encoding: a Latin-1 or GBK file
/// would otherwise get a message for every game). A batch counts the games it concerns and
/// keeps the first one's report, rendered by the command around the message, which holds the
/// count: the sink adds the batches' notes up (FileNote::add) and writes the report when
/// the input ends (BatchOutput::file_end), so it is the same for every number of jobs.
struct FileNote {
    std::uint64_t games = 0; ///< games concerned
    std::string before;      ///< the first game's report up to its message
    std::string after;       ///< … and after it
    /// The encoding the games were read as (encoding_games_message()): a literal
    std::string_view read_as = latin1_name;
    /// Adds a later batch's note of the same input (its first game stays the first).
    void add(FileNote&& later) {
        if (games == 0) {
            before = std::move(later.before);
            after = std::move(later.after);
            read_as = later.read_as;
        }
        games += later.games;
    }
    void clear() {
        games = 0;
        before.clear();
        after.clear();
        read_as = latin1_name;
    }
};

/// The message of an input's encoding note: how many of its games are not UTF-8, the
/// encoding they were read as (`read_as`: latin1_name, or the one their text was transcoded
/// from, GameSpan::transcoded_from), then `more` (e.g. " and transcoded to UTF-8").
std::string encoding_games_message(std::uint64_t games, std::string_view read_as,
                                   std::string_view more = {});

/// A game written to BatchOutput::out that the sink routes to one of several outputs (split):
/// its bytes end at `end` in `out`, its route (what the command says decides its output)
/// at `route_end` in BatchOutput::routes; each begins where the one before ends.
struct RoutedGame {
    std::size_t end = 0, route_end = 0;
};

/// What a worker produced for one batch; the sink consumes it in order.
struct BatchOutput {
    std::uint64_t seq = 0;
    OutBuffer out;               ///< for stdout (or -o)
    std::string rejects;         ///< raw games with errors
    std::string accepted;        ///< raw games without
    std::vector<Splice> splices; ///< in rejects, accepted or out, in their order
    /// Input text written into `out` by reference, in their order (Batch::text_lasts).
    std::vector<LentText> lent;
    std::string io_error;              ///< copied from the batch
    std::vector<std::string> warnings; ///< copied from the batch
    std::string err;                 ///< for stderr (diagnostics of commands whose stdout is data)
    std::vector<std::uint64_t> keys; ///< per output line, when the command dedups (fen --unique)
    std::vector<RoutedGame> routed;  ///< per game, when the command routes games (split)
    std::string routes;              ///< the routed games' routes, one after another
    /// Per invalid game, when validate writes --html (HtmlBlock).
    std::vector<HtmlBlock> html;
    std::uint64_t games = 0;
    std::uint64_t bytes = 0;
    /// Games of the batch with an error, where the command counts them (fen, convert): the
    /// exit status of a run whose output was closed early (| head) counts those written.
    std::uint64_t invalid = 0;
    /// Games of the batch that are not UTF-8 (read as Latin-1), where the command reports
    /// that once per input (validate, convert).
    FileNote encoding;
    bool file_end = false; ///< the last output of its input: the sink reports its FileNotes
};

/// Where the first bytes of `span`'s input are missing from its text (its first elision, or
/// its end when it is truncated); its size when none are: the text before it is the input's.
inline std::size_t first_cut(const GameSpan& span) {
    return span.elisions.empty() ? span.text.size()
                                 : static_cast<std::size_t>(span.elisions[0].pos);
}

/// For a game whose span lacks bytes of the input: its text from `from` (at most first_cut())
/// to its end and its raw_separator() stand at [at, to.size()) of `to` (a buffer of `out`;
/// `accepted`: out.accepted), and are written as the input holds them, read again (a Splice),
/// if the batch's input can be (Batch::rereadable). Returns whether it cannot (a compressed
/// input or a pipe): the copy lacks bytes for good, and the caller counts those and says so.
template <class Buffer>
bool splice_rest(const Buffer& to, std::size_t at, BatchOutput& out, bool accepted,
                 const Batch& batch, const BatchGame& g, const GameSpan& span, std::size_t from) {
    if (!batch.rereadable) return true;
    out.splices.push_back({accepted, at, to.size() - at, batch.file, g.in_file, span.offset + from,
                           span.length - from, first_cut(span) - from});
    return false;
}

/// Appends the raw game `span` of `g` and its raw_separator() to `to` (a buffer of `out`;
/// `accepted`: out.accepted), read again from its input when its span lacks bytes of it
/// (splice_rest()). Returns whether the copy lacks bytes for good.
template <class Buffer>
bool append_raw_game(Buffer& to, BatchOutput& out, bool accepted, const Batch& batch,
                     const BatchGame& g, const GameSpan& span) {
    const std::size_t at = to.size();
    to.append(span.text);
    to.append(raw_separator(span.text));
    if (!span.truncated && span.elisions.empty()) return false;
    return splice_rest(to, at, out, accepted, batch, g, span, 0);
}

/// A per-worker engine: processes the games of a batch. Each worker owns one, so it
/// needs no locking; aggregates are merged at the end.
class BatchProcessor {
  public:
    virtual ~BatchProcessor() = default;
    virtual void process(const Batch& batch, BatchOutput& out) = 0;
};

/// The inputs: files or stdin, compressed or not, archives (io/input.hpp). Each text is read
/// as an input of its own, an archive's members in order under the name "ARCHIVE:MEMBER":
/// files counted, lines numbered, games numbered per text. The pipeline itself says on stderr,
/// for every command, what it skipped and which texts held no game ("pgnkit: warning: no
/// games in FILE"); an input that is binary data, like one that cannot be read, is an
/// io_error ("FILE: not PGN text: binary data at byte N").
struct PipelineOptions {
    std::vector<std::string> inputs; ///< paths, "-" = stdin
    int jobs = 1;
    std::size_t batch_bytes = std::size_t{1} << 20; ///< cut batches at about this size
    bool progress = false;                          ///< a progress line on stderr
    /// --shard K/N: only this shard's games (run/shard.hpp); numbers as that file says.
    ShardSpec shard;
    /// With --shard: run-wide game numbers (BatchGame::number) and numbers within a file
    /// (BatchGame::in_file) as one run's, not the shard's own count: the games of plain files that
    /// the shard leaves before its own (and after, when a stream follows) are counted by the
    /// splitter alone, which reads those bytes.
    bool run_numbers = false;
    /// When not 0, the run needs no game numbered past it (BatchGame::number: filter's
    /// --first with nothing else to write): reading stops once that game is cut, and later
    /// games, text and inputs are not read (nor reported).
    std::uint64_t last_game = 0;
    /// With jobs <= 1: each output goes to the sink before the splitter reuses the bytes its
    /// games were read from (Batch::text_lasts), so the processor can write games' text by
    /// reference (BatchOutput::lent): a command that writes most of its input copies it once
    /// less. Outputs are then cut more often (at every read of the input); the text written is
    /// the same.
    bool lend_text = false;
};

struct PipelineStats {
    /// `files` counts texts: every member of an archive is one.
    std::uint64_t files = 0, games = 0, bytes = 0, io_errors = 0;
    std::uint64_t empty = 0; ///< texts without games (each said in a warning)
    /// The inputs' text, every byte of it (blank lines between games too): decompressed,
    /// and for UTF-16 input the UTF-8 text it reads as. `bytes` counts the games' text only.
    std::uint64_t text_bytes = 0;
    double seconds = 0;
    bool stopped = false;        ///< the sink asked to stop (e.g. closed stdout)
    bool past_last_game = false; ///< reading stopped at PipelineOptions::last_game
    /// With --shard: what the shard took from each input text, in order (shard_json()).
    std::vector<ShardInput> shard_inputs;
};

/// Runs the pipeline. `make_processor(i)` builds worker i's processor; `sink` gets every
/// BatchOutput in input order and returns false to stop early (a closed pipe).
PipelineStats run_pipeline(const PipelineOptions& opts,
                           const std::function<BatchProcessor&(int worker)>& processor_for,
                           const std::function<bool(BatchOutput&)>& sink);

/// Number of hardware threads (at least 1).
int default_jobs();

} // namespace pgnkit::app
