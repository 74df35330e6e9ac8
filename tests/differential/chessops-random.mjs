// Random games played by npm chessops (an independent implementation), for a differential
// test of the rules: legality, SAN (check and mate suffixes, disambiguation, castling,
// promotion, en passant), the ends of a game (checkmate, stalemate, dead position, the
// 75-move rule, fivefold repetition) and FEN after every ply.
//
// Usage: node chessops-random.mjs SEED GAMES games.pgn plies.tsv
//
// Writes the games as PGN (chessops' SAN; the Result from how the game ended, "*" when it
// was cut at 400 plies) and, for every main-line position after a move, a line
// game<TAB>ply<TAB>FEN<TAB>UCI of the next move, in the shape of
// `pgnkit fen -f tsv --columns game,ply,fen,move_uci`. One game in eight starts from a
// random Chess960 position. Moves are uniform among the legal ones, with captures and
// promotions preferred a third of the time so that games reach endgames, and a mate taken
// when one of six sampled moves gives it.
import { Chess } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { makeUci, squareFile, squareRank } from 'chessops/util';
import fs from 'fs';
import { legalMoves, random960, seeded } from './random-play.mjs';

const [seedArg, gamesArg, pgnPath, tsvPath] = process.argv.slice(2);
if (!tsvPath) {
  console.error('usage: node chessops-random.mjs SEED GAMES games.pgn plies.tsv');
  process.exit(2);
}

const { random, pick } = seeded(seedArg);


const pgn = [];
const tsv = [];
const games = Number(gamesArg);
for (let n = 1; n <= games; n++) {
  const chess960 = n % 8 === 0;
  const startFen = chess960 ? random960(pick) : null;
  const pos = startFen ? Chess.fromSetup(parseFen(startFen).unwrap()).unwrap() : Chess.default();
  const fenTag = startFen ? makeFen(pos.toSetup()) : null;
  const seen = new Map();
  const key = () => makeFen(pos.toSetup(), { epd: true });
  seen.set(key(), 1);
  const sans = [];
  const rows = [];
  let result = '*';
  for (let ply = 0; ply < 400; ply++) {
    const moves = legalMoves(pos);
    const forcing = moves.filter((m) => m.promotion || pos.board.has(m.to) && pos.board.get(m.to).color !== pos.turn);
    let move = forcing.length && random() < 1 / 3 ? pick(forcing) : pick(moves);
    // Mates are rare in random play: take one if a few sampled moves give it.
    for (let t = 0; t < 6; t++) {
      const m = pick(moves);
      const after = pos.clone();
      after.play(m);
      if (after.isCheckmate()) { move = m; break; }
    }
    // UCI: chessops writes castling as king-takes-rook; in standard chess the king moves to
    // its target square (pgnkit's and the engines' convention).
    const castle = pos.board.get(move.from).role === 'king' && pos.board.get(move.to)?.role === 'rook' &&
      pos.board.get(move.to).color === pos.turn;
    const uci = castle && !chess960
      ? makeUci({ from: move.from, to: (squareFile(move.to) > squareFile(move.from) ? 6 : 2) + 8 * squareRank(move.from) })
      : makeUci(move);
    if (rows.length) rows[rows.length - 1].uci = uci;
    sans.push(makeSan(pos, move));
    pos.play(move);
    rows.push({ fen: makeFen(pos.toSetup()), uci: '' });
    const k = key();
    seen.set(k, (seen.get(k) || 0) + 1);
    if (pos.isCheckmate()) { result = pos.turn === 'white' ? '0-1' : '1-0'; break; }
    if (pos.isStalemate() || pos.isInsufficientMaterial() || pos.halfmoves >= 150 || seen.get(k) >= 5) {
      result = '1/2-1/2';
      break;
    }
  }
  const tags = [['Event', `random ${seedArg}`], ['Site', '?'], ['Date', '2026.11.30'], ['Round', String(n)],
    ['White', 'a'], ['Black', 'b'], ['Result', result]];
  if (fenTag) tags.push(['Variant', 'Chess960'], ['SetUp', '1'], ['FEN', fenTag]);
  let text = tags.map(([k, v]) => `[${k} "${v}"]`).join('\n') + '\n\n';
  const words = sans.map((s, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${s}` : s));
  words.push(result);
  text += words.join(' ') + '\n';
  pgn.push(text);
  rows.forEach((r, i) => tsv.push(`${n}\t${i + 1}\t${r.fen}\t${r.uci}`));
}
fs.writeFileSync(pgnPath, pgn.join('\n'));
fs.writeFileSync(tsvPath, tsv.join('\n') + (tsv.length ? '\n' : ''));
