#pragma once
/// GBK text (GB2312 and its GBK/GB18030 extensions), as xiangqi databases (xqbase, dpxq) are
/// written, and Big5 text, as the traditional-Chinese ones of Taiwan and Hong Kong sites are:
/// told from UTF-8 and from Latin-1 by their first bytes, and handed out as UTF-8, so that
/// their Chinese names and moves (`炮二平五`, `傌八進七`) are read as any UTF-8 text.
///
/// A text is GBK when its first bytes (up to gbk_probe_size) are not valid UTF-8, every byte
/// from 0x80 on is part of a GBK (or GB18030 four-byte) character, and most of those characters
/// have both bytes from 0x80 on (looks_like_gbk()). Latin-1 (Windows-1252) text, which the PGN
/// reader reads game by game (pgn/reader.hpp), is not: its accented letters stand alone
/// between ASCII letters (`M\xFCller`), so a pair of them decoded as GBK almost always has an
/// ASCII second byte, or none at all. A Latin-1 file is therefore never transcoded here, and
/// reads as before.
///
/// Big5 shares GBK's lead bytes and most of its trail bytes, and a Latin-1 letter before an
/// ASCII one is a Big5 character too, so bytes alone do not tell them apart: a text is Big5
/// when its first bytes decode as Big5 without a fault and then hold at least two characters
/// of xiangqi's vocabulary (車 馬 炮 帥 將 仕 士 相 象 兵 卒 進 退 平 …, traditional or
/// simplified), more than the same bytes read as GBK do (chinese_text_kind()).

#include "pgnkit/io/byte_source.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace pgnkit {

/// How many first bytes of a text looks_like_gbk() is given.
inline constexpr std::size_t gbk_probe_size = std::size_t{64} << 10;

/// Whether `head`, the first bytes of a text (`cut`: the text goes on after them, so its last
/// character may be cut), is GBK text: not valid UTF-8, every byte from 0x80 on in a GBK
/// character (lead 81-FE, then 40-7E or 80-FE; or GB18030's four bytes lead, 30-39, 81-FE,
/// 30-39), at least two characters, at least half of them with both bytes from 0x80 on
/// (every GB2312 character: the hanzi, full-width digits and letters), and fewer than half of
/// those UTF-8 two-byte sequences (C2-DF, 80-BF: UTF-8 read as Latin-1 and saved again,
/// `MÃ¼ller`, is made of them).
bool looks_like_gbk(std::string_view head, bool cut);

/// `s` read as GB18030 (a superset of GBK and GB2312), as UTF-8; a byte that begins no
/// character becomes U+FFFD.
std::string gbk_to_utf8(std::string_view s);

/// `s` read as Big5, as UTF-8; a byte that begins no character becomes U+FFFD.
std::string big5_to_utf8(std::string_view s);

/// The names ByteSource::transcoded_from() gives GBK and Big5 text (reports say "read as …").
inline constexpr std::string_view gbk_name = "GBK (GB18030)";
inline constexpr std::string_view big5_name = "Big5";

/// Which legacy Chinese encoding a text is in, by its first bytes.
enum class ChineseText : std::uint8_t { None, Gbk, Big5 };

/// The encoding of `head`, the first bytes of a text (`cut` as for looks_like_gbk()): Big5
/// when it is not UTF-8, reads as Big5 without a fault and holds at least two characters of
/// xiangqi's vocabulary, more than it holds read as GBK; else GBK when looks_like_gbk(); else
/// None (UTF-8, ASCII, Latin-1).
ChineseText chinese_text_kind(std::string_view head, bool cut);

/// `text`, or, when its first bytes are GBK or Big5 text (chinese_text_kind()), a source that
/// hands out its text as UTF-8 (offsets in reports then count the UTF-8 bytes, as for UTF-16
/// text). That source's compression() is Compression::Gbk or Compression::Big5 for a plain
/// text (its bytes cannot be read again at their offsets), else `text`'s, and its
/// transcoded_from() is gbk_name or big5_name. Reads the first bytes of `text` at once; a read
/// failure among them is met again at the next read.
std::unique_ptr<ByteSource> decode_chinese_text(std::unique_ptr<ByteSource> text);

} // namespace pgnkit
