#include "pgnkit/cmd/fen/fen_command.hpp"
#include "pgnkit/cmd/fen/detail/position_export.hpp"
#include "pgnkit/io/output.hpp"
#include "pgnkit/run/error_tally.hpp"
#include "pgnkit/run/messages.hpp"
#include "pgnkit/run/pipeline.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <unordered_set>

namespace pgnkit::app {

using fen_detail::Col;
using fen_detail::FenProcessor;
using fen_detail::FenStats;

int run_fen(const FenRunOptions& opts) {
    std::vector<Col> cols;
    if (opts.columns.empty()) {
        for (std::size_t i = 0; i < position_columns().size(); ++i) cols.push_back(Col(i));
    } else {
        for (const auto& name : opts.columns) {
            std::size_t i = 0;
            while (i < position_columns().size() && position_columns()[i] != name) ++i;
            if (i == position_columns().size())
                throw std::runtime_error(fmt::format("unknown column '{}' (known: {})", name,
                                                     fmt::join(position_columns(), ", ")));
            cols.push_back(Col(i));
        }
    }
    std::vector<std::unique_ptr<FenProcessor>> procs;
    for (int i = 0; i < std::max(1, opts.jobs); ++i)
        procs.push_back(std::make_unique<FenProcessor>(opts, cols));

    OutputFile out(opts.output, opts.output_options);
    // (--shard: shard 1 only, so that the shards' outputs concatenate to one run's)
    if ((opts.format == PositionFormat::Csv || opts.format == PositionFormat::Tsv) &&
        (!opts.shard.active() || opts.shard.index == 1)) {
        std::string header;
        for (std::size_t i = 0; i < cols.size(); ++i) {
            if (i) header += opts.format == PositionFormat::Csv ? ',' : '\t';
            header += position_columns()[std::size_t(cols[i])];
        }
        header += '\n';
        out.write(header);
    }
    std::unordered_set<std::uint64_t> seen;
    std::uint64_t unique_written = 0, duplicates = 0, invalid_written = 0;
    int io_errors = 0;
    PipelineOptions po;
    po.inputs = opts.inputs;
    po.jobs = opts.jobs;
    po.progress = opts.progress;
    po.shard = opts.shard;
    // Every format but fen writes game numbers: one run's, so that the shards concatenate.
    po.run_numbers = opts.format != PositionFormat::Fen;
    std::string filtered;
    auto stats = run_pipeline(
        po, [&](int w) -> BatchProcessor& { return *procs[std::size_t(w)]; },
        [&](BatchOutput& b) {
            invalid_written += b.invalid;
            if (!b.err.empty()) std::fwrite(b.err.data(), 1, b.err.size(), stderr);
            if (!b.io_error.empty()) {
                ++io_errors;
                fmt::print(stderr, "{}: error: {}\n", message_prefix(), b.io_error);
            }
            if (!opts.unique) return out.write(b.out);
            // Dedup in input order, here at the sink (one batch at a time, in order), so every
            // --jobs gives the same bytes.
            filtered.clear();
            std::size_t pos = 0;
            for (std::uint64_t key : b.keys) {
                std::size_t end = b.out.view().find('\n', pos) + 1;
                if (seen.insert(key).second) {
                    filtered.append(b.out.view(), pos, end - pos);
                    ++unique_written;
                } else
                    ++duplicates;
                pos = end;
            }
            return out.write(filtered);
        });
    if (!out.broken_pipe() && out.error().empty()) out.commit();
    if (!out.error().empty()) {
        fmt::print(stderr, "{}: error: {}\n", message_prefix(), out.error());
        return 2;
    }
    FenStats total;
    ErrorTally errors;
    for (auto& p : procs) {
        total.games += p->stats.games;
        total.invalid += p->stats.invalid;
        total.positions += p->stats.positions;
        total.errors += p->stats.errors;
        errors.merge(p->errors);
    }
    if (opts.unique) total.positions = unique_written;
    // Games with an error are never passed over in silence: which check, and what changes it.
    if (opts.summary || total.invalid) {
        std::string with_errors;
        if (total.invalid)
            with_errors = fmt::format(": {}; {}", errors.by_code(),
                                      opts.valid_only ? "skipped (--valid-only)"
                                                      : "positions up to the error written");
        fmt::print(stderr, "{}: {} game{} ({} with errors{}), {} positions written{}{}\n",
                   message_prefix(), total.games, total.games == 1 ? "" : "s", total.invalid,
                   with_errors, total.positions,
                   opts.unique ? fmt::format(" ({} repeated positions dropped)", duplicates) : "",
                   total.invalid ? "; " + errors.remedy(false) : "");
    }
    if (stats.io_errors || io_errors) return 2;
    // The games handed to the output: with stdout closed early (| head), not those the workers
    // had replayed ahead.
    return invalid_written ? 1 : 0;
}

} // namespace pgnkit::app
