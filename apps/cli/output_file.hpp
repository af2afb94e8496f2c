#pragma once
// Every file the `armdyn` tool writes (simulate's CSV and PNG, codegen's sources) goes through
// OutputFile, which decides from what the destination is how to write it:
//   - "-", /dev/stdout, a FIFO, a character device (/dev/null, /dev/full, a terminal) or any
//     other path under /dev/ or /proc/: written directly, as a stream; never replaced;
//   - a regular file (a symbolic link to one: its target) or a missing name in an existing
//     folder: written to a temporary file beside it ("<name>.tmp.XXXXXX") and renamed over it by
//     commit(), so it is never half written and a failed or interrupted run leaves it untouched;
//   - anything else (a directory, a name in a missing folder, a socket, a block device, a folder
//     without write permission) is refused when the OutputFile is made, before any work:
//     InputError "<option>: cannot write '<path>' (<reason>)", exit status 2.
// Write failures (a full disk, /dev/full, a closed pipe) throw OutputError "<option>: cannot
// write '<path>' (<reason>)", exit status 1.
//
// Interrupts: the temporary files are recorded in a fixed table; on SIGINT, SIGTERM, SIGHUP or
// SIGPIPE a handler removes them (async-signal-safe: unlink only) and the signal then ends the
// process as it would have. commit_together() renames several outputs with those signals
// blocked, so that they appear together or not at all.
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
  /// Checks `path` (named `option` in messages) for writing; throws InputError when it cannot
  /// be. With `create_folders`, missing folders on the way are allowed (made by open()) as long
  /// as the nearest existing one is a writable folder.
  OutputFile(std::string path, std::string option, bool create_folders = false);
  /// Removes the temporary file unless committed.
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  const std::string& path() const { return path_; }
  /// True when the destination is written directly (stdout, a FIFO, a device).
  bool streaming() const { return mode_ != Mode::kReplace; }

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
  enum class Mode { kReplace, kStream, kStdout };
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
  bool create_folders_ = false, started_ = false, committed_ = false, terminal_ = false;
  int fd_ = -1;
  std::string buffer_;
};

/// Commits every file (see OutputFile::commit) so that they appear together: all are flushed
/// and closed first, then renamed with SIGINT, SIGTERM, SIGHUP and SIGPIPE held back.
void commit_together(const std::vector<OutputFile*>& files);

}  // namespace armdyn::cli
