#include "pgnkit/cmd/filter/where.hpp"

#include "pgnkit/cmd/filter/criterion_error.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace pgnkit::app::filter {

namespace {

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_word_char(char c) {
    return is_alpha(c) || is_digit(c) || c == '.' || c == '?' || c == '-' || c == '/' || c == '+' ||
           c == ':';
}
char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

bool same_letters(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                              [](char x, char y) { return lower(x) == lower(y); });
}

/// Levenshtein distance, case-insensitive (for "did you mean").
std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diag = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min(
                {row[j] + 1, row[j - 1] + 1, diag + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1)});
            diag = up;
        }
    }
    return row[b.size()];
}

struct Token {
    enum class Kind { End, Ident, String, Word, Op, LParen, RParen, Dot, Comma };
    Kind kind = Kind::End;
    std::string_view text; ///< as written (a string without its quotes, escapes kept)
    std::string value;     ///< a string's value, escapes resolved
    Comparison op = Comparison::Equal;
    std::size_t column = 1; ///< 1-based
};

/// Expressions nest at most this deep (the parser and the evaluator recurse).
constexpr int MaxDepth = 100;

} // namespace

/// The recursive-descent parser of the grammar in where.hpp.
class WhereParser {
  public:
    WhereParser(std::string_view text, std::span<const FieldSpec> fields)
        : text_(text), fields_(fields) {
        out_.used_fields_.assign(fields.size(), false);
    }

    WhereExpr run() {
        advance();
        if (tok_.kind == Token::Kind::End) throw CriterionError(tok_.column, "empty expression");
        out_.root_ = parse_or(0);
        if (tok_.kind != Token::Kind::End) {
            if (tok_.kind == Token::Kind::RParen)
                throw CriterionError(tok_.column, "')' without its '('");
            throw CriterionError(
                tok_.column,
                fmt::format("expected 'and', 'or' or the end, found {}", describe(tok_)));
        }
        return std::move(out_);
    }

  private:
    // --- lexer ---
    void advance() {
        std::size_t i = pos_;
        while (i < text_.size() &&
               (text_[i] == ' ' || text_[i] == '\t' || text_[i] == '\n' || text_[i] == '\r'))
            ++i;
        tok_ = Token{};
        tok_.column = i + 1;
        if (i == text_.size()) {
            pos_ = i;
            return;
        }
        const char c = text_[i];
        std::size_t j = i + 1;
        std::size_t len = 0;
        if (is_alpha(c)) {
            while (j < text_.size() && (is_alpha(text_[j]) || is_digit(text_[j]))) ++j;
            tok_.kind = Token::Kind::Ident;
        } else if (is_digit(c) ||
                   ((c == '-' || c == '+') && i + 1 < text_.size() && is_digit(text_[i + 1]))) {
            while (j < text_.size() && is_word_char(text_[j])) ++j;
            tok_.kind = Token::Kind::Word;
        } else if (c == '"') {
            std::string value;
            for (;; ++j) {
                if (j >= text_.size()) throw CriterionError(i + 1, "unterminated string");
                if (text_[j] == '"') break;
                if (text_[j] == '\\' && j + 1 < text_.size() &&
                    (text_[j + 1] == '"' || text_[j + 1] == '\\'))
                    ++j;
                value += text_[j];
            }
            tok_.kind = Token::Kind::String;
            tok_.value = std::move(value);
            tok_.text = text_.substr(i + 1, j - i - 1);
            pos_ = j + 1;
            return;
        } else if (auto op = read_comparison(text_.substr(i), len)) {
            tok_.kind = Token::Kind::Op;
            tok_.op = *op;
            j = i + len;
        } else if (c == '(') {
            tok_.kind = Token::Kind::LParen;
        } else if (c == ')') {
            tok_.kind = Token::Kind::RParen;
        } else if (c == '.') {
            tok_.kind = Token::Kind::Dot;
        } else if (c == ',') {
            tok_.kind = Token::Kind::Comma;
        } else if (c == '\'') {
            throw CriterionError(i + 1, "put text in double quotes (\"...\")");
        } else if (c == '&' || c == '|' || c == '!') {
            throw CriterionError(i + 1, fmt::format("unexpected '{}' (write and, or, not)", c));
        } else {
            throw CriterionError(i + 1, fmt::format("unexpected character '{}'", c));
        }
        tok_.text = text_.substr(i, j - i);
        pos_ = j;
    }

