#include "pgnkit/io/output_paths.hpp"

#include <fmt/format.h>

#include <sys/stat.h>
#include <unistd.h>

#include <climits>
#include <cstdlib>

namespace pgnkit::app {

namespace {

/// Which file a path names: its inode when it exists, else its resolved folder and name.
struct FileIdentity {
    bool regular = false; ///< an existing regular file (else: not there yet, or no file)
    bool exists = false;
    dev_t dev = 0;
    ino_t ino = 0;
    std::string resolved; ///< the absolute path with every link resolved ("" if unknown)

    bool same_file(const FileIdentity& o) const {
        if (regular && o.regular) return dev == o.dev && ino == o.ino;
        return !resolved.empty() && resolved == o.resolved;
    }
};

std::string resolve(const std::string& path) {
    char buf[PATH_MAX];
    if (::realpath(path.c_str(), buf)) return buf;
    // Not there yet: the folder resolved, the name as given (rename() replaces that name).
    const std::size_t slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash + 1);
    const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    if (name.empty() || name == "." || name == ".." || !::realpath(dir.c_str(), buf)) return {};
    std::string out = buf;
    if (out.back() != '/') out += '/';
    return out + name;
}

FileIdentity identify_stat(const struct stat& st) {
    FileIdentity id;
    id.exists = true;
    id.regular = S_ISREG(st.st_mode);
    id.dev = st.st_dev;
    id.ino = st.st_ino;
    return id;
}

/// A path's identity; nullopt for what never clashes (a device, a FIFO, a folder).
std::optional<FileIdentity> identify(const std::string& path) {
    struct stat st;
    if (::stat(path.c_str(), &st) == 0) {
        if (!S_ISREG(st.st_mode)) return std::nullopt;
        FileIdentity id = identify_stat(st);
        id.resolved = resolve(path);
        return id;
    }
    FileIdentity id;
    id.resolved = resolve(path);
    if (id.resolved.empty()) return std::nullopt;
    return id;
}

/// Standard input or output when it is a regular file.
std::optional<FileIdentity> identify_fd(int fd) {
    struct stat st;
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
    return identify_stat(st);
}

bool is_stdio(const std::string& path) { return path.empty() || path == "-"; }

} // namespace

std::optional<OutputClash> find_output_clash(const std::vector<std::string>& inputs,
                                             const std::vector<RunOutput>& outputs) {
    struct Named {
        std::string label;
        FileIdentity id;
    };
    std::vector<Named> ins;
    for (const std::string& in : inputs) {
        auto id = is_stdio(in) ? identify_fd(STDIN_FILENO) : identify(in);
        if (id && id->exists) // an input not there is the open's error, later
            ins.push_back(
                {is_stdio(in) ? std::string("standard input") : fmt::format("the input '{}'", in),
                 *id});
    }
    std::vector<Named> outs;
    for (const RunOutput& out : outputs) {
        if (is_stdio(out.path)) continue;
        if (auto id = identify(out.path))
            outs.push_back({fmt::format("{} '{}'", out.option, out.path), *id});
    }
    const auto is_input = [&](const Named& out) -> std::optional<OutputClash> {
        for (const Named& in : ins)
            if (out.id.same_file(in.id))
                return OutputClash{fmt::format("{} is {}: refusing to overwrite an input "
                                               "(nothing was read or written)",
                                               out.label, in.label),
                                   true};
        return std::nullopt;
    };
    for (std::size_t i = 0; i < outs.size(); ++i) {
        if (auto clash = is_input(outs[i])) return clash;
        for (std::size_t j = 0; j < i; ++j)
            if (outs[i].id.same_file(outs[j].id))
                return OutputClash{fmt::format("{} and {} are the same file (nothing was read "
                                               "or written)",
                                               outs[j].label, outs[i].label),
                                   false};
    }
    if (auto out = identify_fd(STDOUT_FILENO))
        if (auto clash = is_input({"standard output", *out})) return clash;
    return std::nullopt;
}

} // namespace pgnkit::app
