/// XiangqiValidator (check/xiangqi_validator.hpp): the checks of a xiangqi game.
#include "pgnkit/check/xiangqi_validator.hpp"

#include "pgnkit/check/detail/tag_values.hpp"
#include "pgnkit/pgn/span_tags.hpp"
#include "pgnkit/xiangqi/fen.hpp"
#include "pgnkit/xiangqi/movegen.hpp"
#include "pgnkit/xiangqi/outcome.hpp"

#include <fmt/format.h>

namespace pgnkit {

using pgnkit::detail::is_result_value;

std::string xiangqi_legal_moves_text(const xiangqi::Position& pos, xiangqi::Notation n,
                                     std::size_t limit) {
    const xiangqi::MoveList moves = xiangqi::legal_moves(pos);
    std::string out;
    for (std::size_t i = 0; i < moves.size() && i < limit; ++i) {
        if (!out.empty()) out += ", ";
        out += xiangqi::format_move(pos, moves[i], n);
    }
    return out;
}

void XiangqiValidator::add(Code code, const SourceLocation& loc, std::string message,
                           std::string_view token, const std::string& fen, int ply,
                           std::string suggestion) {
    const Severity sev = opts_.severities.get(code);
    if (sev == Severity::Ignore) return;
    Diagnostic& d = diags_.emplace_back();
    d.code = code;
    d.severity = sev;
    d.loc = loc;
    d.game = span_->index + 1;
    d.ply = ply;
    if (opts_.details) {
        d.message = std::move(message);
        d.token = std::string(token.substr(0, 80));
        d.fen = fen;
        d.suggestion = std::move(suggestion);
    }
    if (sev == Severity::Error) ++errors_;
}

void XiangqiValidator::read_tags(const GameSpan& span) {
    std::string_view v;
    // The players: Red and Black (xqbase, WXF), RedTeam/BlackTeam, else White and Black
    // (WinBoard and Fairy-Stockfish write White for Red).
    const auto first_of = [&](std::initializer_list<std::string_view> names, std::string& out) {
        out.clear();
        for (std::string_view n : names)
            if (find_span_tag(span, n, tag_buffer_, v) && !v.empty()) {
                out.assign(v);
                return;
            }
    };
    first_of({"Red", "RedTeam", "White"}, info_.white);
    first_of({"Black", "BlackTeam"}, info_.black);
    first_of({"Round"}, info_.round);
    first_of({"Event"}, info_.event);
    first_of({"Termination"}, info_.termination);
    info_.result_tag.clear();
    if (find_span_tag(span, "Result", tag_buffer_, v)) {
        info_.result_tag.assign(v);
        if (!is_result_value(v))
            add(Code::BadTag, {span.first_line, span.first_column, span.offset},
                fmt::format("Result tag '{}' is not a result (1-0, 0-1, 1/2-1/2, *)", v), v);
    }
}

void XiangqiValidator::check_tags(const SourceLocation& start) {
    const xiangqi::ReplayedGame& g = *game_;
    if (g.tags.empty()) {
        add(Code::MissingTag, start, std::string(pgnkit::detail::no_tags_message));
        return;
    }
    // The Seven Tag Roster with xiangqi's players: Red (else RedTeam, or White as WinBoard and
    // Fairy-Stockfish write it) and Black (else BlackTeam).
    static constexpr std::string_view roster[] = {"Event", "Site",  "Date",  "Round",
                                                  "Red",   "Black", "Result"};
    unsigned seen = 0;
    long plycount = -1;
    SourceLocation plycount_at = start;
    for (std::size_t i = 0; i < g.tags.size(); ++i) {
        const std::string_view name = g.tags[i].first, value = g.tags[i].second;
        const int k = name == "Event"                                         ? 0
                      : name == "Site"                                        ? 1
                      : name == "Date"                                        ? 2
                      : name == "Round"                                       ? 3
                      : name == "Red" || name == "RedTeam" || name == "White" ? 4
                      : name == "Black" || name == "BlackTeam"                ? 5
                      : name == "Result"                                      ? 6
                                                                              : -1;
        if (k >= 0) seen |= 1u << k;
        if (name == "Date" || name == "UTCDate" || name == "EventDate") {
            if (std::string why = pgnkit::detail::date_tag_problem(name, value); !why.empty())
                add(Code::BadDate, g.tag_at[i], std::move(why), value);
        } else if (name == "PlyCount" && plycount < 0) {
            plycount = pgnkit::detail::plycount_value(value);
            plycount_at = g.tag_at[i];
        }
    }
    if (seen != (1u << std::size(roster)) - 1) {
        std::string names;
        std::string message =
            pgnkit::detail::missing_roster_message(roster, seen, opts_.details, names);
        add(Code::MissingTag, start, std::move(message), names);
    }
    // PlyCount counts the main line's plies (PGN standard §9.2.1): only a main line replayed to
    // its end is counted, as for chess (check/result.cpp).
    if (plycount < 0 || !g.fen_error.empty()) return;
    for (const xiangqi::UnplayedMove& u : g.unplayed)
        if (u.depth == 0) return;
    const int plies = static_cast<int>(g.moves.size());
    if (plycount != plies)
        add(Code::PlyCountMismatch, plycount_at,
            pgnkit::detail::plycount_mismatch_message(plycount, plies), {}, {}, plies);
}

void XiangqiValidator::validate(const GameSpan& span) {
    span_ = &span;
    diags_.clear();
    errors_ = 0;
    info_.result_marker.clear();
    info_.plies = 0;
    info_.end = LineEnd::None;
    info_.decided_result = {};
    game_ = &replayer_.replay(span);
    const xiangqi::ReplayedGame& g = *game_;
    for (const Diagnostic& d : g.syntax) {
        const Severity sev = opts_.severities.get(d.code);
        if (sev == Severity::Ignore) continue;
        diags_.push_back(d);
        diags_.back().severity = sev;
        if (sev == Severity::Error) ++errors_;
    }
    read_tags(span);
    const SourceLocation start{span.first_line, span.first_column, span.offset};
    check_tags(start);
    info_.replayed = g.fen_error.empty();
    if (!info_.replayed) {
        add(Code::BadFen, start, "xiangqi FEN tag: " + g.fen_error);
        return;
    }
    info_.plies = static_cast<int>(g.moves.size());
    check_moves();
    check_result(g.moves.empty() ? start : g.moves.back().at);
    check_repetitions(g.moves.empty() ? start : g.moves.back().at);
}

void XiangqiValidator::check_repetitions(const SourceLocation& at_end) {
    const xiangqi::ReplayedGame& g = *game_;
    line_.clear();
    for (const xiangqi::PlayedMove& m : g.moves) line_.push_back(m.move);
    const xiangqi::RepetitionReport& r = judge_.judge(g.start, line_);
    const auto side = [](xiangqi::Color c) { return c == xiangqi::Color::Red ? "Red" : "Black"; };
    for (const xiangqi::RepetitionFinding& f : r.findings) {
        using xiangqi::RepetitionKind;
        const Code code = f.kind == RepetitionKind::Threefold        ? Code::Repetition
                          : f.kind == RepetitionKind::PerpetualCheck ? Code::PerpetualCheck
                          : f.kind == RepetitionKind::MutualPerpetualCheck
                              ? Code::MutualPerpetualCheck
                              : Code::PerpetualChase;
        std::string plies;
        for (int p : f.plies) {
            if (!plies.empty()) plies += ", ";
            plies += std::to_string(p);
        }
        std::string message;
        if (opts_.details) {
            switch (f.kind) {
            case RepetitionKind::Threefold:
                message = fmt::format("the position stood a third time (after plies {})", plies);
                break;
            case RepetitionKind::PerpetualCheck:
                message = fmt::format("perpetual check by {} (the position after plies {}): the "
                                      "checking side loses",
                                      side(f.offender), plies);
                break;
            case RepetitionKind::MutualPerpetualCheck:
                message = fmt::format("both sides checked throughout the cycle (the position "
                                      "after plies {}): a draw",
                                      plies);
                break;
            case RepetitionKind::PerpetualChase:
                message = fmt::format("perpetual chase by {} of the piece on {} (the position "
                                      "after plies {}), which the rules forbid",
                                      side(f.offender), xiangqi::square_name(f.chased), plies);
                break;
            }
        }
        const bool on_line = f.last_ply >= 1 && std::size_t(f.last_ply) <= g.moves.size();
        add(code, on_line ? g.moves[std::size_t(f.last_ply - 1)].at : at_end, std::move(message),
            on_line ? g.moves[std::size_t(f.last_ply - 1)].text : std::string_view(), {},
            f.last_ply);
    }
    if (r.fifty_moves_ply) {
        const int ply = *r.fifty_moves_ply;
        const bool on_line = ply >= 1 && std::size_t(ply) <= g.moves.size();
        add(Code::DrawClaimable, on_line ? g.moves[std::size_t(ply - 1)].at : at_end,
            fmt::format("100 plies without a capture after ply {}: a draw may be claimed", ply), {},
            {}, ply);
    }
    // A perpetual check decides the game: the result against it.
    // (Only a perpetual check: the rules of chasing differ between rule sets, so a perpetual
    // chase is a warning and decides no result here.)
    if (!r.verdict || !*r.verdict || info_.end != LineEnd::None || !r.verdict_finding ||
        *r.verdict_finding >= r.findings.size() ||
        r.findings[*r.verdict_finding].kind != xiangqi::RepetitionKind::PerpetualCheck)
        return;
    const xiangqi::Color loser = **r.verdict;
    const std::string_view decided = loser == xiangqi::Color::Red ? "0-1" : "1-0";
    const std::string& marker = info_.result_marker;
    const std::string_view result = !marker.empty() ? std::string_view(marker)
                                    : is_result_value(info_.result_tag)
                                        ? std::string_view(info_.result_tag)
                                        : std::string_view();
    info_.decided_result = decided;
    if (result.empty() || result == "*" || result == decided) return;
    add(Code::ResultContradictsPosition, at_end,
        fmt::format("result '{}' but the game ended in a perpetual check by {}, who loses (the "
                    "result is {})",
                    result, side(loser), decided),
        result, {}, static_cast<int>(g.moves.size()));
}

void XiangqiValidator::check_moves() {
    const xiangqi::ReplayedGame& g = *game_;
    for (const xiangqi::UnplayedMove& u : g.unplayed) {
        using xiangqi::MoveTextFault;
        const Code code = u.error.fault == MoveTextFault::Syntax      ? Code::BadSan
                          : u.error.fault == MoveTextFault::Ambiguous ? Code::AmbiguousMove
                                                                      : Code::IllegalMove;
        std::string suggestion;
        if (opts_.details && u.error.fault != MoveTextFault::Syntax) {
            auto parsed = xiangqi::parse_fen(u.fen_before);
            if (parsed) suggestion = xiangqi_legal_moves_text(parsed->position, u.notation, 12);
        }
        add(code, u.at,
            fmt::format("{} '{}' ({}{}): {}", code == Code::BadSan ? "unreadable move" : "move",
                        u.text, xiangqi::notation_name(u.notation),
                        u.depth > 0 ? ", in a variation" : "", u.error.message),
            u.text, u.fen_before, u.ply, std::move(suggestion));
    }
    if (g.mixed_at) {
        std::string names;
        for (int n = 0; n < 5; ++n)
            if (g.notations & (1u << n)) {
                if (!names.empty()) names += ", ";
                names += xiangqi::notation_name(static_cast<xiangqi::Notation>(n));
            }
        add(Code::MixedNotation, *g.mixed_at,
            fmt::format("moves in more than one notation ({}): the game starts in {}", names,
                        xiangqi::notation_name(g.first_notation)));
    }
}

void XiangqiValidator::check_result(const SourceLocation& at_end) {
    const xiangqi::ReplayedGame& g = *game_;
    info_.result_marker =
        g.result.empty() ? std::string() : std::string(normalize_result(g.result));
    const std::string& marker = info_.result_marker;
    const std::string& tag = info_.result_tag;
    // (A missing marker is the reader's missing-result, in game.syntax.)
    if (!marker.empty() && !tag.empty() && is_result_value(tag) && tag != marker)
        add(Code::ResultMismatch, at_end,
            fmt::format("the Result tag says '{}' but the movetext ends with '{}'", tag, marker),
            marker);
    // The final position decides only when the main line was read to its end.
    for (const xiangqi::UnplayedMove& u : g.unplayed)
        if (u.depth == 0) return;
    const xiangqi::Status st = xiangqi::status(g.end);
    if (!xiangqi::is_lost(st)) return;
    const bool red_lost = g.end.side_to_move() == xiangqi::Color::Red;
    info_.end = st == xiangqi::Status::Checkmate ? LineEnd::Checkmate : LineEnd::Stalemate;
    info_.decided_result = red_lost ? "0-1" : "1-0";
    const std::string_view r = !marker.empty()        ? std::string_view(marker)
                               : is_result_value(tag) ? std::string_view(tag)
                                                      : std::string_view();
    if (r.empty()) return;
    const char* side = red_lost ? "Red" : "Black";
    const char* how = st == xiangqi::Status::Checkmate ? "checkmated" : "stalemated (and loses)";
    const std::string fen = opts_.details ? xiangqi::write_fen(g.end) : std::string();
    const int ply = static_cast<int>(g.moves.size());
    if (r == "*")
        add(Code::UnrecordedResultAtEnd, at_end,
            fmt::format("result '*' (not recorded) but {} is {}: the result is {}", side, how,
                        info_.decided_result),
            r, fen, ply);
    else if (r != info_.decided_result)
        add(Code::ResultContradictsPosition, at_end,
            fmt::format("result '{}' but {} is {} (the result is {})", r, side, how,
                        info_.decided_result),
            r, fen, ply);
}

} // namespace pgnkit
