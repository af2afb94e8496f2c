#include "output_file.hpp"

#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "armdyn/core/error.hpp"

namespace armdyn::cli {
namespace {

namespace fs = std::filesystem;

// The temporary files the signal handler removes: a fixed table, so that the handler only reads
// memory that exists and calls unlink (async-signal-safe). A slot is free (0), being filled (1)
// or armed (2); only armed slots are read by the handler.
constexpr int kSlots = 64;
char g_paths[kSlots][PATH_MAX];
std::atomic<int> g_state[kSlots];
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs lock-free atomics");

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};

extern "C" void remove_temporaries_and_reraise(int sig) {
  const int saved = errno;
  for (int i = 0; i < kSlots; ++i)
    if (g_state[i].load() == 2) unlink(g_paths[i]);
  errno = saved;
  raise(sig);  // the handler was installed with SA_RESETHAND: the default action now ends the process
}

void install_handlers() {
  static const bool installed = [] {
    struct sigaction action {};
    action.sa_handler = remove_temporaries_and_reraise;
    action.sa_flags = SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    for (int sig : kSignals) sigaddset(&action.sa_mask, sig);
    for (int sig : kSignals) {
      struct sigaction old {};
      if (sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;  // keep "ignored" (nohup)
      sigaction(sig, &action, nullptr);
    }
    return true;
  }();
  (void)installed;
}

// Holds SIGINT, SIGTERM, SIGHUP and SIGPIPE back while alive (delivered when it ends).
class SignalsHeld {
 public:
  SignalsHeld() {
    sigset_t set;
    sigemptyset(&set);
    for (int sig : kSignals) sigaddset(&set, sig);
    sigprocmask(SIG_BLOCK, &set, &old_);
  }
  ~SignalsHeld() { sigprocmask(SIG_SETMASK, &old_, nullptr); }
  SignalsHeld(const SignalsHeld&) = delete;
  SignalsHeld& operator=(const SignalsHeld&) = delete;

 private:
  sigset_t old_;
};

int arm(const std::string& path) {
  install_handlers();
  if (path.size() >= PATH_MAX) throw OutputError(path + ": name too long");
  for (int i = 0; i < kSlots; ++i) {
    int expected = 0;
    if (!g_state[i].compare_exchange_strong(expected, 1)) continue;
    std::memcpy(g_paths[i], path.c_str(), path.size() + 1);
    g_state[i].store(2);
    return i;
  }
  throw OutputError("more than " + std::to_string(kSlots) + " temporary files at once");
}

void disarm(int slot) {
  if (slot >= 0) g_state[slot].store(0);
}

// 0666 less the umask: the mode of a new file.
mode_t new_file_mode() {
  const mode_t mask = umask(0);
  umask(mask);
  return 0666 & ~mask;
}

// mkostemps on `pattern` (XXXXXX, then `suffix_length` more characters) and its entry in the
// table, with the signals held so that no interrupt falls between the two; returns the open
// descriptor.
int make_temporary(std::string& pattern, int& slot, int suffix_length = 0) {
  SignalsHeld held;
  const int fd = mkostemps(pattern.data(), suffix_length, O_CLOEXEC);  // not inherited by the plotting scripts
  if (fd < 0) return fd;
  try {
    slot = arm(pattern);
  } catch (...) {
    close(fd);
    unlink(pattern.c_str());
    throw;
  }
  return fd;
}

std::string folder_of(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

// The descriptor a path names when it is one of the process's own (-1 for any other path):
// "-", /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N. Such a path is written into the
// descriptor as the shell left it (a regular file at its offset, a pipe, a terminal), never
// reopened or replaced.
int descriptor_named(const std::string& path) {
  if (path == "-" || path == "/dev/stdout") return STDOUT_FILENO;
  if (path == "/dev/stderr") return STDERR_FILENO;
  for (const char* folder : {"/dev/fd/", "/proc/self/fd/"}) {
    const std::string prefix = folder;
    if (path.rfind(prefix, 0) != 0 || path.size() == prefix.size() || path.size() > prefix.size() + 6) continue;
    int n = 0;
    for (std::size_t i = prefix.size(); i < path.size(); ++i) {
      if (path[i] < '0' || path[i] > '9') return -1;
      n = n * 10 + (path[i] - '0');
    }
    return n;
  }
  return -1;
}

// The mkstemp pattern of the temporary beside `target`: "<name>.tmp.XXXXXX", the name cut so
// that the temporary's name fits the folder's file-name limit (a name of 250 bytes is valid,
// its temporary would not be).
std::string temporary_pattern(const std::string& target) {
  static const std::string suffix = ".tmp.XXXXXX";
  const fs::path path(target);
  const long limit = pathconf(folder_of(target).c_str(), _PC_NAME_MAX);
  const std::size_t name_max = limit > 0 ? static_cast<std::size_t>(limit) : NAME_MAX;
  std::string name = path.filename().string();
  if (name.size() + suffix.size() > name_max) name.resize(name_max - suffix.size());
  return (path.parent_path() / (name + suffix)).string();
}

}  // namespace

OutputFile::OutputFile(std::string path, std::string option, Naming naming)
    : path_(std::move(path)), option_(std::move(option)), naming_(naming) {
  auto refuse = [this](const std::string& reason) {
    throw InputError(option_ + ": cannot write '" + path_ + "' (" + reason + ")");
  };
  if (path_.empty()) throw InputError(option_ + ": empty file name");
  if (const int fd = descriptor_named(path_); fd >= 0 && naming_ == kAsNamed) {
    if (fcntl(fd, F_GETFL) < 0) refuse(std::strerror(errno));
    mode_ = Mode::kDescriptor;
    descriptor_ = fd;
    return;
  }
  std::error_code ec;
  const std::string absolute = fs::absolute(path_, ec).lexically_normal().string();
  struct stat st {};
  if (naming_ == kInFolder && lstat(path_.c_str(), &st) == 0) {
    // The tool's own name: replaced as a name (a link or FIFO there is never opened).
    if (S_ISDIR(st.st_mode)) refuse("it is a folder");
    target_ = absolute;
  } else if (naming_ == kAsNamed && stat(path_.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) refuse("it is a folder");
    if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode)) {
      if (access(path_.c_str(), W_OK) != 0) refuse(std::strerror(errno));
      mode_ = Mode::kStream;
      target_ = path_;
      return;
    }
    if (!S_ISREG(st.st_mode)) refuse("not a regular file, FIFO or character device");
    target_ = fs::canonical(path_, ec).string();  // a symbolic link's target is what gets replaced
    if (ec) refuse(ec.message());
  } else {
    if (errno != ENOENT) refuse(std::strerror(errno));
    struct stat link {};
    if (naming_ == kAsNamed && lstat(path_.c_str(), &link) == 0) refuse("a symbolic link to a missing file");
    target_ = absolute;
  }
  if (temporary_pattern(target_).size() >= PATH_MAX) refuse(std::strerror(ENAMETOOLONG));
  // A file is created beside the target: its folder (or, in a folder the tool makes, the nearest
  // existing one) must be a writable folder.
  std::string folder = folder_of(target_);
  while (naming_ == kInFolder && !fs::exists(folder, ec) && folder != folder_of(folder)) folder = folder_of(folder);
  struct stat dir {};
  if (stat(folder.c_str(), &dir) != 0)
    refuse(errno == ENOENT ? "no such folder '" + folder + "'" : std::string(std::strerror(errno)));
  if (!S_ISDIR(dir.st_mode)) refuse("'" + folder + "' is not a folder");
  if (access(folder.c_str(), W_OK | X_OK) != 0) refuse("cannot create a file in '" + folder + "': " + std::strerror(errno));
}

