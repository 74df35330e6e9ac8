// Damaged games for a differential test of validate's verdicts: random games played by npm
// chessops, then one change to each (7 in 8): a move replaced by one from another game or by
// a made-up SAN token (piece, disambiguation, capture, square, promotion, suffix, castling),
// two moves swapped, a move deleted or written twice; half of the changed games keep their
// moves and carry the changed ones in a variation. chessops then replays the changed
// moves and says where the game first goes wrong: at a move that no legal move matches
// (pgnkit: illegal-move, ambiguous-move or bad-san), or at a move after the game has ended
// (checkmate, stalemate, dead position, the 75-move rule, fivefold repetition; pgnkit:
// move-after-game-end).
//
// Usage: node chessops-mutate.mjs SEED GAMES games.pgn expected.tsv
//
// expected.tsv has a line per game: game<TAB>verdict<TAB>ply<TAB>token, where the verdict is
// `ok` (no error: ply 0), `bad` or `end`, ply counts from 1 in the main line and token is the
// move text there. The Result is `*`, or the result of the last position when the changed
// game stays legal to an end; the movetext is numbered by the order of the moves as written. One game in eight starts from a Chess960 position.
import { Chess } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSan, parseSan } from 'chessops/san';
import fs from 'fs';
import { legalMoves, random960, seeded } from './random-play.mjs';

const [seedArg, gamesArg, pgnPath, tsvPath] = process.argv.slice(2);
if (!tsvPath) {
  console.error('usage: node chessops-mutate.mjs SEED GAMES games.pgn expected.tsv');
  process.exit(2);
}

const { random, pick } = seeded(seedArg);
const chance = (p) => random() < p;


const startPosition = (fen) => (fen ? Chess.fromSetup(parseFen(fen).unwrap()).unwrap() : Chess.default());
const epd = (pos) => makeFen(pos.toSetup(), { epd: true });
// Whether the game is over in `pos` (seen: repetition counts by EPD).
const ended = (pos, seen) =>
  pos.isCheckmate() || pos.isStalemate() || pos.isInsufficientMaterial() || pos.halfmoves >= 150 ||
  seen.get(epd(pos)) >= 5;

// A random game: uniform moves, captures and promotions preferred a third of the time, a
// mate taken when one of six sampled moves gives it; it stops where the rules end it.
const playGame = (fen) => {
  const pos = startPosition(fen);
  const seen = new Map([[epd(pos), 1]]);
  const sans = [];
  const length = 10 + Math.floor(random() * 150);
  while (sans.length < length && !ended(pos, seen)) {
    const moves = legalMoves(pos);
    const forcing = moves.filter((m) => m.promotion || (pos.board.has(m.to) && pos.board.get(m.to).color !== pos.turn));
    let move = forcing.length && chance(1 / 3) ? pick(forcing) : pick(moves);
    for (let t = 0; t < 6; t++) {
      const m = pick(moves);
      const after = pos.clone();
      after.play(m);
      if (after.isCheckmate()) {
        move = m;
        break;
      }
    }
    sans.push(makeSan(pos, move));
    pos.play(move);
    seen.set(epd(pos), (seen.get(epd(pos)) || 0) + 1);
  }
  return sans;
};

const files = 'abcdefgh';
// A made-up SAN token: often legal-looking, often not legal.
const madeUp = () => {
  if (chance(0.08)) return pick(['O-O', 'O-O-O', 'O-O+', 'O-O-O+']);
  const piece = pick(['', '', 'N', 'B', 'R', 'Q', 'K']);
  const to = pick([...files]) + String(1 + Math.floor(random() * 8));
  let text = piece;
  if (piece === '') {
    if (chance(0.4)) text += pick([...files]) + 'x';
  } else {
    if (chance(0.15)) text += pick([...files]);
    if (chance(0.1)) text += String(1 + Math.floor(random() * 8));
    if (chance(0.3)) text += 'x';
  }
  text += to;
  if (piece === '' && (to[1] === '8' || to[1] === '1') && chance(0.8)) text += '=' + pick(['Q', 'R', 'B', 'N']);
  if (chance(0.15)) text += pick(['+', '#']);
  return text;
};

