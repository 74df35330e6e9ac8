#include "pgnkit/run/pipeline.hpp"

#include "pgnkit/chess/san.hpp"
#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/io/file_range.hpp"
#include "pgnkit/io/input.hpp"
#include "pgnkit/io/text_guard.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/run/messages.hpp"
#include "pgnkit/run/ordered_output.hpp"

#include <fmt/format.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

namespace pgnkit::app {

GameSpan Batch::span(const BatchGame& game) const {
    GameSpan span;
    span.text = std::string_view((borrowed ? borrowed : text.data()) + game.begin, game.size);
    span.file = file ? std::string_view(*file) : std::string_view();
    span.transcoded_from = transcoded_from;
    span.first_line = game.first_line;
    span.first_column = game.first_column;
    span.offset = game.offset;
    span.index = game.number - 1;
    span.length = game.length;
    span.truncated = game.truncated;
    span.before_input_error = game.before_input_error;
    span.cut_mid_line = game.cut_mid_line;
    span.elisions =
        std::span<const Elision>(elisions.data() + game.elision_begin, game.elision_count);
    span.tags = std::span<const TagMark>(tags.data() + game.tag_begin, game.tag_count);
    return span;
}

std::string encoding_games_message(std::uint64_t games, std::string_view read_as,
                                   std::string_view more) {
    return fmt::format("text is not valid UTF-8 in {} game{} of this file{}; read as {}{}", games,
                       games == 1 ? "" : "s", games == 1 ? "" : " (the first here)", read_as, more);
}

int default_jobs() {
    unsigned threads = std::thread::hardware_concurrency();
    return threads == 0 ? 1 : int(threads);
}

namespace {

using Clock = std::chrono::steady_clock;

/// Reads every input and cuts it into batches; calls `emit` for each (in order).
class BatchReader {
  public:
    BatchReader(const PipelineOptions& options, std::atomic<bool>& stop)
        : opts_(options), stop_(stop) {
        for (const auto& input : options.inputs) {
            struct stat status;
            if (input != "-" && ::stat(input.c_str(), &status) == 0 && S_ISREG(status.st_mode))
                total_bytes_ += std::uint64_t(status.st_size);
            else
                total_known_ = false;
        }
        if (options.shard.active()) {
            plan_ = ShardPlan(options.shard, options.inputs);
            // A shard reads its ranges of plain files, not the whole files: its progress is
            // of those bytes (bytes_read() counts the bytes of a range from its start).
            total_bytes_ = 0;
            for (std::size_t i = 0; i < options.inputs.size(); ++i) {
                struct stat status;
                if (const ShardRange* range = shard_range(i))
                    total_bytes_ += range->empty() ? 0 : range->read_end - range->begin;
                else if (options.inputs[i] != "-" &&
                         ::stat(options.inputs[i].c_str(), &status) == 0 && S_ISREG(status.st_mode))
                    total_bytes_ += std::uint64_t(status.st_size);
            }
        }
        // A stream after a plain file: its games come after all of that file's.
        stream_follows_.assign(options.inputs.size(), false);
        for (std::size_t i = options.inputs.size(); i-- > 1;)
            stream_follows_[i - 1] = stream_follows_[i] || !shard_range(i);
    }