    static std::string describe(const Token& t) {
        switch (t.kind) {
        case Token::Kind::End: return "the end";
        case Token::Kind::String: return fmt::format("\"{}\"", t.text);
        default: return fmt::format("'{}'", t.text);
        }
    }

    bool keyword(std::string_view word) const {
        return tok_.kind == Token::Kind::Ident && same_letters(tok_.text, word);
    }

    void expect(Token::Kind kind, const char* what) {
        if (tok_.kind != kind)
            throw CriterionError(tok_.column,
                                 fmt::format("expected {}, found {}", what, describe(tok_)));
        advance();
    }

    int add(WhereExpr::Node node) {
        out_.nodes_.push_back(std::move(node));
        return int(out_.nodes_.size() - 1);
    }

    int binary(WhereExpr::Node::Kind kind, int left, int right) {
        WhereExpr::Node n;
        n.kind = kind;
        n.left = left;
        n.right = right;
        return add(std::move(n));
    }

    // --- grammar ---
    int parse_or(int depth) {
        int left = parse_and(depth);
        while (keyword("or")) {
            advance();
            left = binary(WhereExpr::Node::Kind::Or, left, parse_and(depth));
        }
        return left;
    }

    int parse_and(int depth) {
        int left = parse_unary(depth);
        while (keyword("and")) {
            advance();
            left = binary(WhereExpr::Node::Kind::And, left, parse_unary(depth));
        }
        return left;
    }

    int parse_unary(int depth) {
        if (depth > MaxDepth) throw CriterionError(tok_.column, "expression nested too deeply");
        if (keyword("not")) {
            advance();
            return binary(WhereExpr::Node::Kind::Not, parse_unary(depth + 1), -1);
        }
        return parse_primary(depth);
    }

    int parse_primary(int depth) {
        if (tok_.kind == Token::Kind::LParen) {
            const std::size_t open = tok_.column;
            advance();
            if (tok_.kind == Token::Kind::RParen)
                throw CriterionError(tok_.column, "empty parentheses");
            const int inner = parse_or(depth + 1);
            if (tok_.kind != Token::Kind::RParen)
                throw CriterionError(
                    tok_.column, fmt::format("expected ')' to close the '(' at column {}, found {}",
                                             open, describe(tok_)));
            advance();
            return inner;
        }
        if (tok_.kind == Token::Kind::End)
            throw CriterionError(tok_.column, "expected a condition, found the end");
        if (tok_.kind != Token::Kind::Ident)
            throw CriterionError(
                tok_.column,
                fmt::format(
                    "expected a field, tag(\"Name\"), has(\"Name\"), 'not' or '(', found {}",
                    describe(tok_)));
        for (std::string_view kw : {"and", "or"})
            if (keyword(kw))
                throw CriterionError(tok_.column,
                                     fmt::format("'{}' needs a condition before it", tok_.text));
        if (keyword("has")) {
            advance();
            WhereExpr::Node n;
            n.kind = WhereExpr::Node::Kind::Has;
            n.tag_name = parse_tag_name_in_parens();
            out_.uses_tags_ = true;
            return add(std::move(n));
        }
        if (keyword("tag")) {
            advance();
            std::string name;
            if (tok_.kind == Token::Kind::Dot) {
                advance();
                if (tok_.kind != Token::Kind::Ident)
                    throw CriterionError(
                        tok_.column,
                        fmt::format("expected a tag name after 'tag.', found {}", describe(tok_)));
                name = std::string(tok_.text);
                advance();
            } else {
                name = parse_tag_name_in_parens();
            }
            out_.uses_tags_ = true;
            return parse_tag_comparison(std::move(name));
        }
        const int field = find_field(tok_);
        const FieldSpec& spec = fields_[std::size_t(field)];
        out_.used_fields_[std::size_t(field)] = true;
        const Token name = tok_;
        advance();
        if (spec.type == FieldType::Bool) {
            if (tok_.kind == Token::Kind::Op)
                throw CriterionError(
                    tok_.column,
                    fmt::format("'{}' is a yes/no field: use it alone or with 'not'", name.text));
            WhereExpr::Node n;
            n.kind = WhereExpr::Node::Kind::Bool;
            n.field = field;
            return add(std::move(n));
        }
        return parse_field_comparison(name, field, spec.type);
    }

