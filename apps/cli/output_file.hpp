#pragma once
// Every file the `armdyn` tool writes (simulate's CSV and PNG, codegen's sources) goes through
// OutputFile, which decides from what the destination is how to write it:
//   - "-", /dev/stdout, /dev/stderr, /dev/fd/N or /proc/self/fd/N: the open descriptor, written
//     as it is (where the shell's redirection put it);
//   - a FIFO or a character device (/dev/null, /dev/full, a terminal): written directly, as a
//     stream; never replaced;
//   - a regular file, wherever it lives (/dev/shm and /proc too; a symbolic link to one: its
//     target) or a missing name in an existing folder: written to a temporary file beside it
//     ("<name>.tmp.XXXXXX", the name shortened when it would not fit) and renamed over it by
//     commit(), so it is never half written and a failed or interrupted run leaves it untouched;
//   - anything else (a directory, a name in a missing folder, a socket, a block device, a folder
//     without write permission, a name longer than the file system allows) is refused when the
//     OutputFile is made, before any work: InputError "<option>: cannot write '<path>'
//     (<reason>)", exit status 2.
// A name the tool makes inside a folder the user gave (kInFolder: design's results, codegen's
// files) is replaced as a name whatever it holds: a symbolic link or a FIFO there gives way to
// the new file, its target is never written and nothing waits for a reader.
// Write failures (a full disk, /dev/full, a closed pipe) throw OutputError "<option>: cannot
// write '<path>' (<reason>)", exit status 1.
//
// Scratch files for the helper programs (the plotting scripts' input and messages) come from
// OutputFile::scratch: a fresh file of a unique name in the temporary folder, never committed.
//
// Interrupts: the temporary files are recorded in a fixed table; on SIGINT, SIGTERM, SIGHUP or
// SIGPIPE a handler removes them (async-signal-safe: unlink only) and the signal then ends the
// process as it would have. commit_together() renames several outputs with those signals
// blocked, so that they appear together or not at all.
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace armdyn::cli {

/// An output that could not be written (exit status 1, the message without "internal error").
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class OutputFile {
 public:
  /// Who chose the file's name: the user (kAsNamed: a symbolic link is followed, a FIFO or
  /// device written into), or the tool inside a folder the user gave (kInFolder: missing folders
  /// on the way are allowed, made by open(), as long as the nearest existing one is a writable
  /// folder; whatever is at the name but a folder is replaced as a name).
  enum Naming { kAsNamed, kInFolder };
  /// Checks `path` (named `option` in messages) for writing; throws InputError when it cannot be.
  OutputFile(std::string path, std::string option, Naming naming = kAsNamed);
  /// A scratch file "<temporary folder>/<stem>.XXXXXX<extension>", created now with a name no
  /// other file has (mkstemp: never an existing file, folder or link), removed when the object
  /// goes or the run is interrupted; written with write()/flush() and read by name through
  /// temporary_path(). Never committed.
  static std::unique_ptr<OutputFile> scratch(const std::string& stem, const std::string& extension,
                                             const std::string& option);
  /// Removes the temporary file unless committed.
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  const std::string& path() const { return path_; }
  /// True when the destination is written directly (stdout, a descriptor, a FIFO, a device).
  bool streaming() const { return mode_ == Mode::kStream || mode_ == Mode::kDescriptor; }

  /// Starts writing: creates the temporary file, or opens the stream (a FIFO waits here for its
  /// reader).
  void open();
  /// Appends `text` (buffered, except to a terminal); OutputError when writing fails.
  void write(std::string_view text);
  /// Writes out the buffer.
  void flush();
  /// A file for a producer that writes by name (the plotting script) instead of write(): the
  /// temporary beside the destination, or for a stream one in the temporary folder, copied into
  /// the stream by commit(). Call instead of open().
  const std::string& staging_path();
  /// Finishes: flushes and closes, then renames the temporary over the destination (or copies
  /// the staging file into the stream). OutputError on failure (the temporary removed).
  void commit();
  /// Removes the temporary file now (a run that failed).
  void discard();
  /// The temporary file being written beside a regular destination ("" for a stream or before
  /// open()); after flush() it holds everything written so far. An OutputFile never committed
  /// is thus also a scratch file that is always cleaned up.
  const std::string& temporary_path() const { return temp_; }

 private:
  enum class Mode { kReplace, kStream, kDescriptor, kScratch };
  OutputFile(std::string option, Mode mode);
  friend void commit_together(const std::vector<OutputFile*>& files);
  void write_out(const char* data, std::size_t size);
  void close_fd();
  void remove_temporary();
  void finish_writing();  // flush and close (both modes); staging copied into the stream
  void rename_into_place();
  [[noreturn]] void fail(const std::string& reason);

  std::string path_, option_;
  std::string target_;  ///< what gets replaced (the symbolic link's target) or opened
  std::string temp_;    ///< the temporary or staging file ("" when none)
  int slot_ = -1;       ///< the temporary's entry in the signal handler's table
  Mode mode_ = Mode::kReplace;
  Naming naming_ = kAsNamed;
  bool started_ = false, committed_ = false, terminal_ = false;
  int descriptor_ = -1;  ///< kDescriptor: the inherited descriptor written into
  int fd_ = -1;
  std::string buffer_;
};

/// Makes `path` a new, empty regular file and returns it open for writing (O_WRONLY): a
/// temporary file beside it renamed over whatever is at the name, so that a symbolic link there
/// is replaced (its target never opened) and a FIFO is replaced (nothing waits for a reader).
/// For a file that grows while it is read (design's results.partial.csv). OutputError
/// "<option>: cannot write '<path>' (<reason>)" when it cannot be made.
int create_replacing(const std::string& path, const std::string& option);

/// Commits every file (see OutputFile::commit) so that they appear together: all are flushed
/// and closed first, then renamed with SIGINT, SIGTERM, SIGHUP and SIGPIPE held back.
void commit_together(const std::vector<OutputFile*>& files);

}  // namespace armdyn::cli