OutputFile::OutputFile(std::string option, Mode mode) : option_(std::move(option)), mode_(mode) {}

std::unique_ptr<OutputFile> OutputFile::scratch(const std::string& stem, const std::string& extension,
                                                const std::string& option) {
  std::unique_ptr<OutputFile> file(new OutputFile(option, Mode::kScratch));
  std::error_code ec;
  const fs::path folder = fs::temp_directory_path(ec);
  if (ec) throw InputError(option + ": no temporary folder (" + ec.message() + "; set TMPDIR)");
  file->path_ = (folder / (stem + ".XXXXXX" + extension)).string();
  file->temp_ = file->path_;
  file->fd_ = make_temporary(file->temp_, file->slot_, static_cast<int>(extension.size()));
  if (file->fd_ < 0) {
    file->temp_.clear();
    file->fail(std::strerror(errno));
  }
  file->path_ = file->temp_;
  file->started_ = true;
  return file;
}

OutputFile::~OutputFile() {
  if (!committed_) discard();
}

void OutputFile::open() {
  if (started_ || committed_) return;
  started_ = true;
  if (mode_ == Mode::kDescriptor) {
    if (descriptor_ == STDOUT_FILENO) std::fflush(stdout);
    if (descriptor_ == STDERR_FILENO) std::fflush(stderr);
    fd_ = descriptor_;
    terminal_ = isatty(fd_) == 1;
    return;
  }
  if (mode_ == Mode::kStream) {
    do fd_ = ::open(target_.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    while (fd_ < 0 && errno == EINTR);
    if (fd_ < 0) fail(std::strerror(errno));
    // Still what was checked: a regular file put there since would keep its old tail.
    struct stat st {};
    if (fstat(fd_, &st) != 0 || !(S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))) fail("no longer a FIFO or device");
    terminal_ = isatty(fd_) == 1;
    return;
  }
  std::error_code ec;
  if (naming_ == kInFolder) fs::create_directories(folder_of(target_), ec);
  if (ec) fail(ec.message());
  temp_ = temporary_pattern(target_);
  fd_ = make_temporary(temp_, slot_);
  if (fd_ < 0) {
    temp_.clear();
    fail(std::strerror(errno));
  }
  // The mode the file would have had: the replaced regular file's, else a new file's.
  struct stat st {};
  const int found = naming_ == kInFolder ? lstat(target_.c_str(), &st) : stat(target_.c_str(), &st);
  fchmod(fd_, found == 0 && S_ISREG(st.st_mode) ? st.st_mode & 07777 : new_file_mode());
}

