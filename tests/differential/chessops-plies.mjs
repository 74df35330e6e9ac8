// Per-ply FEN and UCI of every main line, computed by npm chessops (an independent
// implementation), in the shape of `pgnkit fen -f tsv --columns game,ply,fen,move_uci`.
// Usage: node chessops-plies.mjs < games.pgn > plies.tsv
// A game chessops cannot replay to its end prints one line "game<TAB>ERROR".
import { parsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { makeFen } from 'chessops/fen';
import { makeUci, squareFile, squareRank } from 'chessops/util';
import fs from 'fs';

const text = fs.readFileSync(0, 'latin1'); // bytes as-is: tags are not compared
const out = [];
let n = 0;
for (const game of parsePgn(text)) {
  n++;
  const start = startingPosition(game.headers);
  if (start.isErr) { out.push(`${n}\tERROR`); continue; }
  const pos = start.value;
  const variant = (game.headers.get('Variant') || '').toLowerCase();
  const chess960 = variant.includes('960') || variant.includes('fischer');
  // chessops encodes castling as king-takes-rook; UCI for standard chess moves the king to
  // its target square (the convention pgnkit and engines use).
  const uci = (move) => {
    if (!chess960 && pos.board.get(move.from)?.role === 'king' && pos.board.get(move.to)?.role === 'rook' &&
        pos.board.get(move.to)?.color === pos.turn) {
      const kingTo = (squareFile(move.to) > squareFile(move.from) ? 6 : 2) + 8 * squareRank(move.from);
      return makeUci({ from: move.from, to: kingTo });
    }
    return makeUci(move);
  };
  const rows = [];
  let ok = true;
  for (const node of game.moves.mainline()) {
    const move = parseSan(pos, node.san);
    if (!move) { ok = false; break; }
    if (rows.length) rows[rows.length - 1].uci = uci(move);
    pos.play(move);
    rows.push({ fen: makeFen(pos.toSetup()), uci: '' });
  }
  if (!ok) { out.push(`${n}\tERROR`); continue; }
  rows.forEach((r, i) => out.push(`${n}\t${i + 1}\t${r.fen}\t${r.uci}`));
}
process.stdout.write(out.join('\n') + (out.length ? '\n' : ''));
