// Long algebraic (LAN) and UCI moves, read and written. See uci_lan.hpp for the contract.
#include "pgnkit/chess/uci_lan.hpp"

#include "pgnkit/chess/detail/san_rules.hpp"
#include "pgnkit/chess/san.hpp"

#include <cstdint>
#include <string>

namespace pgnkit::chess {

using san_rules::check_suffix_of;
using san_rules::is_file;
using san_rules::is_rank;
using san_rules::put_piece;
using san_rules::put_square;

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