void OutputFile::write(std::string_view text) {
  if (!started_) open();
  buffer_.append(text);
  if (buffer_.size() >= (1u << 16) || terminal_) flush();  // a person reads a terminal as it goes
}

void OutputFile::flush() {
  if (buffer_.empty() || fd_ < 0) return;
  write_out(buffer_.data(), buffer_.size());
  buffer_.clear();
}

void OutputFile::write_out(const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd_, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail(n < 0 ? std::strerror(errno) : "nothing written");
    data += n;
    size -= static_cast<std::size_t>(n);
  }
}

const std::string& OutputFile::staging_path() {
  if (!temp_.empty()) return temp_;
  if (mode_ == Mode::kReplace) {
    open();
    close_fd();  // the producer writes the file by its name
  } else if (streaming()) {
    temp_ = (fs::temp_directory_path() / "armdyn_output_XXXXXX").string();
    const int fd = make_temporary(temp_, slot_);
    if (fd < 0) {
      temp_.clear();
      fail(std::strerror(errno));
    }
    close(fd);
  }
  return temp_;
}

void OutputFile::close_fd() {
  if (fd_ >= 0 && mode_ != Mode::kDescriptor) ::close(fd_);
  fd_ = -1;
}

void OutputFile::finish_writing() {
  if (committed_) return;
  if (streaming() && !temp_.empty()) {  // a staging file: copied into the stream
    std::FILE* in = std::fopen(temp_.c_str(), "rb");
    if (!in) fail(std::strerror(errno));
    try {
      open();
      char chunk[1 << 16];
      std::size_t got = 0;
      while ((got = std::fread(chunk, 1, sizeof chunk, in)) > 0) write_out(chunk, got);
    } catch (...) {
      std::fclose(in);
      throw;
    }
    std::fclose(in);
    remove_temporary();
  }
  if (!started_) open();  // nothing written: still an (empty) output
  flush();
  const int fd = mode_ == Mode::kDescriptor ? -1 : fd_;
  fd_ = -1;
  if (fd >= 0 && ::close(fd) != 0 && mode_ == Mode::kReplace) fail(std::strerror(errno));
}

void OutputFile::rename_into_place() {
  if (committed_) return;
  if (mode_ == Mode::kScratch) remove_temporary();  // never a result
  if (mode_ == Mode::kReplace) {
    if (std::rename(temp_.c_str(), target_.c_str()) != 0) fail(std::strerror(errno));
    disarm(slot_);
    slot_ = -1;
    temp_.clear();
  }
  committed_ = true;
}

void OutputFile::commit() { commit_together({this}); }

void OutputFile::discard() {
  close_fd();
  remove_temporary();
}

void OutputFile::remove_temporary() {
  if (temp_.empty()) return;
  unlink(temp_.c_str());
  disarm(slot_);
  slot_ = -1;
  temp_.clear();
}

void OutputFile::fail(const std::string& reason) {
  discard();
  throw OutputError(option_ + ": cannot write '" + path_ + "' (" + reason + ")");
}

int create_replacing(const std::string& path, const std::string& option) {
  std::string temp = temporary_pattern(path);
  int slot = -1;
  const int fd = make_temporary(temp, slot);
  const auto fail = [&](int error) {
    if (fd >= 0) {
      ::close(fd);
      unlink(temp.c_str());
      disarm(slot);
    }
    throw OutputError(option + ": cannot write '" + path + "' (" + std::strerror(error) + ")");
  };
  if (fd < 0) fail(errno);
  fchmod(fd, new_file_mode());
  SignalsHeld held;  // no interrupt between the rename and the table's entry going
  if (std::rename(temp.c_str(), path.c_str()) != 0) fail(errno);
  disarm(slot);
  return fd;
}

void commit_together(const std::vector<OutputFile*>& files) {
  for (OutputFile* f : files) f->finish_writing();
  SignalsHeld held;
  for (OutputFile* f : files) f->rename_into_place();
}

}  // namespace armdyn::cli
