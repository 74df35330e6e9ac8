#include "pgnkit/xiangqi/outcome.hpp"

#include "pgnkit/xiangqi/movegen.hpp"

namespace pgnkit::xiangqi {

Status status(const Position& pos) {
    const bool check = pos.in_check();
    if (has_legal_move(pos)) return check ? Status::Check : Status::Ongoing;
    return check ? Status::Checkmate : Status::Stalemate;
}

} // namespace pgnkit::xiangqi
