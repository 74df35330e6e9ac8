#pragma once
/// The step tables of the move generator and the attack tests, built once: for each point,
/// the points each kind of piece reaches and the point that can block it (horse leg,
/// elephant eye), and the four rays to the edge. Mailbox lookups over these tables keep the
/// generator simple (a 90-point board needs no padding: the tables hold only points on it).

#include "pgnkit/xiangqi/types.hpp"

#include <cstdint>

namespace pgnkit::xiangqi::detail {

/// A step with the point that blocks it (NoSquare: nothing can).
struct Step {
    Square to;
    Square block;
};

/// Up to 8 steps from one point.
struct Steps {
    std::uint8_t size = 0;
    Step step[8];
    const Step* begin() const { return step; }
    const Step* end() const { return step + size; }
};

/// One ray: the points from a point to the edge, nearest first.
struct Ray {
    std::uint8_t size = 0;
    Square point[9];
    const Square* begin() const { return point; }
    const Square* end() const { return point + size; }
};

/// Ray directions: up (towards rank 9), down, right (towards file i), left.
enum Direction { Up = 0, Down = 1, Right = 2, Left = 3 };

struct Tables {
    Ray ray[Points][4];
    /// Horse moves from a point: target and leg.
    Steps horse[Points];
    /// Horses that attack a point: the horse's point and its leg.
    Steps horse_attackers[Points];
    /// Elephant moves from a point, staying on its half: target and eye.
    Steps elephant[Points];
    /// Advisor moves within the palace the point is in.
    Steps advisor[Points];
    /// General moves within the palace the point is in.
    Steps general[Points];
    /// Soldier moves of each side from a point (forward; sideways once across the river).
    Steps soldier[2][Points];
};

/// The tables, built at compile time (tables.cpp).
extern const Tables tables_instance;
inline const Tables& tables() { return tables_instance; }

} // namespace pgnkit::xiangqi::detail