    /// The next batch of the run (false when every input is done or the run stopped): the
    /// games of one text (an input, or a member of an archive) in order, a batch cut at about
    /// batch_bytes; the last batch of a text may be empty. An input that cannot be opened or
    /// read gives, after the games read before the failure, one batch that carries the
    /// message (io_error); the rest of that input (an archive's members after the damage) is
    /// not read. Not thread-safe: the workers take turns (run_pipeline).
    bool next(Batch& batch) {
        if (!error_.empty()) { // after the batch of the games before the failure
            batch = fresh(name_);
            if (error_owned_) batch.io_error = std::move(error_);
            batch.file_end = true;
            error_.clear();
            close_input();
            if (error_ends_input_) members_.reset(); // (binary data: the next member is read)
            return true;
        }
        if (!splitter_) {
            if (stop_ || past_last_ || !open_next()) return false;
        }
        batch = fresh(name_);
        batch.warnings = take_warnings();
        batch.file_start = first_;
        first_ = false;
        if (!error_.empty()) return true; // could not open: the message comes next
        if (!splitter_) {                 // an archive without members
            batch.warnings.push_back(no_games(*name_));
            batch.file_end = true;
            return true;
        }
        try {
            GameSpan span;
            while (!stop_ && !past_last_ && splitter_->next(span)) {
                bool not_pgn = false;
                if (!take(span, not_pgn)) continue;
                add(batch, span, not_pgn);
                in_progress_bytes_ = src_->bytes_in();
                if (batch.text.size() >= opts_.batch_bytes || batch.games.size() >= 8192)
                    return true;
            }
        } catch (const IoError& e) {
            failed(e);
            return true;
        }
        end_text(*splitter_, *src_);
        if (file_games_ == 0 && !stop_ && events_) batch.warnings.push_back(no_games(*name_));
        batch.file_end = true;
        close_input();
        return true;
    }

    /// --jobs 1: each game is handed to `game` as soon as it is cut, as a one-game batch
    /// that borrows the splitter's buffer (no copy); `cut(io_error, file_end)` is called
    /// where next() would end a batch (same places), and once more with the message of an
    /// input error; `file_end` where next() would set Batch::file_end.
    /// The warnings next() would put on those batches are taken (take_warnings()) at each cut.
    template <class Game, class Cut>
    void run_direct(Game&& game, Cut&& cut) {
        Batch one;
        for (std::size_t input = 0; input < opts_.inputs.size(); ++input) {
            const std::string& path = opts_.inputs[input];
            if (stop_ || past_last_) return;
            if (const ShardRange* range = shard_range(input)) { // --shard: a piece of a file
                if (range->empty() && !range->owns_start) {
                    skip_range(path, *range, input);
                    continue;
                }
                one.file = std::make_shared<const std::string>(path);
                std::unique_ptr<ByteSource> src;
                try {
                    src = open_file_range(path, range->begin, range->read_end, range->align);
                } catch (const IoError& e) {
                    begin_text(path, range);
                    if (events_) ++files_;
                    cut(std::string(), false);
                    ++io_errors_;
                    cut(std::string(e.what()), true);
                    continue;
                }
                range_input_ = input;
                read_direct(*src, one, true, game, cut, range);
                continue;
            }
            std::unique_ptr<InputMembers> members;
            try {
                members = open_input(path);
            } catch (const IoError& e) {
                begin_text(path, nullptr);
                if (events_) ++files_;
                cut(std::string(), false);
                if (events_) ++io_errors_;
                cut(events_ ? std::string(e.what()) : std::string(), true);
                continue;
            }
            for (std::uint64_t texts = 0; !stop_ && !past_last_; ++texts) {
                std::string member;
                std::unique_ptr<ByteSource> src;
                try {
                    src = members->next(member);
                } catch (const IoError& e) {
                    add_warnings(*members);
                    cut(std::string(), false);
                    const bool owned = events_now();
                    if (owned) ++io_errors_;
                    cut(owned ? std::string(e.what()) : std::string(), true);
                    break;
                }
                if (add_warnings(*members)) cut(std::string(), false); // where next() says them
                if (!src) {
                    if (texts == 0) { // an archive without members
                        begin_text(path, nullptr);
                        if (events_) {
                            ++files_;
                            warnings_.push_back(no_games(path));
                        }
                        cut(std::string(), true);
                    }
                    break;
                }
                one.file = std::make_shared<const std::string>(text_name(path, member));
                if (!read_direct(*src, one, path != "-" && member.empty(), game, cut, nullptr) &&
                    error_ends_input_)
                    break;
            }
        }
    }

