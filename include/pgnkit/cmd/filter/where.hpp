#pragma once
/// `--where EXPR`: a small boolean expression over a game's fields and tags, parsed once and
/// evaluated per game.
///
/// Grammar (keywords and field names in any case; tag names exactly as in the PGN):
///
///     expr       := or
///     or         := and { "or" and }
///     and        := unary { "and" unary }
///     unary      := "not" unary | primary
///     primary    := "(" expr ")"
///                 | "has" "(" STRING ")"                 a tag is present
///                 | BOOL_FIELD                           a yes/no field alone
///                 | operand OP literal
///     operand    := FIELD | "tag" "(" STRING ")" | "tag" "." NAME
///     OP         := "=" | "==" | "!=" | "<>" | "<" | "<=" | ">" | ">=" | "~"
///     literal    := STRING | WORD
///
/// STRING is "double-quoted" (\" and \\ inside); WORD is a run of digits, letters and
/// . ? - / + : starting with a digit or a sign (2600, -35, 2024.03.??, 1-0, 1/2-1/2).
/// `not` binds tighter than `and`, `and` tighter than `or`.
///
/// How a comparison is made depends on the operand:
/// - a Number field: the literal must be a number; compared as numbers.
/// - a Text field: the literal is its text (quoted or a WORD); `=` is byte equality, `<`/`>`
///   byte order; `~` searches the text for an ECMAScript regular expression (std::regex,
///   case-sensitive, anywhere in the value: anchor with ^ and $).
/// - a Date field: the literal is a date, with ?? parts ("2024.03.??", 2024.03, 2024);
///   compared by compare_dates() in pgn_date.hpp (`=` true when the game's date lies within
///   the literal's days; `<`, `>` … only when certain).
/// - a tag: a quoted literal compares as text (and `~` as a regular expression); a WORD
///   compares as a date when the tag's name ends in "Date", else as a number when it is one
///   (the tag's value then must be a number too), else as text.
///
/// An absent value (a field the game does not have, a missing tag, a tag that is not a number
/// or date when compared as one) makes its comparison false, `!=` included: so
/// `elo_white != 2600` holds only for games with a White Elo other than 2600, and
/// `not elo_white = 2600` also takes the games without one.
///
/// Mistakes throw CriterionError with the column of the offending token, e.g. "unknown field
/// 'elo_whit' (did you mean elo_white?)", "expected ')'".

#include "pgnkit/cmd/filter/comparison.hpp"
#include "pgnkit/cmd/filter/pgn_date.hpp"

#include <memory>
#include <optional>
#include <regex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::app::filter {

enum class FieldType { Number, Text, Date, Bool };

/// A field `--where` knows: its name (as written in expressions) and its type.
struct FieldSpec {
    std::string_view name;
    FieldType type;
};

/// One game's values, as WhereExpr::matches() asks for them. `field` is the index into the
/// FieldSpec table given to WhereExpr::parse(); each getter is asked only for fields of its
/// type. The defaults answer "absent".
class WhereFields {
  public:
    virtual ~WhereFields() = default;
    virtual std::optional<double> number(int /*field*/) const { return std::nullopt; }
    virtual std::optional<std::string_view> text(int /*field*/) const { return std::nullopt; }
    virtual std::optional<DateSpan> date(int /*field*/) const { return std::nullopt; }
    virtual bool boolean(int /*field*/) const { return false; }
    /// Any tag by name (exact, case-sensitive); nullopt when the game has none.
    virtual std::optional<std::string_view> tag(std::string_view /*name*/) const {
        return std::nullopt;
    }
};

/// A parsed `--where` expression. Copyable; matches() is const and may be called from several
/// threads at once.
class WhereExpr {
  public:
    /// Parses `text` against the fields in `fields` (the table must outlive nothing: names are
    /// copied where needed). Throws CriterionError.
    static WhereExpr parse(std::string_view text, std::span<const FieldSpec> fields);

    /// Whether the game whose values `game` gives satisfies the expression. Allocates nothing,
    /// except what std::regex_search may allocate for a `~` comparison.
    bool matches(const WhereFields& game) const;

    /// Whether the expression reads field `field` (the command replays the moves only when
    /// a field that needs them is read).
    bool uses_field(int field) const;
    /// Whether the expression reads tags by name (tag(), tag.Name, has()).
    bool uses_tags() const { return uses_tags_; }

    /// A node of the parsed expression (public for the parser in where.cpp only).
    struct Node {
        enum class Kind : std::uint8_t {
            Or,        ///< left or right
            And,       ///< left and right
            Not,       ///< not left
            Bool,      ///< boolean(field)
            Number,    ///< number(field) op number
            Text,      ///< text(field) op text (or ~ regex)
            Date,      ///< date(field) op date
            Has,       ///< tag(name) present
            TagText,   ///< tag(name) op text (or ~ regex)
            TagNumber, ///< tag(name) as a number op number
            TagDate,   ///< tag(name) as a date op date
        };
        Kind kind;
        Comparison op = Comparison::Equal;
        int field = -1;
        int left = -1, right = -1;
        double number = 0;
        DateSpan date{0, 0};
        std::string text;     ///< the text literal
        std::string tag_name; ///< the tag's name (Has, Tag*)
        std::shared_ptr<const std::regex> regex;
    };

  private:
    bool eval(int node, const WhereFields& game) const;
    std::vector<Node> nodes_;
    int root_ = -1;
    std::vector<bool> used_fields_;
    bool uses_tags_ = false;
    friend class WhereParser;
};

} // namespace pgnkit::app::filter
