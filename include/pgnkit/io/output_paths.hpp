#pragma once
/// The outputs of a run checked against its inputs and each other before anything is read
/// or written: no command may overwrite a file it reads, and no two outputs may be one file.

#include <optional>
#include <string>
#include <vector>

namespace pgnkit::app {

/// An output file of a run and the option that names it ("-o", "--rejects", …).
struct RunOutput {
    std::string option;
    std::string path; ///< "-" or "" = standard output / not given
};

/// What find_output_clash() found: a message naming both paths.
struct OutputClash {
    std::string message;
    bool with_input = false; ///< an output is an input (else two outputs are one file)
};

/// The first clash among a run's paths, if any: an output that is one of the inputs (the
/// same device and inode, also through a symlink, a hard link or another spelling such as
/// `./db.pgn`; a file not yet there by its resolved folder and name), two outputs that are
/// one file, or standard output redirected to an input (`>> db.pgn`). Standard input (`-`)
/// counts as the file it is redirected from. Paths that are no regular files (/dev/null,
/// a terminal, a FIFO) never clash; paths that cannot be resolved are left to the open.
std::optional<OutputClash> find_output_clash(const std::vector<std::string>& inputs,
                                             const std::vector<RunOutput>& outputs);

} // namespace pgnkit::app