    std::string parse_tag_name_in_parens() {
        expect(Token::Kind::LParen, "'('");
        if (tok_.kind != Token::Kind::String && tok_.kind != Token::Kind::Ident)
            throw CriterionError(
                tok_.column,
                fmt::format("expected a tag name (\"White\"), found {}", describe(tok_)));
        std::string name = tok_.kind == Token::Kind::String ? tok_.value : std::string(tok_.text);
        if (name.empty()) throw CriterionError(tok_.column, "empty tag name");
        advance();
        expect(Token::Kind::RParen, "')'");
        return name;
    }

    int find_field(const Token& t) const {
        for (std::size_t i = 0; i < fields_.size(); ++i)
            if (same_letters(fields_[i].name, t.text)) return int(i);
        std::string message = fmt::format("unknown field '{}'", t.text);
        std::size_t best = 3;
        std::string_view suggestion;
        for (const FieldSpec& f : fields_) {
            const std::size_t d = edit_distance(t.text, f.name);
            if (d < best && d <= std::max<std::size_t>(1, f.name.size() / 3)) {
                best = d;
                suggestion = f.name;
            }
        }
        if (!suggestion.empty())
            message += fmt::format(" (did you mean {}?)", suggestion);
        else if (same_letters(t.text, "true") || same_letters(t.text, "false"))
            message += " (a yes/no field is a condition alone: write 'x' or 'not x')";
        throw CriterionError(t.column, message);
    }

    struct OpLiteral {
        Comparison op;
        std::size_t op_column;
        Token literal;
    };

    /// The operator and the literal after an operand.
    OpLiteral parse_op_literal(std::string_view operand) {
        if (tok_.kind != Token::Kind::Op)
            throw CriterionError(
                tok_.column,
                fmt::format("expected a comparison (= != < <= > >= ~) after '{}', found {}",
                            operand, describe(tok_)));
        const Comparison op = tok_.op;
        const std::size_t op_column = tok_.column;
        advance();
        if (tok_.kind != Token::Kind::String && tok_.kind != Token::Kind::Word)
            throw CriterionError(
                tok_.column,
                fmt::format("expected a value (a number, a date or \"text\") after '{}', found {}",
                            comparison_text(op), describe(tok_)));
        Token literal = tok_;
        advance();
        return {op, op_column, std::move(literal)};
    }

    static std::string literal_text(const Token& t) {
        return t.kind == Token::Kind::String ? t.value : std::string(t.text);
    }

    static std::shared_ptr<const std::regex> compile_regex(const Token& t) {
        try {
            return std::make_shared<const std::regex>(literal_text(t), std::regex::ECMAScript);
        } catch (const std::regex_error& e) {
            throw CriterionError(t.column, fmt::format("bad regular expression: {}", e.what()));
        }
    }

    /// The literal's column for errors inside it (a string's content starts after its quote).
    static std::size_t inner_column(const Token& t) {
        return t.column + (t.kind == Token::Kind::String ? 1 : 0);
    }

    int parse_field_comparison(const Token& name, int field, FieldType type) {
        auto [op, op_column, literal] = parse_op_literal(name.text);
        WhereExpr::Node n;
        n.kind = WhereExpr::Node::Kind::Number;
        n.field = field;
        n.op = op;
        if (op == Comparison::Matches && type != FieldType::Text)
            throw CriterionError(op_column,
                                 fmt::format("'~' applies to text; '{}' is a {}", name.text,
                                             type == FieldType::Number ? "number" : "date"));
        switch (type) {
        case FieldType::Number: {
            const auto v =
                literal.kind == Token::Kind::Word ? parse_number(literal.text) : std::nullopt;
            if (!v)
                throw CriterionError(literal.column,
                                     fmt::format("'{}' is a number: expected a number, found {}",
                                                 name.text, describe(literal)));
            n.number = *v;
            break;
        }
        case FieldType::Date:
            n.kind = WhereExpr::Node::Kind::Date;
            n.date = parse_date_literal(literal_text(literal), inner_column(literal));
            break;
        case FieldType::Text:
            n.kind = WhereExpr::Node::Kind::Text;
            n.text = literal_text(literal);
            if (op == Comparison::Matches) n.regex = compile_regex(literal);
            break;
        case FieldType::Bool: break; // handled by the caller
        }
        return add(std::move(n));
    }