    std::uint64_t files() const { return files_; }
    /// With --shard: what the shard took from each input text.
    std::vector<ShardInput> take_shard_inputs() { return std::move(shard_inputs_); }
    std::uint64_t empty() const { return empty_; }
    /// The warnings for the next batch (Batch::warnings), taken.
    std::vector<std::string> take_warnings() {
        std::vector<std::string> w = std::move(warnings_);
        warnings_.clear();
        return w;
    }
    std::uint64_t io_errors() const { return io_errors_; }
    /// Reading stopped at PipelineOptions::last_game.
    bool past_last_game() const { return past_last_; }
    std::uint64_t bytes_read() const { return done_bytes_ + in_progress_bytes_; }
    /// The text of the inputs done (decompressed and decoded: what the splitter read).
    std::uint64_t text_bytes() const { return text_bytes_; }
    std::uint64_t total_bytes() const { return total_known_ ? total_bytes_ : 0; }

  private:
    /// The name a text goes by: the input's, or "ARCHIVE:MEMBER".
    static std::string text_name(const std::string& path, const std::string& member) {
        return member.empty() ? path : path + ":" + member;
    }
    /// The warning for a text without games (counted).
    std::string no_games(const std::string& name) {
        ++empty_;
        return fmt::format("no games in {}", name == "-" ? "<stdin>" : name);
    }
    /// Takes the warnings of `members` for the next batch; whether there were any.
    bool add_warnings(InputMembers& members) {
        std::vector<std::string> w = members.take_warnings();
        if (!events_now()) w.clear(); // --shard: another shard says them
        warnings_.insert(warnings_.end(), std::make_move_iterator(w.begin()),
                         std::make_move_iterator(w.end()));
        return !w.empty();
    }

    /// next(): opens the next text to cut, the next member of the input being read (an
    /// archive's), else the first of the next input; false when every input is done. An
    /// input that cannot be opened, or an archive damaged before its next member, sets
    /// error_ (next() hands out the message); an archive without members leaves splitter_
    /// unset.
    bool open_next() {
        for (;;) {
            if (!members_) {
                if (input_ == opts_.inputs.size()) return false;
                const std::size_t input = input_++;
                path_ = opts_.inputs[input];
                texts_ = 0;
                if (const ShardRange* range = shard_range(input)) { // --shard: a piece of a file
                    if (range->empty() && !range->owns_start) {
                        skip_range(path_, *range, input);
                        continue;
                    }
                    range_input_ = input;
                    start_text(path_, range);
                    try {
                        src_ = open_file_range(path_, range->begin, range->read_end, range->align);
                        rereadable_ = true;
                        splitter_ = std::make_unique<GameSplitter>(*src_);
                    } catch (const IoError& e) {
                        failed(e);
                    }
                    return true;
                }
                try {
                    members_ = open_input(path_);
                } catch (const IoError& e) {
                    start_text(path_);
                    failed(e);
                    return true;
                }
            }
            std::string member;
            try {
                src_ = members_->next(member);
            } catch (const IoError& e) {
                add_warnings(*members_);
                name_ = std::make_shared<const std::string>(path_); // (no text of its own)
                failed(e);
                return true;
            }
            add_warnings(*members_);
            if (!src_) {
                members_.reset();
                if (texts_ != 0) continue;
                start_text(path_); // an archive without members: one input without games
                return true;
            }
            ++texts_;
            start_text(text_name(path_, member));
            try {
                rereadable_ = path_ != "-" && member.empty() && plain_sized(*src_);
                // Decompression and pipes read ahead on a thread of their own: the
                // workers, which take turns at cutting batches, would wait for them. A
                // regular file's reads are copies: no thread for it.
                if (!plain_sized(*src_)) src_ = read_ahead(std::move(src_));
                splitter_ = std::make_unique<GameSplitter>(*src_);
            } catch (const IoError& e) {
                failed(e);
            }
            return true;
        }
    }
    /// A text begins: counted as an input file (with --shard, by the shard that reports on
    /// it), named `name`; `range`: a range input's piece (--shard).
    void start_text(std::string name, const ShardRange* range = nullptr) {
        begin_text(name, range);
        name_ = std::make_shared<const std::string>(std::move(name));
        if (events_) ++files_;
        first_ = true;
        file_games_ = 0;
        rereadable_ = false;
    }

