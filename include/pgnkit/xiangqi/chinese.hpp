#pragma once
/// Chinese notation: the file notation (descriptive.hpp) in characters, `炮二平五`, `马８进７`,
/// `前炮退一`, `中兵进一`, `二兵平四`, `前三平四`. Read in traditional or simplified characters
/// (帥帅將将 仕士 相象 傌馬马 俥車车 炮砲包 兵卒; 進进 退 平; 前 中 後后), files and points in
/// Chinese numerals (Red's) or ASCII or full-width digits (Black's), whichever side is to move.
/// Written as the Chinese Xiangqi Association records: Red's numbers in Chinese numerals,
/// Black's in digits.

#include "pgnkit/xiangqi/descriptive.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace pgnkit::xiangqi {

/// Why a text is no Chinese move: an unknown piece character, or no move at all.
enum class ChineseSyntax { Move, UnknownPiece, NotAMove };

/// The move `text` spells in Chinese, without a position; nothing if it is not one (`why`,
/// if given, says whether the text looked like a move with an unknown piece; `side`, if given,
/// is set to chinese_side(text)).
std::optional<DescriptiveMove> read_chinese(std::string_view text, ChineseSyntax* why = nullptr,
                                            std::optional<Color>* side = nullptr);

/// The side whose move `text` is written as, when its characters say it: Red's pieces (帥帅 仕
/// 相 兵 傌 俥) or Chinese numerals, Black's (將将 士 象 卒 砲 包) or full-width digits; nothing
/// when they say neither or both (ASCII digits say nothing: some texts write them for both).
std::optional<Color> chinese_side(std::string_view text);

/// `d` (describe_move()), a move of `side`, in Chinese characters as `style` says.
std::string write_chinese(const DescriptiveMove& d, Color side, const NotationStyle& style = {});

} // namespace pgnkit::xiangqi
