// Move notation: SAN, LAN, UCI. See notation.hpp for the contract; PGN standard §8.2.3 for SAN.
#include "pgnkit/chess/notation.hpp"

#include "pgnkit/chess/movegen.hpp"

#include <array>
#include <cstddef>
#include <cstring>

namespace pgnkit::chess {

namespace {

constexpr std::string_view EnglishLetters = "KQRBNP";
/// The order of SanParseOptions::piece_letters.
constexpr PieceType LetterOrder[6] = {PieceType::King,   PieceType::Queen,  PieceType::Rook,
                                      PieceType::Bishop, PieceType::Knight, PieceType::Pawn};

constexpr bool is_file(char c) { return c >= 'a' && c <= 'h'; }
constexpr bool is_rank(char c) { return c >= '1' && c <= '8'; }
constexpr bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
constexpr bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
constexpr char to_upper(char c) { return is_lower(c) ? char(c - 'a' + 'A') : c; }
constexpr unsigned char byte(char c) { return static_cast<unsigned char>(c); }

std::string_view letters_or_english(std::string_view letters) {
    return letters.size() >= 5 ? letters : EnglishLetters;
}

/// An upper-case piece letter in the given language, or None.
PieceType piece_from_letter(char c, std::string_view letters) {
    if (letters.data() == EnglishLetters.data()) {
        switch (c) {
        case 'K': return PieceType::King;
        case 'Q': return PieceType::Queen;
        case 'R': return PieceType::Rook;
        case 'B': return PieceType::Bishop;
        case 'N': return PieceType::Knight;
        case 'P': return PieceType::Pawn;
        default: return PieceType::None;
        }
    }
    const std::size_t n = letters.size() < 6 ? letters.size() : 6;
    for (std::size_t i = 0; i < n; ++i)
        if (letters[i] == c) return LetterOrder[i];
    return PieceType::None;
}

/// The piece of a chess figurine (U+2654 ♔ … U+265F ♟, UTF-8 E2 99 94…9F) at the start of
/// `s`, or None. Both colours' glyphs name the piece type only (FAN).
PieceType figurine_at(std::string_view s) {
    if (s.size() < 3 || byte(s[0]) != 0xE2 || byte(s[1]) != 0x99) return PieceType::None;
    const unsigned b = byte(s[2]);
    if (b < 0x94 || b > 0x9F) return PieceType::None;
    return LetterOrder[(b - 0x94) % 6]; // ♔♕♖♗♘♙ then ♚♛♜♝♞♟: K Q R B N P
}

/// NAG of a Unicode annotation glyph in the General Punctuation block (E2 80 BC ‼,
/// E2 81 87 ⁇, E2 81 88 ⁈, E2 81 89 ⁉), or 0.
std::uint8_t unicode_annotation_nag(unsigned char b1, unsigned char b2) {
    if (b1 == 0x80 && b2 == 0xBC) return 3; // ‼ !!
    if (b1 == 0x81 && b2 == 0x87) return 4; // ⁇ ??
    if (b1 == 0x81 && b2 == 0x88) return 6; // ⁈ ?!
    if (b1 == 0x81 && b2 == 0x89) return 5; // ⁉ !?
    return 0;
}

/// NAG of a move suffix annotation (PGN standard §10: $1 … $6), or 0.
std::uint8_t ascii_annotation_nag(std::string_view s) {
    if (s == "!") return 1;
    if (s == "?") return 2;
    if (s == "!!") return 3;
    if (s == "??") return 4;
    if (s == "!?") return 5;
    if (s == "?!") return 6;
    return 0;
}

bool ends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

/// O-O, O-O-O and their zero and lower-case forms (§8.2.3.3 wants the letter O).
San::Kind castling_kind(std::string_view body, std::uint32_t& liberties) {
    if (body.size() != 3 && body.size() != 5) return San::Kind::Normal;
    const char o = body[0];
    if (o != 'O' && o != '0' && o != 'o') return San::Kind::Normal;
    for (std::size_t i = 1; i < body.size(); ++i)
        if (body[i] != (i % 2 ? '-' : o)) return San::Kind::Normal;
    if (o != 'O') liberties |= LibCastlingZeros;
    return body.size() == 3 ? San::Kind::CastleKing : San::Kind::CastleQueen;
}

/// Origins of `us`'s pieces of type `pt` (not pawns) that attack `to`. Sliders are found by
/// ray masks and the between table (one or two pieces of a type are the rule), not magics.
Bitboard piece_origins(const Position& pos, PieceType pt, Square to, Color us) {
    const Bitboard occ = pos.pieces();
    switch (pt) {
    case PieceType::Knight: return knight_attacks(to) & pos.pieces(us, PieceType::Knight);
    case PieceType::Bishop: return slider_attackers(to, pos.pieces(us, PieceType::Bishop), 0, occ);
    case PieceType::Rook: return slider_attackers(to, 0, pos.pieces(us, PieceType::Rook), occ);
    case PieceType::Queen:
        return slider_attackers(to, pos.pieces(us, PieceType::Queen),
                                pos.pieces(us, PieceType::Queen), occ);
    case PieceType::King: return king_attacks(to) & pos.pieces(us, PieceType::King);
    case PieceType::Pawn:
    case PieceType::None: return 0;
    }
    return 0;
}

/// The pawn of `us` that can push to the empty square `to` (one step, or two from its
/// start rank), or 0.
Bitboard pawn_push_origin(const Position& pos, Color us, Square to) {
    const Bitboard pawns = pos.pieces(us, PieceType::Pawn);
    const Square s1 = to - pawn_push(us);
    if (pawns & bb(s1)) return bb(s1);
    if (relative_rank(us, to) == 3 && pos.empty(s1) && (pawns & bb(s1 - pawn_push(us))))
        return bb(s1 - pawn_push(us));
    return 0;
}

/// Whether moving the piece on `from` (not the king) to `to` uncovers no enemy slider on
/// `ksq`, the king of the side to move, which is not in check. Only a slider on the line
/// through the king and `from` can be uncovered, and only when the piece leaves that line.
/// True is certain; false means "ask Position::is_legal".
inline bool uncovers_nothing(const Position& pos, Square from, Square to, Square ksq) {
    const Bitboard orth = orth_rays(ksq), diag = diag_rays(ksq);
    if (!((orth | diag) & bb(from))) return true;
    const Color them = ~pos.side_to_move();
    const Bitboard snipers = (orth & pos.pieces(them, PieceType::Rook, PieceType::Queen)) |
                             (diag & pos.pieces(them, PieceType::Bishop, PieceType::Queen));
    const Bitboard line = line_bb(ksq, from);
    return !(line & snipers) || (line & bb(to));
}

/// Position::is_legal with a shortcut: out of check, a piece other than the king that is
/// not on a line with its king and an enemy slider, or that stays on that line, cannot
/// expose the king.
bool is_legal_fast(const Position& pos, Move m, Square ksq) {
    if (!pos.in_check() && m.kind() != Move::EnPassant && m.from() != ksq &&
        uncovers_nothing(pos, m.from(), m.to(), ksq))
        return true;
    return pos.is_legal(m);
}

/// The disambiguation §8.2.3.4 asks for when `from` moves and `legal` holds the origins of
/// every legal move of that piece type to the same square: file first, then rank, then both.
void needed_disambiguation(Bitboard legal, Square from, bool& need_file, bool& need_rank) {
    const Bitboard others = legal & ~bb(from);
    need_file = need_rank = false;
    if (!others) return;
    if (!(others & file_bb(file_of(from))))
        need_file = true;
    else if (!(others & rank_bb(rank_of(from))))
        need_rank = true;
    else
        need_file = need_rank = true;
}

/// Whether the legal move `m` gives check, from bitboards of the position after it (no
/// copy of the position). Covers direct, discovered (also by en passant and castling) checks.
bool gives_check(const Position& pos, Move m) {
    if (m.is_null()) return false;
    const Color us = pos.side_to_move(), them = ~us;
    const Square ksq = pos.king_square(them);
    if (ksq == NoSquare) return false;
    const Square from = m.from(), to = m.to();
    Bitboard occ = pos.pieces();
    Bitboard pawns = pos.pieces(us, PieceType::Pawn);
    Bitboard knights = pos.pieces(us, PieceType::Knight);
    Bitboard diag = pos.pieces(us, PieceType::Bishop, PieceType::Queen);
    Bitboard orth = pos.pieces(us, PieceType::Rook, PieceType::Queen);
    if (m.is_castling()) {
        const CastleSide side = Position::castle_side(m);
        const Square kto = Position::castle_king_to(us, side);
        const Square rto = Position::castle_rook_to(us, side);
        occ = (occ ^ bb(from) ^ bb(to)) | bb(kto) | bb(rto);
        orth = (orth & ~bb(to)) | bb(rto);
    } else {
        const PieceType moved = type_of(pos.piece_on(from));
        const PieceType now = m.kind() == Move::Promotion ? m.promotion() : moved;
        const Bitboard fb = bb(from), tb = bb(to);
        occ = (occ & ~fb) | tb;
        if (m.kind() == Move::EnPassant) occ &= ~bb(to - pawn_push(us));
        pawns &= ~fb;
        knights &= ~fb;
        diag &= ~fb;
        orth &= ~fb;
        switch (now) {
        case PieceType::Pawn: pawns |= tb; break;
        case PieceType::Knight: knights |= tb; break;
        case PieceType::Bishop: diag |= tb; break;
        case PieceType::Rook: orth |= tb; break;
        case PieceType::Queen:
            diag |= tb;
            orth |= tb;
            break;
        case PieceType::King:
        case PieceType::None: break;
        }
    }
    if ((pawn_attacks(them, ksq) & pawns) || (knight_attacks(ksq) & knights)) return true;
    return slider_attackers(ksq, diag, orth, occ) != 0;
}

/// '+', '#' or nothing for a legal move (§8.2.3.5). The mate test plays the move only when
/// it gives check.
char check_suffix_of(const Position& pos, Move m) {
    if (!gives_check(pos, m)) return 0;
    return has_legal_move(pos.after(m)) ? '+' : '#';
}

char* put_square(char* out, Square s) {
    *out++ = char('a' + file_of(s));
    *out++ = char('1' + rank_of(s));
    return out;
}

/// The piece letter (in `letters`' language) or its white figurine (U+2654 + index).
char* put_piece(char* out, PieceType pt, std::string_view letters, bool figurine) {
    int i = 0;
    while (i < 5 && LetterOrder[i] != pt) ++i;
    if (figurine) {
        *out++ = char(0xE2);
        *out++ = char(0x99);
        *out++ = char(0x94 + i);
    } else {
        *out++ = letters_or_english(letters)[std::size_t(i)];
    }
    return out;
}

/// The non-pawn origin squares from which `us` could legally move a `pt` to `to`.
Bitboard legal_origins(const Position& pos, PieceType pt, Square to) {
    Bitboard legal = 0;
    for (Bitboard b = piece_origins(pos, pt, to, pos.side_to_move()); b;) {
        const Square s = pop_lsb(b);
        if (is_legal_fast(pos, Move(s, to), pos.king_square(pos.side_to_move()))) legal |= bb(s);
    }
    return legal;
}

/// Records a resolution failure; returns false.
bool fail(SanError& error, SanError e) {
    error = e;
    return false;
}
} // namespace

bool is_ep_suffix_token(std::string_view t) {
    char buf[4];
    if (t.size() < 2 || t.size() > 4) return false;
    for (std::size_t i = 0; i < t.size(); ++i)
        buf[i] = is_upper(t[i]) ? char(t[i] - 'A' + 'a') : t[i];
    const std::string_view s(buf, t.size());
    return s == "e.p." || s == "e.p" || s == "ep" || s == "ep.";
}

namespace {

/// The common shapes of export-format SAN in English, without promotion: [KQRBN][a-h]?[1-8]?
/// x?[a-h][1-8][+#]? and pawn moves e4, exd5 (with +/#). Returns false to defer to the full
/// parser, which gives the same answer for these tokens (the fast path is only faster).
bool parse_common_san(std::string_view text, San& out) {
    const char* p = text.data();
    std::size_t e = text.size();
    if (e < 2 || e > 7) return false;
    bool check = false, mate = false;
    if (p[e - 1] == '+') {
        check = true;
        --e;
    } else if (p[e - 1] == '#') {
        mate = true;
        --e;
    }
    if (e < 2 || !is_rank(p[e - 1]) || !is_file(p[e - 2])) return false;
    San s;
    s.to = make_square(p[e - 2] - 'a', p[e - 1] - '1');
    s.check = check;
    s.mate = mate;
    std::size_t k = e - 2;
    if (k == 0) { // e4
        out = s;
        return true;
    }
    std::size_t i = 1;
    switch (p[0]) {
    case 'N': s.piece = PieceType::Knight; break;
    case 'B': s.piece = PieceType::Bishop; break;
    case 'R': s.piece = PieceType::Rook; break;
    case 'Q': s.piece = PieceType::Queen; break;
    case 'K': s.piece = PieceType::King; break;
    default:
        // exd5: the only pawn shape taken here.
        if (k != 2 || p[1] != 'x' || !is_file(p[0])) return false;
        s.from_file = std::int8_t(p[0] - 'a');
        s.capture = true;
        out = s;
        return true;
    }
    if (k > i && p[k - 1] == 'x') {
        s.capture = true;
        --k;
    }
    if (k > i && is_rank(p[k - 1])) s.from_rank = std::int8_t(p[--k] - '1');
    if (k > i && is_file(p[k - 1])) s.from_file = std::int8_t(p[--k] - 'a');
    if (k != i) return false;
    out = s;
    return true;
}

} // namespace

bool parse_san(std::string_view text, San& out, const SanParseOptions& opts) {
    if (opts.piece_letters.size() < 5 && parse_common_san(text, out)) return true;
    out = San{};
    if (text.empty() || text.size() > MaxSanTokenLength) return false;
    const std::string_view letters = letters_or_english(opts.piece_letters);
    std::string_view body = text;

    // Suffixes, each kind at most once and in any order: annotation (§8.2.3.8 import format:
    // ! ? !! ?? !? ?!, or a Unicode glyph), check/mate mark (§8.2.3.5), glued e.p.
    // Most tokens end in their destination rank and take the fast way past.
    bool have_nag = false, have_check = false, have_ep = false;
    while (!body.empty() && !is_rank(body.back())) {
        const std::size_t n = body.size();
        if (!have_nag && n >= 3 && byte(body[n - 3]) == 0xE2) {
            if (auto nag = unicode_annotation_nag(byte(body[n - 2]), byte(body[n - 1]))) {
                out.suffix_nag = nag;
                out.liberties |= LibUnicodeAnnotation;
                body.remove_suffix(3);
                have_nag = true;
                continue;
            }
        }
        if (!have_nag) {
            std::size_t k = 0;
            while (k < n && k < 3 && (body[n - 1 - k] == '!' || body[n - 1 - k] == '?')) ++k;
            if (k > 0) {
                const auto nag = ascii_annotation_nag(body.substr(n - k));
                if (!nag) return false;
                out.suffix_nag = nag;
                body.remove_suffix(k);
                have_nag = true;
                continue;
            }
        }
        if (!have_check && n > 0) {
            if (ends_with(body, "++")) {
                out.mate = true;
                out.liberties |= LibDoublePlus;
                body.remove_suffix(2);
                have_check = true;
                continue;
            }
            if (body[n - 1] == '#' || body[n - 1] == '+') {
                (body[n - 1] == '#' ? out.mate : out.check) = true;
                body.remove_suffix(1);
                have_check = true;
                continue;
            }
        }
        if (!have_ep) {
            bool found = false;
            for (std::string_view ep : {"e.p.", "e.p", "ep.", "ep"}) {
                if (n > ep.size() && ends_with(body, ep) && is_rank(body[n - ep.size() - 1])) {
                    body.remove_suffix(ep.size());
                    found = true;
                    break;
                }
            }
            if (found) {
                out.liberties |= LibEnPassantSuffix;
                have_ep = true;
                continue;
            }
        }
        break;
    }
    if (body.empty()) return false;

    if (body[0] == 'O' || body[0] == '0' || body[0] == 'o') {
        if (auto k = castling_kind(body, out.liberties); k != San::Kind::Normal) {
            out.kind = k;
            return true;
        }
    }
    if (body == "--" || body == "Z0") {
        out.kind = San::Kind::Null;
        return opts.allow_null;
    }

    // Piece: figurine, letter (§8.2.3.2), lower-case letter (never a file letter: bxc3 is a
    // pawn capture), or none for pawns.
    std::size_t i = 0;
    bool has_letter = false;
    if (auto fig = figurine_at(body); fig != PieceType::None) {
        out.piece = fig;
        out.liberties |= LibFigurine;
        has_letter = true;
        i = 3;
    } else if (is_upper(body[0]) || (is_lower(body[0]) && !is_file(body[0]))) {
        const auto pt = piece_from_letter(to_upper(body[0]), letters);
        if (pt == PieceType::None) return false;
        if (is_lower(body[0])) out.liberties |= LibPieceLowercase;
        out.piece = pt;
        has_letter = true;
        i = 1;
    }
    if (has_letter && out.piece == PieceType::Pawn) out.liberties |= LibPawnLetter;

    // Promotion suffix (§8.2.3.3: "=Q"); remember its form, map the letter later.
    std::size_t end = body.size();
    enum class PromoForm { None, Equals, Bare, Other } promo_form = PromoForm::None;
    char promo_char = 0;
    PieceType promo_fig = PieceType::None;
    if (end >= i + 5 && body[end - 1] == ')' && body[end - 3] == '(') {
        promo_char = body[end - 2];
        promo_form = PromoForm::Other;
        end -= 3;
    } else if (end >= i + 5 && (promo_fig = figurine_at(body.substr(end - 3))) != PieceType::None) {
        out.liberties |= LibFigurine;
        if (body[end - 4] == '=') {
            promo_form = PromoForm::Equals;
            end -= 4;
        } else {
            promo_form = PromoForm::Bare;
            end -= 3;
        }
    } else if (end >= i + 4 && (body[end - 2] == '=' || body[end - 2] == '/') &&
               (is_upper(body[end - 1]) || is_lower(body[end - 1]))) {
        promo_char = body[end - 1];
        promo_form = body[end - 2] == '=' ? PromoForm::Equals : PromoForm::Other;
        end -= 2;
    } else if (end >= i + 3 && is_rank(body[end - 2]) &&
               (is_upper(body[end - 1]) || is_lower(body[end - 1]))) {
        promo_char = body[end - 1];
        promo_form = PromoForm::Bare;
        end -= 1;
    }

    // The squares: [file][rank][x : -] file rank.
    const std::string_view core = body.substr(i, end - i);
    std::size_t k = core.size();
    if (k < 2 || !is_file(core[k - 2]) || !is_rank(core[k - 1])) return false;
    out.to = make_square(core[k - 2] - 'a', core[k - 1] - '1');
    k -= 2;
    char sep = 0;
    if (k > 0 && (core[k - 1] == 'x' || core[k - 1] == ':' || core[k - 1] == '-')) sep = core[--k];
    if (k > 0 && is_rank(core[k - 1])) out.from_rank = std::int8_t(core[--k] - '1');
    if (k > 0 && is_file(core[k - 1])) out.from_file = std::int8_t(core[--k] - 'a');
    if (k != 0) return false;

    const bool full = out.from_file >= 0 && out.from_rank >= 0;
    if (sep == '-' && !full) return false; // LAN names the origin square
    if (sep == '-') out.liberties |= LibLongAlgebraic;
    if (sep == 'x' || sep == ':') out.capture = true;
    if (sep == ':') out.liberties |= LibColonCapture;
    bool uci = false;
    if (!has_letter) {
        if (out.from_rank >= 0 && out.from_file < 0) return false; // 4e5
        if (out.capture && out.from_file < 0) return false;        // xd5: which pawn?
        if (full) {
            out.piece = PieceType::None; // e2e4, g1-f3: whatever stands on the origin
            if (sep == 0) {
                out.liberties |= LibUci;
                uci = true;
            }
        }
    }

    if (promo_form != PromoForm::None) {
        if (out.piece != PieceType::Pawn && out.piece != PieceType::None) return false;
        PieceType promo = promo_fig;
        if (promo_fig == PieceType::None) {
            if (is_upper(promo_char)) {
                promo = piece_from_letter(promo_char, letters);
            } else if (uci) {
                // UCI promotions are English lower case whatever the input language.
                promo = piece_from_letter(to_upper(promo_char), EnglishLetters);
            } else {
                promo = piece_from_letter(to_upper(promo_char), letters);
                out.liberties |= LibPromotionForm;
            }
            if (promo == PieceType::None) return false;
        }
        const bool uci_style = uci && is_lower(promo_char) && promo_form == PromoForm::Bare;
        if (promo_form != PromoForm::Equals && !uci_style) out.liberties |= LibPromotionForm;
        out.promotion = promo;
    }
    return true;
}

namespace {

/// Compares the written suffix with the one the move deserves ('+', '#' or 0), §8.2.3.5:
/// '+' for check, '#' for checkmate, nothing otherwise (UCI has no suffix).
void record_check_suffix(const San& san, char want, SanResolution& r) {
    r.gives_check = want != 0;
    r.mate = want == '#';
    const bool good = want == '#'   ? san.mate
                      : want == '+' ? san.check && !san.mate
                                    : !san.check && !san.mate;
    if (!good && !(r.liberties & LibUci)) r.liberties |= LibCheckSuffix;
}

/// resolve_san's work: sets the move, liberties, origins, check fields of `r` and returns
/// whether it resolved (else `error`).
bool resolve_impl(const Position& pos, const San& san, bool check_suffix, SanResolution& r,
                  SanError& error) {
    Move& m = r.move;
    std::uint32_t& lib = r.liberties;
    const Color us = pos.side_to_move(), them = ~us;
    const Square ksq = pos.king_square(us);
    if (ksq == NoSquare) return fail(error, SanError::Illegal);

    if (san.kind == San::Kind::Null) {
        // Passing while in check would leave the king en prise.
        if (pos.in_check()) return fail(error, SanError::Illegal);
        m = Move::null();
        return true;
    }
    if (san.kind == San::Kind::CastleKing || san.kind == San::Kind::CastleQueen) {
        const CastleSide side =
            san.kind == San::Kind::CastleKing ? CastleSide::King : CastleSide::Queen;
        if (!pos.can_castle(us, side)) return fail(error, SanError::Illegal);
        m = Move(ksq, pos.castling_rook(us, side), Move::Castling);
        r.origins = bb(ksq);
        if (!pos.is_legal(m)) return fail(error, SanError::Illegal);
    } else {
        const Square to = san.to;
        if (!is_ok(to)) return fail(error, SanError::Syntax);
        PieceType pt = san.piece;
        // The usual case first: no disambiguation, no promotion, and a single piece that
        // can go there (a pawn push, Nf3, Qxd5). Anything else takes the general way below,
        // which gives the same answer for these.
        if (san.from_file < 0 && san.from_rank < 0 && san.promotion == PieceType::None &&
            pt != PieceType::None && !(pos.pieces(us) & bb(to))) {
            Bitboard origins = 0;
            if (pt != PieceType::Pawn) {
                origins = piece_origins(pos, pt, to, us);
            } else if (relative_rank(us, to) >= 2 && relative_rank(us, to) < 7 && pos.empty(to)) {
                origins = pawn_push_origin(pos, us, to);
            }
            if (origins && !more_than_one(origins)) {
                const Move mv(lsb(origins), to);
                if (is_legal_fast(pos, mv, ksq)) {
                    m = mv;
                    r.origins = origins;
                    const bool is_capture = (pos.pieces(them) & bb(to)) != 0;
                    if (is_capture && !san.capture) lib |= LibMissingCapture;
                    if (!is_capture && san.capture) lib |= LibSpuriousCapture;
                    if (check_suffix) record_check_suffix(san, check_suffix_of(pos, m), r);
                    return true;
                }
            }
        }
        const bool full = san.from_file >= 0 && san.from_rank >= 0;
        bool castled = false;
        if (pt == PieceType::None || (pt == PieceType::King && full)) {
            if (!full) return fail(error, SanError::Syntax);
            const Square from = make_square(san.from_file, san.from_rank);
            const Piece pc = pos.piece_on(from);
            if (!is_piece(pc) || color_of(pc) != us) return fail(error, SanError::Illegal);
            if (pt == PieceType::None)
                pt = type_of(pc);
            else if (type_of(pc) != pt)
                return fail(error, SanError::Illegal);
            // Castling in coordinates: king takes own rook, or king to its castling square
            // when no ordinary king move goes there (see notation.hpp).
            if (pt == PieceType::King && from == ksq && san.promotion == PieceType::None) {
                for (CastleSide side : {CastleSide::King, CastleSide::Queen}) {
                    if (!pos.can_castle(us, side)) continue;
                    const Square rook = pos.castling_rook(us, side);
                    bool match = to == rook;
                    if (!match && to == Position::castle_king_to(us, side)) {
                        const bool plain = (king_attacks(from) & bb(to)) &&
                                           !(pos.pieces(us) & bb(to)) &&
                                           pos.is_legal(Move(from, to));
                        match = !plain;
                    }
                    if (!match) continue;
                    m = Move(ksq, rook, Move::Castling);
                    r.origins = bb(ksq);
                    if (!pos.is_legal(m)) return fail(error, SanError::Illegal);
                    if (san.piece == PieceType::King && !(lib & LibLongAlgebraic))
                        lib |= LibLongAlgebraic; // Ke1g1
                    castled = true;
                    break;
                }
            }
        }
        if (!castled) {
            // Promotion: required on the last rank, to N, B, R or Q only (§8.2.3.3).
            const bool last_rank = pt == PieceType::Pawn && relative_rank(us, to) == 7;
            const PieceType promo = san.promotion;
            if (last_rank) {
                if (promo != PieceType::Knight && promo != PieceType::Bishop &&
                    promo != PieceType::Rook && promo != PieceType::Queen)
                    return fail(error, SanError::Illegal);
            } else if (promo != PieceType::None) {
                return fail(error, SanError::Illegal);
            }
            if (pos.pieces(us) & bb(to)) return fail(error, SanError::Illegal);

            Bitboard origins = 0;
            Move::Kind kind = last_rank ? Move::Promotion : Move::Normal;
            bool pawn_capture = false;
            if (pt == PieceType::Pawn) {
                const int ff = san.from_file;
                const Bitboard pawns = pos.pieces(us, PieceType::Pawn);
                if (relative_rank(us, to) < 2) {
                    // no pawn reaches its first or second rank
                } else if (ff < 0 || ff == file_of(to)) {
                    if (pos.empty(to)) origins = pawn_push_origin(pos, us, to);
                } else if (ff == file_of(to) - 1 || ff == file_of(to) + 1) {
                    pawn_capture = true;
                    origins = pawn_attacks(them, to) & pawns & file_bb(ff);
                    if (to == pos.ep_square() && pos.empty(to))
                        kind = Move::EnPassant;
                    else if (!(pos.pieces(them) & bb(to)))
                        origins = 0;
                }
            } else {
                origins = piece_origins(pos, pt, to, us);
            }

            const PieceType mpromo = last_rank ? promo : PieceType::Knight;
            Bitboard legal = 0;
            for (Bitboard b = origins; b;) {
                const Square s = pop_lsb(b);
                if (is_legal_fast(pos, Move(s, to, kind, mpromo), ksq)) legal |= bb(s);
            }
            Bitboard match = legal;
            if (san.from_file >= 0) match &= file_bb(san.from_file);
            if (san.from_rank >= 0) match &= rank_bb(san.from_rank);
            if (!match) return fail(error, SanError::Illegal);
            if (more_than_one(match)) {
                r.candidates = popcount(match);
                r.origins = match;
                return fail(error, SanError::Ambiguous);
            }
            const Square from = lsb(match);
            m = Move(from, to, kind, mpromo);
            r.origins = match;

            // Disambiguation beyond §8.2.3.4's. UCI and dash-LAN name the origin by form.
            const bool given_file = san.from_file >= 0, given_rank = san.from_rank >= 0;
            if ((given_file || given_rank) && !(lib & (LibUci | LibLongAlgebraic))) {
                bool need_file = false, need_rank = false;
                if (pt == PieceType::Pawn)
                    need_file = pawn_capture; // exd5: the file is part of a pawn capture
                else
                    needed_disambiguation(legal, from, need_file, need_rank);
                if (given_file && given_rank && !(need_file && need_rank))
                    lib |= san.capture ? LibLongAlgebraic : LibOverDisambiguated;
                else if ((given_file && !need_file) || (given_rank && !need_rank))
                    lib |= need_file || need_rank ? LibDisambiguationForm : LibOverDisambiguated;
            }
            if (!(lib & LibUci)) {
                const bool is_capture = kind == Move::EnPassant || (pos.pieces(them) & bb(to));
                if (is_capture && !san.capture) lib |= LibMissingCapture;
                if (!is_capture && san.capture) lib |= LibSpuriousCapture;
            }
        }
    }

    if (check_suffix) record_check_suffix(san, check_suffix_of(pos, m), r);
    return true;
}

/// resolve_san() into `r`, which holds SanResolution{}.
void resolve_into(const Position& pos, const San& san, bool check_suffix, SanResolution& r) {
    r.liberties = san.liberties;
    SanError error = SanError::Syntax;
    if (resolve_impl(pos, san, check_suffix, r, error)) {
        r.ok = true;
        r.candidates = 1;
    } else {
        r.error = error;
        r.move = Move();
        if (error != SanError::Ambiguous) r.origins = 0;
    }
}

/// parse_resolve_san() for the tokens its fast pass does not take. Out of line, so that the
/// fast pass saves no registers for it.
[[gnu::noinline]] bool parse_resolve_general(const Position& pos, std::string_view text,
                                             const SanParseOptions& opts, San& san,
                                             SanResolution& r) {
    r = SanResolution{};
    if (!parse_san(text, san, opts)) return false;
    resolve_into(pos, san, false, r);
    return true;
}

// parse_resolve_san() stores San and SanResolution as whole words built in registers (a
// store per field costs more, and the caller reads the fields back with narrow loads).
static_assert(sizeof(San) == 16 && offsetof(San, kind) == 0 && offsetof(San, piece) == 1 &&
              offsetof(San, from_file) == 2 && offsetof(San, from_rank) == 3 &&
              offsetof(San, to) == 4 && offsetof(San, promotion) == 5 &&
              offsetof(San, capture) == 6 && offsetof(San, check) == 7 &&
              offsetof(San, mate) == 8 && offsetof(San, suffix_nag) == 9 &&
              offsetof(San, liberties) == 12);
static_assert(sizeof(SanResolution) == 24 && offsetof(SanResolution, move) == 0 &&
              offsetof(SanResolution, ok) == 2 && offsetof(SanResolution, error) == 3 &&
              offsetof(SanResolution, liberties) == 4 && offsetof(SanResolution, candidates) == 8 &&
              offsetof(SanResolution, gives_check) == 12 && offsetof(SanResolution, mate) == 13 &&
              offsetof(SanResolution, origins) == 16);
static_assert(sizeof(Move) == 2 && sizeof(Square) == 1 && sizeof(PieceType) == 1 &&
              sizeof(San::Kind) == 1 && sizeof(SanError) == 1);

// The fast pass keeps the token's San in a register as one word: San's first 8 bytes as
// parse_san() leaves them for the shapes the pass takes (no promotion, no annotation glyph,
// no syntactic liberty; mate, the ninth byte, is the token's last byte being '#'), but for
// the piece and the check flag, which no resolver reads: parse_resolve_san() adds them.

/// The San word (piece 0, check flag 0); `ff`, `fr` are -1 when not given, `to` a square
/// (0 to 63) or NoSquare.
constexpr std::uint64_t san_word(San::Kind kind, int ff, int fr, unsigned to, bool capture) {
    return std::uint64_t(kind) | std::uint64_t(std::uint8_t(ff)) << 16 |
           std::uint64_t(std::uint8_t(fr)) << 24 | std::uint64_t(to) << 32 |
           std::uint64_t(PieceType::None) << 40 | std::uint64_t(capture) << 48;
}
constexpr Square word_to(std::uint64_t w) { return Square(std::int8_t(w >> 32)); }
constexpr int word_file(std::uint64_t w) { return std::int8_t(w >> 16); }
constexpr int word_rank(std::uint64_t w) { return std::int8_t(w >> 24); }
constexpr bool word_capture(std::uint64_t w) { return (w >> 48) & 1; }
/// A from_file or a from_rank given.
constexpr bool word_disambiguated(std::uint64_t w) { return (w & 0xFFFF0000) != 0xFFFF0000; }
/// The piece (knight … king), for the piece moves only (resolve_piece() sets it; else 0).
constexpr PieceType word_piece(std::uint64_t w) { return PieceType(std::uint8_t(w >> 8)); }

/// What a resolver of the fast pass returns for the legal move `m` (fast_resolve_san()).
constexpr std::uint64_t fast_result(Move m, std::uint32_t lib) {
    return std::uint64_t(m.raw()) | std::uint64_t(1) << 16 | std::uint64_t(lib) << 32;
}

/// Whether the side to move, not in check or in check by `checkers`, may move its piece
/// (not the king) from `from` to `to`, a move that is not en passant; `ksq` is its king.
/// Exact, without Position::is_legal: in check, the move must take the single checker or
/// block its line; and the piece must not be pinned, or must stay on its pin line. The pin
/// is looked for only when `from` is on a line with the king (Stockfish's `legal()` idea).
inline bool piece_move_legal(const Position& pos, Square from, Square to, Square ksq) {
    if (const Bitboard checkers = pos.checkers();
        checkers && (more_than_one(checkers) || !(between_bb(ksq, lsb(checkers)) & bb(to))))
        return false;
    const Bitboard fb = bb(from), orth = orth_rays(ksq);
    if (!((orth | diag_rays(ksq)) & fb)) return true;
    const Bitboard line = line_bb(ksq, from);
    if (line & bb(to)) return true;
    const Color them = ~pos.side_to_move();
    Bitboard snipers = line & ((orth & fb) ? pos.pieces(them, PieceType::Rook, PieceType::Queen)
                                           : pos.pieces(them, PieceType::Bishop, PieceType::Queen));
    const Bitboard occ = pos.pieces();
    while (snipers) {
        const Square s = pop_lsb(snipers);
        // between_bb holds the squares strictly between and the sniper's own square.
        if ((between_bb(ksq, s) & occ) == (fb | bb(s))) return false;
    }
    return true;
}

/// Whether the king of the side to move may step to `to` (not an own piece's square).
inline bool king_step_legal(const Position& pos, Square ksq, Square to) {
    const Color us = pos.side_to_move(), them = ~us;
    const Bitboard theirs = pos.pieces(them);
    if ((pawn_attacks(us, to) & theirs & pos.pieces(PieceType::Pawn)) ||
        (knight_attacks(to) & theirs & pos.pieces(PieceType::Knight)) ||
        (king_attacks(to) & theirs & pos.pieces(PieceType::King)))
        return false;
    return !slider_attackers(to, pos.pieces(them, PieceType::Bishop, PieceType::Queen),
                             pos.pieces(them, PieceType::Rook, PieceType::Queen),
                             pos.pieces() ^ bb(ksq));
}

} // namespace

SanResolution resolve_san(const Position& pos, const San& san, bool check_suffix) {
    SanResolution r;
    resolve_into(pos, san, check_suffix, r);
    return r;
}

namespace {

// The resolvers of the fast pass take the San word in a register, return their answer in
// one, and make no call but tail calls: they save no registers. 0 = the general code
// decides (illegal, ambiguous, a king missing …).

/// The fast pass for castling on `side`.
[[gnu::noinline]] std::uint64_t fast_castling(const Position& pos, CastleSide side) {
    const Color us = pos.side_to_move();
    const Square ksq = pos.king_square(us);
    if (ksq == NoSquare || !pos.can_castle(us, side)) return 0;
    const Move m(ksq, pos.castling_rook(us, side), Move::Castling);
    return pos.is_legal(m) ? fast_result(m, 0) : 0;
}

/// Whether the move of the piece (not the king) from `from` to `to` needs a closer look
/// (piece_move_legal): in check, or when `from` is on a line through the king and an enemy
/// slider, and `to` off it (the piece may be pinned). Else it is legal.
inline bool needs_legality_test(const Position& pos, Square from, Square to, Square ksq) {
    const Bitboard line = line_bb(ksq, from);
    const Bitboard sliders = pos.pieces(~pos.side_to_move()) & ~pos.pieces(PieceType::Pawn) &
                             ~pos.pieces(PieceType::Knight);
    // One branch on the three tests (the slider test is true often and at random).
    return (pos.checkers() | unsigned(((line & sliders) != 0) & ((line & bb(to)) == 0))) != 0;
}

/// The position a resolver of the fast pass is given: with Play, it plays the usual move
/// it resolves (fast_play_san()).
template <bool Play>
using FastPos = std::conditional_t<Play, Position&, const Position&>;

/// The answer for the legal move of the Pt from `from` to `to` that the fast pass resolved
/// without liberties; with Play, the move is played, `*undo` records how to take it back and
/// `*before` (if given) becomes the position before it.
template <PieceType Pt, bool Play>
inline std::uint64_t take(FastPos<Play> pos, Position* before, Position::NormalUndo* undo,
                          Square from, Square to, PieceType rt = Pt) {
    if constexpr (Play) {
        if (before != nullptr) *before = pos;
        pos.template play_normal<Pt>(from, to, *undo, rt);
        return fast_result(Move(from, to), 0) | FastPlayed;
    } else {
        (void)before, (void)undo;
        return fast_result(Move(from, to), 0);
    }
}

/// The end of the fast pass for a pawn move from `from` to `to` that is legal if its piece
/// may move (piece_move_legal).
template <bool Play>
[[gnu::noinline]] std::uint64_t finish_pawn(FastPos<Play> pos, Position* before,
                                            Position::NormalUndo* undo, Square from, Square to) {
    if (!piece_move_legal(pos, from, to, pos.king_square(pos.side_to_move()))) return 0;
    return take<PieceType::Pawn, Play>(pos, before, undo, from, to);
}

/// The fast pass for e4: the pawn that pushes there.
template <bool Play>
[[gnu::noinline]] std::uint64_t fast_push(FastPos<Play> pos, Position* before,
                                          Position::NormalUndo* undo, std::uint64_t w) {
    const Color us = pos.side_to_move();
    const Square ksq = pos.king_square(us), to = word_to(w);
    // Relative ranks 3 to 7 (no promotion): relative squares 16 to 55.
    const bool pawn_rank = unsigned(relative(us, to)) - 16 < 40;
    if (ksq == NoSquare || !pawn_rank || !pos.empty(to)) return 0;
    const Bitboard origin = pawn_push_origin(pos, us, to);
    if (!origin) return 0;
    if (needs_legality_test(pos, lsb(origin), to, ksq))
        return finish_pawn<Play>(pos, before, undo, lsb(origin), to);
    return take<PieceType::Pawn, Play>(pos, before, undo, lsb(origin), to);
}

/// The fast pass for exd5: a pawn capture (not en passant, not promoting).
template <bool Play>
[[gnu::noinline]] std::uint64_t fast_pawn_capture(FastPos<Play> pos, Position* before,
                                                  Position::NormalUndo* undo, std::uint64_t w) {
    const Color us = pos.side_to_move(), them = ~us;
    const Square ksq = pos.king_square(us), to = word_to(w);
    const bool pawn_rank = unsigned(relative(us, to)) - 16 < 40; // as in fast_push()
    const Bitboard origin =
        pawn_attacks(them, to) & pos.pieces(us, PieceType::Pawn) & file_bb(word_file(w));
    if (ksq == NoSquare || !pawn_rank || !(pos.pieces(them) & bb(to)) || !origin) return 0;
    if (needs_legality_test(pos, lsb(origin), to, ksq))
        return finish_pawn<Play>(pos, before, undo, lsb(origin), to);
    return take<PieceType::Pawn, Play>(pos, before, undo, lsb(origin), to);
}

/// The end of the fast pass for piece moves: `legal` holds the origins of every legal move
/// of the piece type to the San's square; the disambiguation must pick one.
template <PieceType Pt, bool Play>
[[gnu::noinline]] std::uint64_t finish_piece(FastPos<Play> pos, Position* before,
                                             Position::NormalUndo* undo, std::uint64_t w,
                                             Bitboard legal) {
    const int ff = word_file(w), fr = word_rank(w);
    const bool capture = word_capture(w);
    Bitboard match = legal;
    if (ff >= 0) match &= file_bb(ff);
    if (fr >= 0) match &= rank_bb(fr);
    if (!match || more_than_one(match)) return 0;
    const Square from = lsb(match), to = word_to(w);
    std::uint32_t lib = 0;
    if (ff >= 0 || fr >= 0) {
        // As resolve_impl: disambiguation beyond §8.2.3.4's.
        const bool given_file = ff >= 0, given_rank = fr >= 0;
        bool need_file = false, need_rank = false;
        needed_disambiguation(legal, from, need_file, need_rank);
        if (given_file && given_rank && !(need_file && need_rank))
            lib |= capture ? LibLongAlgebraic : LibOverDisambiguated;
        else if ((given_file && !need_file) || (given_rank && !need_rank))
            lib |= need_file || need_rank ? LibDisambiguationForm : LibOverDisambiguated;
    }
    const bool is_capture = (pos.pieces(~pos.side_to_move()) & bb(to)) != 0;
    if (is_capture != capture) lib |= capture ? LibSpuriousCapture : LibMissingCapture;
    if (Play && lib == 0) return take<Pt, Play>(pos, before, undo, from, to, word_piece(w));
    return fast_result(Move(from, to), lib);
}

/// The answer for the legal piece move from `from` to the San's square, written without
/// disambiguation.
inline std::uint64_t piece_move_result(const Position& pos, std::uint64_t w, Square from) {
    const Square to = word_to(w);
    const bool capture = word_capture(w);
    const bool is_capture = (pos.pieces(~pos.side_to_move()) & bb(to)) != 0;
    std::uint32_t lib = 0;
    if (is_capture != capture) lib = capture ? LibSpuriousCapture : LibMissingCapture;
    return fast_result(Move(from, to), lib);
}

/// piece_move_result(), played as take() plays when there is no liberty.
template <PieceType Pt, bool Play>
inline std::uint64_t take_piece(FastPos<Play> pos, Position* before, Position::NormalUndo* undo,
                                std::uint64_t w, Square from) {
    const std::uint64_t r = piece_move_result(pos, w, from);
    if (!Play || (r >> 32) != 0) return r;
    return take<Pt, Play>(pos, before, undo, from, word_to(w), word_piece(w));
}

/// finish_piece() for the pseudo-legal origins `origins` (pieces other than the king) that
/// need a legality test.
template <PieceType Pt, bool Play>
[[gnu::noinline]] std::uint64_t filter_piece(FastPos<Play> pos, Position* before,
                                             Position::NormalUndo* undo, std::uint64_t w,
                                             Bitboard origins) {
    const Square ksq = pos.king_square(pos.side_to_move()), to = word_to(w);
    Bitboard legal = origins;
    for (Bitboard b = origins; b;) {
        const Square s = pop_lsb(b);
        if (!piece_move_legal(pos, s, to, ksq)) legal ^= bb(s);
    }
    return finish_piece<Pt, Play>(pos, before, undo, w, legal);
}

/// fast_piece() when several pieces of the San's type (`mine`) reach its square on an empty
/// board (`origins`): a slider's line may be blocked.
template <bool Play>
[[gnu::noinline]] std::uint64_t fast_several(FastPos<Play> pos, Position* before,
                                             Position::NormalUndo* undo, std::uint64_t w,
                                             Bitboard mine, Bitboard origins) {
    const PieceType pt = word_piece(w);
    if (pt != PieceType::Knight)
        origins = slider_attackers(word_to(w), pt == PieceType::Rook ? 0 : mine,
                                   pt == PieceType::Bishop ? 0 : mine, pos.pieces());
    return filter_piece<PieceType::None, Play>(pos, before, undo, w, origins);
}

/// The fast pass for the moves of a knight, bishop, rook or queen (word_piece(w)): Nf3, Nbd2,
/// R1e2, Qh4xe1. One copy of the code for the four (play_normal<None>), so that which piece
/// moves is data, not an indirect jump a predictor must guess (3-4% of validate's time).
template <bool Play>
[[gnu::noinline]] std::uint64_t fast_piece(FastPos<Play> pos, Position* before,
                                           Position::NormalUndo* undo, std::uint64_t w) {
    const Color us = pos.side_to_move();
    const Square ksq = pos.king_square(us), to = word_to(w);
    const Bitboard tb = bb(to);
    if (ksq == NoSquare || (pos.pieces(us) & tb)) return 0;
    const Bitboard mine = pos.pieces(us, word_piece(w));
    const Bitboard origins = piece_reach(word_piece(w), to) & mine;
    if (!origins) return 0;
    if (more_than_one(origins)) return fast_several<Play>(pos, before, undo, w, mine, origins);
    // One piece that reaches `to` on an empty board is the rule: a slider's path is tested
    // without a loop (a knight's between_bb is `to` alone).
    const Square from = lsb(origins);
    if (between_bb(from, to) & pos.pieces() & ~tb) return 0;
    if (word_disambiguated(w) || needs_legality_test(pos, from, to, ksq))
        return filter_piece<PieceType::None, Play>(pos, before, undo, w, origins);
    // The usual case: one piece that may move, no disambiguation written.
    return take_piece<PieceType::None, Play>(pos, before, undo, w, from);
}

/// The fast pass for king moves: Kf1, Kxe2.
template <bool Play>
[[gnu::noinline]] std::uint64_t fast_king(FastPos<Play> pos, Position* before,
                                          Position::NormalUndo* undo, std::uint64_t w) {
    const Color us = pos.side_to_move();
    const Square ksq = pos.king_square(us), to = word_to(w);
    if (ksq == NoSquare || (pos.pieces(us) & bb(to))) return 0;
    // Ke1g1 may be castling: the general code decides.
    if ((word_file(w) >= 0 && word_rank(w) >= 0) || !(king_attacks(to) & bb(ksq)) ||
        !king_step_legal(pos, ksq, to))
        return 0;
    if (word_disambiguated(w))
        return finish_piece<PieceType::King, Play>(pos, before, undo, w, bb(ksq));
    return take_piece<PieceType::King, Play>(pos, before, undo, w, ksq);
}

/// The fast pass for the piece move of the San word `w` without its piece, the piece of
/// type `pt` (1 knight … 5 king).
template <bool Play>
inline std::uint64_t resolve_piece(FastPos<Play> pos, Position* before, Position::NormalUndo* undo,
                                   std::uint64_t w, unsigned pt) {
    w |= std::uint64_t(pt) << 8;
    if (pt == unsigned(PieceType::King)) return fast_king<Play>(pos, before, undo, w);
    return fast_piece<Play>(pos, before, undo, w);
}

/// What the first byte of a token says to the fast pass: 0 a pawn (a file letter), 1-5 the
/// piece of an English letter N B R Q K, 7 castling (O), 6 anything else.
constexpr std::array<std::uint8_t, 256> make_first_byte_table() {
    std::array<std::uint8_t, 256> t{};
    for (auto& x : t) x = 6;
    for (int c = 'a'; c <= 'h'; ++c) t[std::size_t(c)] = 0;
    t['N'] = 1;
    t['B'] = 2;
    t['R'] = 3;
    t['Q'] = 4;
    t['K'] = 5;
    t['O'] = 7;
    return t;
}
constexpr std::array<std::uint8_t, 256> FirstByte = make_first_byte_table();

// The fast pass reads the usual shapes of export-format SAN in English: e4, exd5, Nf3,
// Nbd2, R1e2, Qh4xe1, O-O, O-O-O, each with an optional + or #. It parses them as
// parse_san() does (into the San word `w`) and resolves a legal move as resolve_impl()
// does; every failure (illegal, ambiguous, en passant, a promotion square, Ke1g1 …) and
// every other shape gives 0, and the general code gives the answer, the same for the shapes
// taken here. Parsing makes no call but tail calls, so that it saves no registers.
template <bool Play>
inline std::uint64_t fast_pass(FastPos<Play> pos, Position* before, Position::NormalUndo* undo,
                               std::string_view text, const SanParseOptions& opts,
                               std::uint64_t& w) {
    const char* p = text.data();
    std::size_t e = text.size();
    if (opts.piece_letters.size() >= 5 || e - 2 > 5) return 0; // English letters, 2-7 bytes
    const unsigned last = byte(p[e - 1]);
    const unsigned b0 = byte(p[0]);
    // '+' (0x2B) and '#' (0x23) differ in bit 3 only.
    const bool suffix = (last & ~8u) == '#';
    e -= suffix;
    if (b0 == 'O') { // O-O, O-O-O
        San::Kind kind;
        if (e == 3 && p[1] == '-' && p[2] == 'O')
            kind = San::Kind::CastleKing;
        else if (e == 5 && p[1] == '-' && p[2] == 'O' && p[3] == '-' && p[4] == 'O')
            kind = San::Kind::CastleQueen;
        else
            return 0;
        w = san_word(kind, -1, -1, unsigned(NoSquare), false);
        return fast_castling(pos,
                             kind == San::Kind::CastleKing ? CastleSide::King : CastleSide::Queen);
    }
    // The shape is told from the leading bytes (loaded as soon as the token's start is
    // known), the length only checked: a mispredicted shape is then found out early.
    const std::uint64_t none = san_word(San::Kind::Normal, -1, -1, 0, false);
    const unsigned b1 = byte(p[1]);
    const unsigned file = b0 - 'a';
    if (file < 8) { // e4, exd5: the only pawn shapes taken here
        if (b1 - '1' < 8) {
            if (e != 2) return 0;
            const std::uint64_t lo = none | std::uint64_t((b1 - '1') * 8 + file) << 32;
            w = lo;
            return fast_push<Play>(pos, before, undo, lo);
        }
        if (b1 != 'x' || e != 4) return 0;
        const unsigned tf = byte(p[2]) - 'a', tr = byte(p[3]) - '1';
        if ((tf | tr) > 7) return 0;
        const std::uint64_t lo = (none | std::uint64_t(tr * 8 + tf) << 32) ^
                                 (std::uint64_t(0xFF ^ file) << 16 | std::uint64_t(1) << 48);
        w = lo;
        return fast_pawn_capture<Play>(pos, before, undo, lo);
    }
    const unsigned pt = FirstByte[b0]; // a piece letter: 1 to 5
    if (pt - 1 > 4 || e < 3) return 0;
    {
        const unsigned f1 = b1 - 'a', r2 = byte(p[2]) - '1';
        if ((f1 | r2) <= 7) { // Nf3
            if (e == 3) {
                const std::uint64_t lo = none | std::uint64_t(r2 * 8 + f1) << 32;
                w = lo;
                return resolve_piece<Play>(pos, before, undo, lo, pt);
            }
        } else if (b1 == 'x' && e == 4) { // Nxf3
            const unsigned tf = byte(p[2]) - 'a', tr = byte(p[3]) - '1';
            if ((tf | tr) > 7) return 0;
            const std::uint64_t lo =
                none | std::uint64_t(tr * 8 + tf) << 32 | std::uint64_t(1) << 48;
            w = lo;
            return resolve_piece<Play>(pos, before, undo, lo, pt);
        }
    }
    // The other piece shapes, from the end: Nbd2, R1e2, Qh4xe1 …
    const unsigned tf = byte(p[e - 2]) - 'a', tr = byte(p[e - 1]) - '1';
    if ((tf | tr) > 7) return 0;
    std::uint64_t lo = none | std::uint64_t(tr * 8 + tf) << 32;
    std::size_t k = e - 2;
    if (k > 1) {
        if (p[k - 1] == 'x') {
            lo |= std::uint64_t(1) << 48;
            --k;
        }
        if (k > 1 && unsigned(byte(p[k - 1]) - '1') < 8) {
            lo ^= std::uint64_t(0xFF ^ (byte(p[k - 1]) - '1')) << 24;
            --k;
        }
        if (k > 1 && unsigned(byte(p[k - 1]) - 'a') < 8) {
            lo ^= std::uint64_t(0xFF ^ (byte(p[k - 1]) - 'a')) << 16;
            --k;
        }
        if (k != 1) return 0;
    }
    w = lo;
    return resolve_piece<Play>(pos, before, undo, lo, pt);
}

} // namespace

std::uint64_t fast_resolve_san(const Position& pos, std::string_view text,
                               const SanParseOptions& opts) {
    std::uint64_t w;
    return fast_pass<false>(pos, nullptr, nullptr, text, opts, w);
}

std::uint64_t fast_play_san(Position& pos, Position* before, Position::NormalUndo& undo,
                            std::string_view text, const SanParseOptions& opts) {
    std::uint64_t w;
    return fast_pass<true>(pos, before, &undo, text, opts, w);
}

bool parse_resolve_san(const Position& pos, std::string_view text, const SanParseOptions& opts,
                       San& san, SanResolution& r) {
    std::uint64_t w = 0;
    const std::uint64_t x = fast_pass<false>(pos, nullptr, nullptr, text, opts, w);
    if (!x) return parse_resolve_general(pos, text, opts, san, r);
    // San and SanResolution as parse_san() and resolve_san(pos, san, false) leave them: mate
    // in San's second word; ok, error Syntax (unused), one candidate, no check fields.
    // The piece (castling's is PieceType::Pawn, 0) and the check flag.
    if (San::Kind(w & 0xFF) == San::Kind::Normal) w |= std::uint64_t(FirstByte[byte(text[0])]) << 8;
    w |= std::uint64_t(text.back() == '+') << 56;
    const std::uint64_t san_hi = text.back() == '#';
    std::memcpy(reinterpret_cast<char*>(&san), &w, 8);
    std::memcpy(reinterpret_cast<char*>(&san) + 8, &san_hi, 8);
    const Move m = Move::from_raw(std::uint16_t(x));
    const std::uint64_t r_lo = (x & 0xFFFFFFFF00000000u) | m.raw() | std::uint64_t(1) << 16 |
                               std::uint64_t(SanError::Syntax) << 24;
    const std::uint64_t r_mid = 1, origins = bb(m.from());
    std::memcpy(reinterpret_cast<char*>(&r), &r_lo, 8);
    std::memcpy(reinterpret_cast<char*>(&r) + 8, &r_mid, 8);
    std::memcpy(reinterpret_cast<char*>(&r) + 16, &origins, 8);
    return true;
}

namespace {
/// The resolution of a token parse_san() refused (`san` as it left it).
SanResolution unparsed(const San& san) {
    SanResolution r;
    r.liberties = san.liberties;
    r.error = san.kind == San::Kind::Null ? SanError::NullNotAllowed : SanError::Syntax;
    return r;
}
} // namespace

SanResolution parse_and_resolve(const Position& pos, std::string_view text,
                                const SanParseOptions& opts, bool check_suffix) {
    San san;
    if (!parse_san(text, san, opts)) return unparsed(san);
    return resolve_san(pos, san, check_suffix);
}

SanResolution play_san(Position& pos, std::string_view text, const SanParseOptions& opts,
                       bool check_suffix) {
    San san;
    if (!parse_san(text, san, opts)) return unparsed(san);
    SanResolution r = resolve_san(pos, san, false);
    if (!r.ok) return r;
    pos.play(r.move);
    if (check_suffix && !r.move.is_null()) {
        // The played position knows its checkers: only a check needs the mate test.
        const char want = !pos.in_check() ? 0 : has_legal_move(pos) ? '+' : '#';
        record_check_suffix(san, want, r);
    }
    return r;
}

char* write_san(const Position& pos, Move m, char* out, std::string_view piece_letters,
                bool figurine) {
    if (m.is_null()) {
        *out++ = '-';
        *out++ = '-';
        return out;
    }
    if (m.is_castling()) {
        // §8.2.3.3: O-O king side, O-O-O queen side (letter O).
        const bool king_side = Position::castle_side(m) == CastleSide::King;
        for (char c : std::string_view(king_side ? "O-O" : "O-O-O")) *out++ = c;
    } else {
        const Square from = m.from(), to = m.to();
        const PieceType pt = type_of(pos.piece_on(from));
        const bool capture = pos.is_capture(m);
        if (pt == PieceType::Pawn) {
            // §8.2.3.3: a pawn capture names the pawn's file; en passant has no mark.
            if (capture) {
                *out++ = char('a' + file_of(from));
                *out++ = 'x';
            }
        } else {
            out = put_piece(out, pt, piece_letters, figurine);
            if (pt != PieceType::King) {
                bool need_file = false, need_rank = false;
                const Bitboard others = piece_origins(pos, pt, to, pos.side_to_move()) & ~bb(from);
                if (others)
                    needed_disambiguation(legal_origins(pos, pt, to), from, need_file, need_rank);
                if (need_file) *out++ = char('a' + file_of(from));
                if (need_rank) *out++ = char('1' + rank_of(from));
            }
            if (capture) *out++ = 'x';
        }
        out = put_square(out, to);
        if (m.kind() == Move::Promotion) {
            *out++ = '=';
            out = put_piece(out, m.promotion(), piece_letters, figurine);
        }
    }
    if (char c = check_suffix_of(pos, m)) *out++ = c;
    return out;
}

std::string format_san(const Position& pos, Move m) {
    char buf[32];
    return std::string(buf, write_san(pos, m, buf));
}

std::string format_lan(const Position& pos, Move m, std::string_view piece_letters) {
    char buf[32];
    char* out = buf;
    if (m.is_null()) return "--";
    if (m.is_castling()) {
        const bool king_side = Position::castle_side(m) == CastleSide::King;
        for (char c : std::string_view(king_side ? "O-O" : "O-O-O")) *out++ = c;
    } else {
        const PieceType pt = type_of(pos.piece_on(m.from()));
        if (pt != PieceType::Pawn) out = put_piece(out, pt, piece_letters, false);
        out = put_square(out, m.from());
        *out++ = pos.is_capture(m) ? 'x' : '-';
        out = put_square(out, m.to());
        if (m.kind() == Move::Promotion) {
            *out++ = '=';
            out = put_piece(out, m.promotion(), piece_letters, false);
        }
    }
    if (char c = check_suffix_of(pos, m)) *out++ = c;
    return std::string(buf, out);
}

std::string format_uci(const Position& pos, Move m) {
    if (m.is_null()) return "0000";
    Square to = m.to();
    if (m.is_castling() && !pos.chess960())
        to = Position::castle_king_to(pos.side_to_move(), Position::castle_side(m));
    char buf[5];
    char* out = put_square(put_square(buf, m.from()), to);
    if (m.kind() == Move::Promotion) *out++ = char(piece_char(m.promotion()) | 0x20);
    return std::string(buf, out);
}

Move parse_uci(const Position& pos, std::string_view t) {
    if (t.size() != 4 && t.size() != 5) return Move::null();
    if (!is_file(t[0]) || !is_rank(t[1]) || !is_file(t[2]) || !is_rank(t[3])) return Move::null();
    San san;
    san.piece = PieceType::None;
    san.from_file = std::int8_t(t[0] - 'a');
    san.from_rank = std::int8_t(t[1] - '1');
    san.to = make_square(t[2] - 'a', t[3] - '1');
    san.liberties = LibUci;
    if (t.size() == 5) {
        switch (t[4] | 0x20) {
        case 'n': san.promotion = PieceType::Knight; break;
        case 'b': san.promotion = PieceType::Bishop; break;
        case 'r': san.promotion = PieceType::Rook; break;
        case 'q': san.promotion = PieceType::Queen; break;
        default: return Move::null();
        }
    }
    const auto r = resolve_san(pos, san, false);
    return r.ok ? r.move : Move::null();
}

Move parse_lan(const Position& pos, std::string_view text) {
    San san;
    if (!parse_san(text, san)) return Move::null();
    if (san.kind == San::Kind::Normal && (san.from_file < 0 || san.from_rank < 0))
        return Move::null();
    const auto r = resolve_san(pos, san, false);
    return r.ok ? r.move : Move::null();
}

} // namespace pgnkit::chess
