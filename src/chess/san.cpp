// SAN: the lenient parser and the general resolver. See san.hpp for the contract; PGN
// standard §8.2.3 for SAN. The fast pass for the usual tokens is in san_fast.cpp, the writer in
// san_write.cpp.
#include "pgnkit/chess/san.hpp"

#include "pgnkit/chess/detail/san_rules.hpp"
#include "pgnkit/chess/movegen.hpp"

#include <cstddef>

namespace pgnkit::chess {

using san_rules::byte;
using san_rules::check_suffix_of;
using san_rules::is_file;
using san_rules::is_legal_fast;
using san_rules::is_rank;
using san_rules::needed_disambiguation;
using san_rules::pawn_push_origin;
using san_rules::piece_origins;

namespace {

constexpr std::string_view EnglishLetters = "KQRBNP";
constexpr const PieceType (&LetterOrder)[6] = san_rules::SanLetterOrder;

constexpr bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
constexpr bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
constexpr char to_upper(char c) { return is_lower(c) ? char(c - 'a' + 'A') : c; }

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
            // when no ordinary king move goes there (see san.hpp).
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

} // namespace

SanResolution resolve_san(const Position& pos, const San& san, bool check_suffix) {
    SanResolution r;
    resolve_into(pos, san, check_suffix, r);
    return r;
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

} // namespace pgnkit::chess
