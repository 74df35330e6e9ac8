#pragma once
/// split's file name template (--name '{Event}-{n}.pgn'): literal text and placeholders,
/// parsed once; each piece's name is made from it when its first game arrives.

#include "pgnkit/result.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::app {

/// The name a value that is not there takes in a file name: a game without the tag, or with an
/// unknown date (split's bucket for them).
inline constexpr std::string_view unknown_name = "unknown";
/// The most bytes of one value in a file name.
inline constexpr std::size_t max_value_bytes = 100;

/// A parsed template. Placeholders: `{key}` the piece's key (the value of the --by tag, the
/// ECO letter or code, the year, the month, or for --games the piece's number), `{n}` the
/// piece's number (1, 2 … in the order pieces begin; `{n:W}` zero-padded to W digits), and
/// `{Tag}` the value of that tag (case-sensitive) in the piece's first game. `{{` and `}}`
/// are braces. Values are made safe (app::append_name_part); a missing one is "unknown".
class NameTemplate {
  public:
    /// Parses `text`; on error, a message naming the 1-based column of the mistake.
    static Result<NameTemplate, std::string> parse(std::string_view text);

    /// The tags `{Tag}` placeholders name, each once, in order of first use.
    const std::vector<std::string>& tags() const { return tags_; }
    bool uses_key() const { return uses_key_; }
    bool uses_number() const { return uses_number_; }
    /// Whether a `{Tag}` placeholder names `tag`.
    bool uses_tag(std::string_view tag) const;
    /// The extension every name ends with: the literal text after the last placeholder, from
    /// its first `.` (".pgn", ".pgn.zst"; "" if none).
    std::string_view extension() const { return extension_; }
    /// The template with `suffix` added to its end (".zst" for --compress zstd).
    void append_literal(std::string_view suffix);

    /// The name of a piece: `key` (nullopt: unknown), its number `n`, and the values of
    /// tags() in that order (nullopt: the tag is missing). A portable name
    /// (app::make_portable_name), not yet made unique.
    std::string render(std::optional<std::string_view> key, std::uint64_t n,
                       std::span<const std::optional<std::string_view>> tag_values) const;

  private:
    enum class Kind : unsigned char { Literal, Key, Number, Tag };
    struct Part {
        Kind kind = Kind::Literal;
        std::string text;                 ///< Literal: the text
        std::size_t index = 0, width = 0; ///< Tag: in tags_; Number: zero-padded width
    };
    std::vector<Part> parts_;
    std::vector<std::string> tags_;
    std::string extension_;
    bool uses_key_ = false, uses_number_ = false;
    void find_extension();
};

} // namespace pgnkit::app
