// Shared by chessops-random.mjs and chessops-mutate.mjs: a seeded generator, random Chess960
// start positions and the legal moves of a chessops position (promotions spelled out).

// mulberry32: a small seeded generator, so a run can be repeated exactly. Returns
// { random, pick }: a number in [0, 1) and a uniform element of a list.
export const seeded = (seed) => {
  let state = Number(seed) >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { random, pick: (list) => list[Math.floor(random() * list.length)] };
};

// A Chess960 start position (FEN): bishops on squares of both colours, the king between the
// rooks.
export const random960 = (pick) => {
  const rank = Array(8).fill('');
  rank[pick([0, 2, 4, 6])] = 'b';
  rank[pick([1, 3, 5, 7])] = 'b';
  const free = () => rank.flatMap((p, i) => (p ? [] : [i]));
  rank[pick(free())] = 'q';
  rank[pick(free())] = 'n';
  rank[pick(free())] = 'n';
  const [a, k, h] = free();
  rank[a] = 'r';
  rank[k] = 'k';
  rank[h] = 'r';
  const black = rank.join('');
  return `${black}/pppppppp/8/8/8/8/PPPPPPPP/${black.toUpperCase()} w KQkq - 0 1`;
};

// The legal moves of `pos`, a pawn move to the last rank once per promotion piece.
export const legalMoves = (pos) => {
  const moves = [];
  for (const [from, dests] of pos.allDests()) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      const last = (to >> 3) === (piece.color === 'white' ? 7 : 0);
      if (piece.role === 'pawn' && last)
        for (const promotion of ['queen', 'rook', 'bishop', 'knight']) moves.push({ from, to, promotion });
      else moves.push({ from, to });
    }
  }
  return moves;
};
