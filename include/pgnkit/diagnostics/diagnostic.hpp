#pragma once
/// Diagnostics: every defect pgnkit reports, with a stable code and a location.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pgnkit {

enum class Severity : std::uint8_t { Ignore, Info, Warning, Error };

/// Every diagnostic code, from codes.def (the one table).
enum class Code : std::uint8_t {
#define X(name, str, sev, text) name,
#include "pgnkit/diagnostics/codes.def"
#undef X
};

inline constexpr int code_count = 0
#define X(name, str, sev, text) +1
#include "pgnkit/diagnostics/codes.def"
#undef X
    ;

struct CodeInfo {
    Code code;
    std::string_view name;
    Severity default_severity;
    std::string_view explanation;
};

/// The table, in codes.def order.
const CodeInfo& code_info(Code c);
std::string_view code_name(Code c);
std::optional<Code> code_from_name(std::string_view name);
std::string_view severity_name(Severity s);

/// A location inside the input: 1-based line and column (in bytes), 0-based byte offset.
struct SourceLocation {
    std::uint64_t line = 0;
    std::uint64_t column = 0; ///< (64 bits: a line may be longer than 4 GB)
    std::uint64_t offset = 0;
};

/// Copies a location field by field. The reader builds a location per token with narrow
/// stores; copied as a whole, it is read back with a 16-byte load that the CPU cannot
/// forward from those stores (a stall of a dozen cycles per token).
inline void copy_location(SourceLocation& to, const SourceLocation& from) {
    to.line = from.line;
    to.column = from.column;
    to.offset = from.offset;
}

/// One reported defect.
struct Diagnostic {
    Code code{};
    Severity severity = Severity::Error;
    std::string message;
    SourceLocation loc;
    std::uint64_t game = 0; ///< 1-based game number within the run, 0 for between games
    int ply = 0;            ///< ply of the offending move (1 = white's first), 0 if none
    std::string token;      ///< the offending text (move, tag, …)
    std::string fen;        ///< FEN before the offending move, if any
    std::string suggestion; ///< e.g. the legal moves the text most resembles
};

/// Per-run severity overrides (--error/--warn/--ignore/--strict).
class SeverityTable {
  public:
    SeverityTable();
    Severity get(Code c) const { return sev_[static_cast<int>(c)]; }
    void set(Code c, Severity s) { sev_[static_cast<int>(c)] = s; }
    /// --strict: every warning becomes an error.
    void make_strict();

  private:
    Severity sev_[code_count];
};

} // namespace pgnkit