    /// run_direct(): reads the text `src` (named one.file) game by game; false after an input
    /// error (reported through `cut`).
    template <class Game, class Cut>
    bool read_direct(ByteSource& src, Batch& one, bool by_name, Game& game, Cut& cut,
                     const ShardRange* range) {
        file_games_ = 0;
        begin_text(*one.file, range);
        if (events_) ++files_;
        std::size_t bytes = 0, games = 0;
        one.rereadable = false;
        bool ok = true;
        try {
            one.rereadable = by_name && plain_sized(src);
            GameSplitter splitter(src);
            // (lend_text: the output goes to the sink before the bytes its games lent go)
            auto hand_on = [&] {
                if (games == 0) return; // (no game since the last cut)
                cut(std::string(), false);
                bytes = games = 0;
            };
            one.text_lasts = opts_.lend_text;
            if (opts_.lend_text)
                splitter.on_buffer_reuse([](void* f) { (*static_cast<decltype(hand_on)*>(f))(); },
                                         &hand_on);
            GameSpan span;
            one.file_start = true; // the first one-game batch of the text, as next() marks it
            while (!stop_ && !past_last_ && splitter.next(span)) {
                bool not_pgn = false;
                if (!take(span, not_pgn)) continue;
                one.games.clear();
                one.elisions.clear();
                one.tags.clear();
                one.borrowed = span.text.data();
                add(one, span, not_pgn);
                in_progress_bytes_ = src.bytes_in();
                game(static_cast<const Batch&>(one));
                one.file_start = false;
                bytes += span.text.size();
                if (bytes >= opts_.batch_bytes || ++games >= 8192) {
                    cut(std::string(), false);
                    bytes = games = 0;
                }
            }
            end_text(splitter, src);
            if (file_games_ == 0 && !stop_ && events_) warnings_.push_back(no_games(*one.file));
            cut(std::string(), true);
        } catch (const IoError& e) {
            cut(std::string(), false);
            const bool owned = events_now();
            if (owned) ++io_errors_;
            error_ends_input_ = dynamic_cast<const BinaryDataError*>(&e) == nullptr;
            cut(owned ? std::string(e.what()) : std::string(), true);
            ok = false;
        }
        done_bytes_ += src.bytes_in();
        text_bytes_ += text_share(src.bytes_out());
        in_progress_bytes_ = 0;
        range_ = nullptr;
        return ok;
    }

    // ------------------------------------------------------------ --shard (run/shard.hpp)