    static bool ends_with_date(std::string_view name) {
        return name.size() >= 4 && same_letters(name.substr(name.size() - 4), "date");
    }

    int parse_tag_comparison(std::string name) {
        auto [op, op_column, literal] = parse_op_literal(fmt::format("tag {}", name));
        (void)op_column;
        WhereExpr::Node n;
        n.kind = WhereExpr::Node::Kind::TagText;
        n.op = op;
        if (literal.kind == Token::Kind::Word && op != Comparison::Matches) {
            if (ends_with_date(name)) {
                n.kind = WhereExpr::Node::Kind::TagDate;
                n.date = parse_date_literal(literal.text, literal.column);
            } else if (auto v = parse_number(literal.text)) {
                n.kind = WhereExpr::Node::Kind::TagNumber;
                n.number = *v;
            }
        }
        if (n.kind == WhereExpr::Node::Kind::TagText) {
            n.text = literal_text(literal);
            if (op == Comparison::Matches) n.regex = compile_regex(literal);
        }
        n.tag_name = std::move(name);
        return add(std::move(n));
    }

    std::string_view text_;
    std::span<const FieldSpec> fields_;
    std::size_t pos_ = 0;
    Token tok_;
    WhereExpr out_;
};

WhereExpr WhereExpr::parse(std::string_view text, std::span<const FieldSpec> fields) {
    return WhereParser(text, fields).run();
}

bool WhereExpr::uses_field(int field) const {
    return field >= 0 && std::size_t(field) < used_fields_.size() &&
           used_fields_[std::size_t(field)];
}

bool WhereExpr::matches(const WhereFields& game) const { return root_ >= 0 && eval(root_, game); }

namespace {

bool text_holds(std::string_view value, const WhereExpr::Node& n) {
    if (n.op == Comparison::Matches) return std::regex_search(value.begin(), value.end(), *n.regex);
    return compare_text(value, n.op, n.text);
}

} // namespace

bool WhereExpr::eval(int index, const WhereFields& game) const {
    const Node& n = nodes_[std::size_t(index)];
    switch (n.kind) {
    case Node::Kind::Or: return eval(n.left, game) || eval(n.right, game);
    case Node::Kind::And: return eval(n.left, game) && eval(n.right, game);
    case Node::Kind::Not: return !eval(n.left, game);
    case Node::Kind::Bool: return game.boolean(n.field);
    case Node::Kind::Number: {
        const auto v = game.number(n.field);
        return v && compare_numbers(*v, n.op, n.number);
    }
    case Node::Kind::Text: {
        const auto v = game.text(n.field);
        return v && text_holds(*v, n);
    }
    case Node::Kind::Date: {
        const auto v = game.date(n.field);
        return v && compare_dates(*v, n.op, n.date);
    }
    case Node::Kind::Has: return game.tag(n.tag_name).has_value();
    case Node::Kind::TagText: {
        const auto v = game.tag(n.tag_name);
        return v && text_holds(*v, n);
    }
    case Node::Kind::TagNumber: {
        const auto v = game.tag(n.tag_name);
        if (!v) return false;
        const auto number = parse_number(*v);
        return number && compare_numbers(*number, n.op, n.number);
    }
    case Node::Kind::TagDate: {
        const auto v = game.tag(n.tag_name);
        if (!v) return false;
        const auto date = parse_pgn_date(*v);
        return date && compare_dates(*date, n.op, n.date);
    }
    }
    return false;
}

} // namespace pgnkit::app::filter