const pool = [];
const pgn = [];
const tsv = [];
const games = Number(gamesArg);
for (let n = 1; n <= games; n++) {
  const fen = n % 8 === 0 ? random960(pick) : null;
  const sans = playGame(fen);
  const k = Math.floor(random() * sans.length);
  const kind = Math.floor(random() * 8);
  const moves = sans.slice();
  if (kind === 1 && pool.length) moves[k] = pick(pool);
  else if (kind === 2 && k + 1 < moves.length) [moves[k], moves[k + 1]] = [moves[k + 1], moves[k]];
  else if (kind === 3) moves.splice(k, 1);
  else if (kind === 4) moves.splice(k, 0, moves[k]);
  else if (kind >= 5) moves[k] = madeUp();
  for (let t = 0; t < 4; t++) pool.push(pick(sans));
  if (pool.length > 4096) pool.splice(0, pool.length - 4096);

  // Where the changed game first goes wrong, as chessops sees it.
  const pos = startPosition(fen);
  const seen = new Map([[epd(pos), 1]]);
  let verdict = ['ok', 0, ''];
  for (let i = 0; i < moves.length; i++) {
    if (ended(pos, seen)) {
      verdict = ['end', i + 1, moves[i]];
      break;
    }
    const move = parseSan(pos, moves[i]);
    // chessops writes castling as the king taking its own rook, and so reads `Kd8` (a king
    // move onto its rook) as castling; in SAN castling is O-O or O-O-O, and pgnkit reads the
    // king move as illegal (the square is occupied).
    const castlingAsKingMove = move && !moves[i].startsWith('O') && pos.board.get(move.from)?.role === 'king' &&
      pos.board.get(move.to)?.color === pos.turn;
    if (!move || castlingAsKingMove) {
      verdict = ['bad', i + 1, moves[i]];
      break;
    }
    pos.play(move);
    seen.set(epd(pos), (seen.get(epd(pos)) || 0) + 1);
  }
  // A game that stays legal to its end gets the result its last position has (a `*` after
  // checkmate contradicts the position).
  const resultOf = (p, counts) =>
    !ended(p, counts) ? '*' : p.isCheckmate() ? (p.turn === 'white' ? '0-1' : '1-0') : '1/2-1/2';
  // Half the changed games keep their moves as the main line and carry the change in a
  // variation that replaces move k: the first error is then the variation's.
  const inVariation = kind !== 0 && k < moves.length && chance(0.5);
  let result = verdict[0] === 'ok' ? resultOf(pos, seen) : '*';
  if (inVariation) {
    const main = startPosition(fen);
    const counts = new Map([[epd(main), 1]]);
    for (const san of sans) {
      main.play(parseSan(main, san));
      counts.set(epd(main), (counts.get(epd(main)) || 0) + 1);
    }
    result = resultOf(main, counts);
  }
  const tags = [['Event', `mutate ${seedArg}`], ['Site', '?'], ['Date', '2026.12.01'], ['Round', String(n)],
    ['White', 'a'], ['Black', 'b'], ['Result', result]];
  if (fen) tags.push(['Variant', 'Chess960'], ['SetUp', '1'], ['FEN', fen]);
  // The moves list[from..to) numbered as in a game from move 1 (`12...` where a segment
  // starts with Black's move).
  const numbered = (list, from, to) =>
    list.slice(from, to).map((san, j) => {
      const i = from + j;
      if (i % 2 === 0) return `${i / 2 + 1}. ${san}`;
      return j === 0 ? `${(i - 1) / 2 + 1}... ${san}` : san;
    });
  const words = inVariation
    ? [...numbered(sans, 0, k + 1), '(', ...numbered(moves, k, moves.length), ')', ...numbered(sans, k + 1, sans.length)]
    : numbered(moves, 0, moves.length);
  words.push(result);
  pgn.push(tags.map(([name, value]) => `[${name} "${value}"]`).join('\n') + '\n\n' + words.join(' ').replace(/\( /g, '(').replace(/ \)/g, ')') + '\n');
  tsv.push(`${n}\t${verdict[0]}\t${verdict[1]}\t${verdict[2]}`);
}
fs.writeFileSync(pgnPath, pgn.join('\n'));
fs.writeFileSync(tsvPath, tsv.join('\n') + '\n');