    /// The range of input `i` when it is a range input of a shard, else nullptr.
    const ShardRange* shard_range(std::size_t i) const {
        return opts_.shard.active() && plan_.range(i) ? &*plan_.range(i) : nullptr;
    }
    /// A text (named `name`) begins: its entry in the shard's record; whose its reports are.
    void begin_text(const std::string& name, const ShardRange* range) {
        range_ = range;
        file_number_base_ =
            range && opts_.run_numbers ? count_games(name, 0, range->begin, *range) : 0;
        games_ += file_number_base_;
        end_seen_ = false;
        events_ = !opts_.shard.active() || (range ? range->owns_start : plan_.owns_next_stride());
        if (!opts_.shard.active()) return;
        ShardInput in;
        in.file = name;
        in.range = range != nullptr;
        if (range) {
            in.begin = range->begin;
            in.end = range->end;
            in.read = range->searched;
        }
        shard_inputs_.push_back(std::move(in));
    }
    /// A range input of which the shard takes nothing (and reports nothing): not read.
    void skip_range(const std::string& name, const ShardRange& range, std::size_t input) {
        begin_text(name, &range);
        count_rest(name, range, input);
        range_ = nullptr;
    }
    /// run_numbers: the games of a plain file's piece [from, to) (a game start or the file's
    /// first byte, to a game start or its end), split but not read as chess.
    std::uint64_t count_games(const std::string& path, std::uint64_t from, std::uint64_t to,
                              const ShardRange& range) {
        if (from >= to) return 0;
        try {
            std::unique_ptr<ByteSource> src = open_file_range(path, from, to, range.align);
            GameSplitter splitter(*src);
            GameSpan span;
            std::uint64_t n = 0;
            while (splitter.next(span)) n += !is_text_between_games(span, from != 0 || n != 0);
            return n;
        } catch (const IoError&) {
            return 0; // (the shard that reads those bytes reports the failure)
        }
    }
    /// run_numbers: after a plain file, when a stream follows, the file's games after the
    /// shard's piece (they come before the stream's).
    void count_rest(const std::string& path, const ShardRange& range, std::size_t input) {
        if (!opts_.run_numbers || !stream_follows_[input]) return;
        struct stat st {};
        if (::stat(path.c_str(), &st) != 0) return;
        games_ += count_games(path, range.end, std::uint64_t(st.st_size), range);
    }
    /// Whether a report now (an input error, a warning) is this run's.
    bool events_now() const {
        return !opts_.shard.active() || range_ != nullptr || plan_.owns_next_stride();
    }
    /// Whether the run takes `span` (with --shard, the shard's share) and whether it is text
    /// between games (`not_pgn`: after a game of this input, a span without the splitter's tag
    /// marks that is not PGN; before the first game it stays a game of its own, with its
    /// errors: a file that is no PGN at all is one invalid game, as other readers count). A
    /// range input's span gets its offset in the file; a stride input's games that the shard
    /// leaves are counted (their numbers in the file stay). Throws IoError when the game
    /// before a range's end goes on past it (pgn/shard_sync.hpp).
    bool take(GameSpan& span, bool& not_pgn) {
        const bool after_game = file_games_ != 0 || (range_ != nullptr && range_->begin != 0);
        not_pgn = is_text_between_games(span, after_game);
        if (!opts_.shard.active()) return true;
        ShardInput& in = shard_inputs_.back();
        if (range_) {
            span.offset += range_->begin;
            if (span.offset >= range_->end) { // the next shard's first game
                if (!end_seen_) in.lines = span.first_line - 1;
                end_seen_ = true;
                return false;
            }
            if (span.offset + span.length > range_->end)
                throw IoError(fmt::format(
                    "{}: --shard {}/{}: the game at byte {} goes on past byte {}, where the next "
                    "shard begins: these shards do not split this file exactly (a tag section "
                    "inside a comment or variation left open?); run without --shard or with "
                    "another number of shards",
                    span.file, opts_.shard.index, opts_.shard.count, span.offset, range_->end));
            in.games += !not_pgn;
            return true;
        }
        if (not_pgn) return plan_.owns_next_stride();
        if (plan_.take_stride_game()) {
            ++in.games;
            return true;
        }
        ++file_games_; // (add() counts those it takes)
        games_ += opts_.run_numbers;
        note_last_game(games_);
        return false;
    }
    /// Of a text's `bytes`, those the run counts: with --shard, a range's piece (not the next
    /// shard's first line), a stride text's all in the shard that reports on it, else none.
    std::uint64_t text_share(std::uint64_t bytes) const {
        if (!opts_.shard.active()) return bytes;
        if (range_) return range_->end - range_->begin;
        return events_ ? bytes : 0;
    }
    /// A text is read to its end (with --shard: a range's lines and bytes read).
    void end_text(const GameSplitter& splitter, const ByteSource& src) {
        if (!opts_.shard.active() || !range_) return;
        ShardInput& in = shard_inputs_.back();
        if (!end_seen_) in.lines = splitter.lines();
        in.read += src.bytes_in();
        count_rest(opts_.inputs[range_input_], *range_, range_input_);
    }

