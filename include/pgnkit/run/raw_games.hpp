#pragma once
/// Raw games written back byte for byte (--rejects, --accepted, the kept games of convert):
/// the games whose kept text lacks bytes of the input, read again from the input at their
/// offset (Splice). Their separators: run/line_breaks.hpp.

#include "pgnkit/io/output.hpp"
#include "pgnkit/run/line_breaks.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::app {

/// A raw game (written back as the input holds it) whose span lacks bytes of the input (a
/// part longer than the kept limits, Elision, or the end of a truncated game): its kept text
/// stands at [at, at + size) of a buffer of BatchOutput, and the sink writes the game's own
/// bytes instead, read again from `file` at `offset` (write_raw_games()).
struct Splice {
    bool accepted = false; ///< in BatchOutput::accepted, else in `rejects` (validate) or `out`
    std::size_t at = 0, size = 0;
    std::shared_ptr<const std::string> file;
    std::uint64_t game = 0;               ///< 1-based number in its file (BatchGame::in_file)
    std::uint64_t offset = 0, length = 0; ///< the game in the input (GameSpan::offset, length)
    /// The kept text's first bytes that are the input's too (before its first elision): the
    /// bytes read again must begin with them (the file did not change).
    std::size_t same = 0;
};

/// Writes the game of `splice` to `out` as the input holds it, read again in pieces, and its
/// raw_separator(); `kept` is its kept text (the Splice's part of its buffer). Returns the
/// game's bytes written; sets `error` if the input cannot be read again (then 0 are written,
/// or fewer than the game's if it fails partway) or no longer begins the game as `kept` does
/// (then 0).
std::uint64_t write_game_bytes(OutputFile& out, const Splice& splice, std::string_view kept,
                               std::string& error);
/// Writes bytes somewhere (one of split's outputs); false when a write failed.
using WriteBytes = std::function<bool(std::string_view)>;
/// write_game_bytes() through `write`.
std::uint64_t write_game_bytes(const WriteBytes& write, const Splice& splice, std::string_view kept,
                               std::string& error);
/// Input text written into a BatchOutput's `out` by reference (Batch::text_lasts): `text`
/// stands at `at` of the buffer, between its bytes before and after that place.
struct LentText {
    std::size_t at = 0;
    std::string_view text;
};

/// Writes `text`, a buffer of a BatchOutput, to `out`: each of `splices` that is in it (its
/// `accepted` flag is `accepted`) as the input holds the game (write_game_bytes()); when that
/// fails, as kept, and a warning on stderr says so. False if a write failed (error(), or a
/// closed pipe).
bool write_raw_games(OutputFile& out, std::string_view text, const std::vector<Splice>& splices,
                     bool accepted);
/// write_raw_games() of BatchOutput::out (`accepted` false) with the input text it holds by
/// reference, `lent` (in order), in its places.
bool write_raw_games(OutputFile& out, std::string_view text, const std::vector<Splice>& splices,
                     std::span<const LentText> lent);
/// write_raw_games() through `write`, for `text` = the bytes [base, base + text.size()) of a
/// buffer of a BatchOutput (the splices' `at` count from the buffer's start); `splices` are
/// those in that range, in order.
bool write_raw_games(const WriteBytes& write, std::string_view text, std::size_t base,
                     std::span<const Splice> splices, bool accepted);

} // namespace pgnkit::app
