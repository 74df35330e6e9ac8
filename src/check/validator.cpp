/// GameValidator's game: set up once, reset at each game, the diagnostics it keeps, and what
/// end_game() does. The rest is by concept: tag_rules.cpp, replay.cpp (move() is inline in
/// validator.hpp), explain.cpp, result.cpp.

#include "pgnkit/check/validator.hpp"
#include "pgnkit/chess/fen.hpp"

#include <fmt/format.h>

namespace pgnkit {

using namespace chess;

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
    info_.decided_result = {};
    tag_filter_ = {};
    tag_count_ = 0;
    seven_seen_ = 0;
    has_fen_ = has_setup_ = has_variant_ = has_result_tag_ = false;
    game_tag_xiangqi_ = xiangqi_ = false;
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
void GameValidator::end_game() {
    if (xiangqi_) return; // not read (end_tags())
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

} // namespace pgnkit