    /// The input failed: next() hands out the message after the games before it.
    void failed(const IoError& e) {
        error_ends_input_ = dynamic_cast<const BinaryDataError*>(&e) == nullptr;
        error_ = e.what();
        if (error_.empty()) error_ = "input error";
        error_owned_ = events_now();
        if (error_owned_) ++io_errors_;
    }
    void close_input() {
        done_bytes_ += src_ ? src_->bytes_in() : 0;
        text_bytes_ += text_share(src_ ? src_->bytes_out() : 0);
        in_progress_bytes_ = 0;
        splitter_.reset();
        src_.reset();
        range_ = nullptr;
    }
    Batch fresh(const std::shared_ptr<const std::string>& name) {
        Batch batch;
        batch.seq = seq_++;
        batch.file = name;
        batch.rereadable = rereadable_;
        batch.text.reserve(opts_.batch_bytes + (opts_.batch_bytes >> 2));
        return batch;
    }
    void add(Batch& batch, const GameSpan& span, bool not_pgn) {
        batch.transcoded_from = span.transcoded_from; // (a batch holds one text's games)
        BatchGame game;
        game.begin = batch.text.size();
        game.size = span.text.size();
        game.first_line = span.first_line;
        game.first_column = span.first_column;
        game.offset = span.offset;
        game.length = span.length;
        game.not_pgn = not_pgn; // (take())
        if (!game.not_pgn) ++file_games_;
        game.number = game.not_pgn ? games_ + 1 : ++games_;
        if (!game.not_pgn) note_last_game(game.number);
        game.in_file = file_number_base_ + (game.not_pgn ? file_games_ + 1 : file_games_);
        game.truncated = span.truncated;
        game.before_input_error = span.before_input_error;
        game.cut_mid_line = span.cut_mid_line;
        game.elision_begin = std::uint32_t(batch.elisions.size());
        game.elision_count = std::uint32_t(span.elisions.size());
        batch.elisions.insert(batch.elisions.end(), span.elisions.begin(), span.elisions.end());
        game.tag_begin = std::uint32_t(batch.tags.size());
        game.tag_count = std::uint32_t(span.tags.size());
        batch.tags.insert(batch.tags.end(), span.tags.begin(), span.tags.end());
        if (!batch.borrowed) batch.text.append(span.text);
        batch.games.push_back(game);
    }

    /// A game numbered `number` was cut (or passed over by a shard).
    void note_last_game(std::uint64_t number) {
        if (opts_.last_game != 0 && number >= opts_.last_game) past_last_ = true;
    }

    const PipelineOptions& opts_;
    std::atomic<bool>& stop_;
    bool past_last_ = false; ///< the game numbered PipelineOptions::last_game was cut
    // --shard: the plan, the record, and the text being read
    ShardPlan plan_;
    std::vector<ShardInput> shard_inputs_;
    const ShardRange* range_ = nullptr; ///< a range input's piece (else a stride text)
    bool events_ = true;                ///< the text's file-level reports are this run's
    bool end_seen_ = false;   ///< the span at the range's end was seen (its lines counted)
    bool error_owned_ = true; ///< error_ is this run's to report
    /// Per input: a stream input comes after it (run_numbers).
    std::vector<bool> stream_follows_;
    std::size_t range_input_ = 0; ///< the input of range_ (run_numbers)
    std::uint64_t seq_ = 0, games_ = 0, files_ = 0, io_errors_ = 0, empty_ = 0;
    std::uint64_t file_games_ = 0; ///< games of the input being cut
    /// run_numbers: the games of a plain file before the shard's piece (BatchGame::in_file
    /// then counts from there, as one run's)
    std::uint64_t file_number_base_ = 0;
    std::uint64_t total_bytes_ = 0;
    bool total_known_ = true;
    // next(): the input being cut (splitter_ set while it is open).
    std::size_t input_ = 0;
    std::string path_;                      ///< the input being read
    std::unique_ptr<InputMembers> members_; ///< its texts (before src_: it outlives them)
    std::uint64_t texts_ = 0;               ///< of them read
    std::shared_ptr<const std::string> name_;
    std::unique_ptr<ByteSource> src_;
    std::unique_ptr<GameSplitter> splitter_;
    bool first_ = false;
    bool rereadable_ = false;           ///< Batch::rereadable of the input being read
    std::string error_;                 ///< an input's failure, for the batch after the current one
    std::vector<std::string> warnings_; ///< for the next batch
    /// The last failure ends its input (not only a text that is binary data: an archive's
    /// members after it are read).
    bool error_ends_input_ = true;
    std::atomic<std::uint64_t> done_bytes_{0}, in_progress_bytes_{0};
    std::uint64_t text_bytes_ = 0;
};

/// The progress line on stderr: bytes and %, games, games/s, ETA.
class Progress {
  public:
    explicit Progress(bool on) : on_(on), start_(Clock::now()), last_(start_) {}
    void update(std::uint64_t bytes, std::uint64_t total, std::uint64_t games, bool force = false) {
        if (!on_) return;
        auto now = Clock::now();
        if (!force && now - last_ < std::chrono::milliseconds(250)) return;
        last_ = now;
        double secs = std::chrono::duration<double>(now - start_).count();
        std::string line = fmt::format("\r{:.1f} MB", double(bytes) / 1e6);
        if (total) {
            double frac = double(bytes) / double(total);
            line += fmt::format(" ({:.1f}%)", 100 * frac);
            if (frac > 0.001 && secs > 0.5)
                line += fmt::format(", ETA {:.0f} s", secs / frac - secs);
        }
        line += fmt::format(", {} games, {:.0f} games/s   ", games,
                            secs > 0 ? double(games) / secs : 0.0);
        std::fputs(line.c_str(), stderr);
        shown_ = true;
    }
    void finish() {
        if (shown_) std::fputs("\r\033[K", stderr);
    }

