#pragma once
/// Many output files in one folder (split's pieces), however many: at most a bounded number
/// open at once (the least recently written is closed first, and opened again to append),
/// each with a bounded buffer, so neither file descriptors nor memory grow with the number
/// of files. The files are written in a hidden folder inside the target folder and moved
/// into place when every one is complete (commit()): an interrupted or failed run leaves no
/// file in the folder that looks whole.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::app {

struct OutputSetOptions {
    std::size_t max_open = 64;                        ///< files open at once (at least 1)
    std::size_t buffer_bytes = std::size_t{64} << 10; ///< per open file
    bool zstd = false;                                ///< compress every file (a frame per opening)
    int zstd_level = 3;
    bool replace = false; ///< commit() replaces files of the same names (else refuses)
};

class OutputSet {
  public:
    /// Files in `folder` (created, with its parents, if missing). Throws std::runtime_error
    /// when it cannot be created or written in.
    OutputSet(std::string folder, const OutputSetOptions& options);
    /// Without commit(): every file written is removed (and the folder, if it was created
    /// and is empty).
    ~OutputSet();
    OutputSet(const OutputSet&) = delete;
    OutputSet& operator=(const OutputSet&) = delete;

    /// Whether the folder holds an entry named `name` (a file that commit() would replace).
    bool exists(const std::string& name) const;
    /// The folder's path joined with `name`.
    std::string path_of(std::string_view name) const;
    /// A new file named `name` (a plain name, not a path; distinct from the others); nothing is
    /// created before its first write. Returns its number, from 0 in the order added.
    std::size_t add(std::string name);
    /// Appends `bytes` to file `file`, opening it (again) if needed. False when a write failed
    /// (error()).
    bool write(std::size_t file, std::string_view bytes);
    /// Closes file `file` if it is open (split --games: a piece is complete when the next
    /// begins); a later write opens it again. False when a write failed (error()).
    bool close_file(std::size_t file) { return files_[file].fd < 0 || close(file); }
    /// Closes every file and moves each into the folder (refusing to replace an existing
    /// file unless OutputSetOptions::replace). Throws std::runtime_error on failure (the
    /// files not moved yet are removed).
    void commit();

    const std::string& error() const { return error_; }
    std::size_t files() const { return files_.size(); }
    const std::string& name(std::size_t file) const { return files_[file].name; }
    /// Bytes written to file `file` (before compression).
    std::uint64_t bytes(std::size_t file) const { return files_[file].bytes; }
    std::size_t open_now() const { return open_; }
    /// The most files that were open at once, and how many times a file was opened again.
    std::size_t most_open() const { return most_open_; }
    std::uint64_t reopened() const { return reopened_; }

  private:
    static constexpr std::uint32_t None = ~std::uint32_t{0};
    struct File {
        std::string name;
        int fd = -1;
        bool created = false;
        bool frame_started = false; ///< bytes of this opening's zstd frame were compressed
        std::uint32_t buffer = None, stream = None; // in buffers_, streams_ while open
        std::uint32_t newer = None, older = None;   // the list of open files, newest first
        std::uint64_t bytes = 0;
    };
    std::string folder_, staging_;
    int folder_fd_ = -1, staging_fd_ = -1;
    bool created_folder_ = false, committed_ = false;
    OutputSetOptions options_;
    std::vector<File> files_;
    std::uint32_t newest_ = None, oldest_ = None;
    std::size_t open_ = 0, most_open_ = 0;
    std::uint64_t reopened_ = 0;
    std::vector<std::string> buffers_; // one per open file, reused
    std::vector<std::uint32_t> free_buffers_;
    std::vector<void*> streams_; // ZSTD_CStream*, one per open file, reused
    std::vector<std::uint32_t> free_streams_;
    std::string zout_; // compressed bytes on their way out
    std::string error_;

    bool open(std::size_t file);
    bool close(std::size_t file);
    bool flush(File& f, bool end_frame);
    bool write_fd(File& f, const char* data, std::size_t size);
    bool compress(File& f, std::string_view in, bool end_frame);
    void unlink_open(std::uint32_t file);
    void remove_staged();
};

/// Removes the files of an OutputSet not yet committed, and its hidden folder (for a SIGINT
/// handler: async-signal-safe).
void remove_pending_output_set_on_signal();

} // namespace pgnkit::app
