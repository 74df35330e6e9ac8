#include "pgnkit/chess/zobrist.hpp"

namespace pgnkit::chess::zobrist::detail {

const std::uint64_t random64[781] = {
#include "polyglot_random.inc"
};

} // namespace pgnkit::chess::zobrist::detail