  private:
    bool on_, shown_ = false;
    Clock::time_point start_, last_;
};

} // namespace

PipelineStats run_pipeline(const PipelineOptions& opts,
                           const std::function<BatchProcessor&(int worker)>& processor_for,
                           const std::function<bool(BatchOutput&)>& sink) {
    const auto started = Clock::now();
#if defined(__GLIBC__)
    // Batches and their outputs are buffers of a few MB, allocated and freed over and over.
    // By default glibc serves them with fresh mmap()s (and returns freed heap tops to the
    // kernel), so every batch pays its page faults again. Keep them on the heap instead: the
    // number of batches alive is bounded, so the memory stays flat.
    static const bool tuned = [] {
        mallopt(M_MMAP_THRESHOLD, 64 << 20);
        mallopt(M_TRIM_THRESHOLD, 256 << 20);
        return true;
    }();
    (void)tuned;
#endif
    std::atomic<bool> stop{false};
    BatchReader reader(opts, stop);
    Progress progress(opts.progress);
    PipelineStats stats;
    std::uint64_t games_done = 0;

    auto process = [&](BatchProcessor& processor, const Batch& batch, BatchOutput& output) {
        output.seq = batch.seq;
        output.io_error = batch.io_error;
        output.file_end = batch.file_end;
        output.warnings = batch.warnings;
        output.games = batch.games.size();
        output.bytes = batch.text.size();
        if (!batch.games.empty()) processor.process(batch, output);
    };
    auto deliver = [&](BatchOutput& output) {
        if (!output.warnings.empty() && !stop) {
            // For every command alike, in input order (a file name may hold any byte: shown
            // as a report shows text).
            std::fflush(stdout);
            std::string text;
            for (const std::string& warning : output.warnings) {
                text += message_prefix() + ": warning: ";
                append_display(text, warning, true);
                text += '\n';
            }
            std::fputs(text.c_str(), stderr);
        }
        games_done += output.games;
        stats.games += output.games;
        stats.bytes += output.bytes;
        if (!stop && !sink(output)) {
            stop = true;
            stats.stopped = true;
        }
        progress.update(reader.bytes_read(), reader.total_bytes(), games_done);
    };

    if (opts.jobs <= 1) {
        // Each game straight from the splitter's buffer; outputs go to the sink at the
        // places where next() would cut its batches, so the output is the same.
        BatchProcessor& processor = processor_for(0);
        BatchOutput output;
        std::uint64_t seq = 0;
        reader.run_direct(
            [&](const Batch& one_game) {
                output.games += 1;
                output.bytes += one_game.games.front().size;
                processor.process(one_game, output);
            },
            [&](std::string io_error, bool file_end) {
                output.seq = seq++;
                output.io_error = std::move(io_error);
                output.file_end = file_end;
                output.warnings = reader.take_warnings();
                deliver(output);
                // Cleared, not replaced: the buffers (tens of MB for fen) keep their
                // memory, still in cache, for the next batch.
                output.out.clear();
                output.rejects.clear();
                output.accepted.clear();
                output.splices.clear();
                output.lent.clear();
                output.err.clear();
                output.keys.clear();
                output.routed.clear();
                output.routes.clear();
                output.html.clear();
                output.encoding.clear();
                output.games = output.bytes = output.invalid = 0;
            });
    } else {
        // The workers take turns at the splitter: each cuts its own next batch (under
        // `reader_mutex`) and processes it, so the batch's text is in the cache of the core
        // that reads it, and no thread only splits. Outputs wait in `ordered` until they can
        // go to the sink in order: the worker that finishes the next one to write hands it
        // and those after it that wait over (one worker at a time: OrderedOutputs). No
        // thread only writes: on as many cores as workers, such a thread took a core from a
        // worker at every batch. A worker cuts no new batch while too many wait (a slow
        // early batch), so memory stays flat.
        const std::size_t max_waiting = std::size_t(opts.jobs) * 4 + 4;
        std::mutex state_mutex, reader_mutex;
        std::condition_variable space_cv;
        OrderedOutputs ordered;        // under state_mutex
        bool reading_finished = false; // under state_mutex
        std::exception_ptr failure;    // under state_mutex: what a worker threw

        std::vector<std::thread> workers;
        for (int worker = 0; worker < opts.jobs; ++worker) {
            BatchProcessor& worker_processor = processor_for(worker);
            workers.emplace_back([&, processor = &worker_processor] {
                try {
                    for (;;) {
                        {
                            std::unique_lock lock(state_mutex);
                            space_cv.wait(lock, [&] {
                                return stop || reading_finished || ordered.waiting() < max_waiting;
                            });
                            if (reading_finished) return;
                        }
                        Batch batch;
                        {
                            std::lock_guard reader_lock(reader_mutex);
                            const bool got = reader.next(batch);
                            std::lock_guard lock(state_mutex);
                            if (!got) {
                                if (!reading_finished) {
                                    reading_finished = true;
                                    space_cv.notify_all();
                                }
                                return;
                            }
                        }
                        BatchOutput output;
                        if (!stop)
                            process(*processor, batch, output);
                        else
                            output.seq = batch.seq;
                        std::unique_lock lock(state_mutex);
                        if (!ordered.add(std::move(output))) continue; // another writes it
                        while (std::optional<BatchOutput> next = ordered.take_next()) {
                            lock.unlock();
                            space_cv.notify_one();
                            deliver(*next);
                            if (stop) space_cv.notify_all();
                            lock.lock();
                        }
                    }
                } catch (...) {
                    // Handed to the caller once every worker has stopped.
                    std::lock_guard lock(state_mutex);
                    if (!failure) failure = std::current_exception();
                    stop = true;
                    space_cv.notify_all();
                }
            });
        }
        for (auto& worker : workers)
            if (worker.joinable()) worker.join();
        if (failure) std::rethrow_exception(failure);
    }
    progress.update(reader.bytes_read(), reader.total_bytes(), games_done, true);
    progress.finish();
    stats.files = reader.files();
    stats.io_errors = reader.io_errors();
    stats.past_last_game = reader.past_last_game();
    stats.empty = reader.empty();
    stats.text_bytes = reader.text_bytes();
    stats.shard_inputs = reader.take_shard_inputs();
    stats.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    return stats;
}

} // namespace pgnkit::app
