// Where the `armdyn` tool writes, run as a process: a regular file is replaced whole (through a
// temporary renamed at the end), a FIFO, /dev/null, /dev/full or stdout is written directly and
// never replaced, a folder or a missing folder is refused before any work; an interrupted run
// (SIGINT, SIGTERM) leaves no temporary file and the previous output untouched; codegen's header
// and source appear together or not at all.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "support/cli_process.hpp"

extern char** environ;

namespace armdyn {
namespace output_test {

namespace fs = std::filesystem;

using Result = test::CliResult;
using test::read_file;

class Outputs : public test::CliProcess {
 protected:
  std::vector<std::string> names_in_dir() const {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir_)) names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }
  static bool is_char_device(const char* path) {
    struct stat st {};
    return lstat(path, &st) == 0 && S_ISCHR(st.st_mode);
  }
  // A short simulation writing to `out`: 5 rows after the header.
  Result simulate_to(const std::string& out) {
    return run({"simulate", "planar2r", "--duration", "1", "--output-period", "0.25", "--out", out});
  }
};

TEST_F(Outputs, RegularFileIsReplacedWholeAndSymbolicLinksStay) {
  const std::string target = file("target.csv", "old\n");
  fs::create_symlink(target, path("link.csv"));
  const Result r = simulate_to(path("link.csv"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(path("link.csv")));
  EXPECT_EQ(read_file(target).substr(0, 2), "t,");
  EXPECT_EQ(names_in_dir(), (std::vector<std::string>{"link.csv", "target.csv"}));  // no temporary left
}

TEST_F(Outputs, DashAndDevStdoutAreStdout) {
  const Result dash = simulate_to("-");
  ASSERT_EQ(dash.status, 0) << dash.err;
  EXPECT_EQ(dash.out.substr(0, 2), "t,");
  EXPECT_EQ(std::count(dash.out.begin(), dash.out.end(), '\n'), 6);
  const Result dev = simulate_to("/dev/stdout");  // the shell's redirection: a regular file here
  ASSERT_EQ(dev.status, 0) << dev.err;
  EXPECT_EQ(dev.out, dash.out);
  EXPECT_TRUE(fs::is_symlink("/dev/stdout"));
}

// A FIFO is written into, not replaced by a regular file. The test holds the FIFO open for
// writing too, so that the reader's open never blocks and it sees the end once the test closes
// its end: a run that never opens the FIFO gives an empty read, never a hang.
TEST_F(Outputs, FifoIsStreamedInto) {
  const std::string fifo = path("rows.fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  // The read end first (non-blocking open, then blocking reads), then a writer of our own that
  // holds the pipe open until the tool is done: whatever the threads' timing, no row is lost
  // and the reader sees the end only after the tool's last row.
  const int in = open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(in, 0);
  ASSERT_EQ(fcntl(in, F_SETFL, fcntl(in, F_GETFL) & ~O_NONBLOCK), 0);
  const int keeper = open(fifo.c_str(), O_WRONLY);
  ASSERT_GE(keeper, 0);
  std::string received;
  std::thread reader([&] {
    char buf[4096];
    ssize_t n = 0;
    while ((n = read(in, buf, sizeof buf)) > 0) received.append(buf, static_cast<std::size_t>(n));
    close(in);
  });
  const Result r = simulate_to(fifo);
  close(keeper);
  reader.join();
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(received.substr(0, 2), "t,");
  EXPECT_EQ(std::count(received.begin(), received.end(), '\n'), 6);
  EXPECT_EQ(fs::status(fifo).type(), fs::file_type::fifo);
  EXPECT_EQ(names_in_dir(), std::vector<std::string>{"rows.fifo"});
}

TEST_F(Outputs, DevicesAreWrittenNotReplaced) {
  const Result null = simulate_to("/dev/null");
  EXPECT_EQ(null.status, 0) << null.err;
  EXPECT_EQ(null.err, "");
  EXPECT_TRUE(is_char_device("/dev/null"));
  // /dev/full: every write fails with ENOSPC; a clear error, and the device stays a device.
  const Result full = simulate_to("/dev/full");
  EXPECT_EQ(full.status, 1) << full.err;
  EXPECT_EQ(full.err_lines(), 1) << full.err;
  EXPECT_NE(full.err.find("--out: cannot write '/dev/full' (No space left on device)"), std::string::npos) << full.err;
  EXPECT_TRUE(is_char_device("/dev/full"));
}

// A folder or a name in a missing folder is refused first: before the model is even read (here
// it does not exist, and that error would come first otherwise).
TEST_F(Outputs, FolderOrMissingFolderIsRefusedBeforeAnyWork) {
  for (const std::string& out : {dir_.string(), path("no/such/folder/run.csv")}) {
    const Result r = run({"simulate", "nosuchmodel", "--duration", "1", "--out", out});
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(r.err_lines(), 1) << r.err;
    EXPECT_NE(r.err.find("--out: cannot write '" + out + "'"), std::string::npos) << r.err;
  }
  const Result plot = run({"simulate", "nosuchmodel", "--duration", "1", "--plot", dir_.string()});
  EXPECT_EQ(plot.status, 2);
  EXPECT_NE(plot.err.find("--plot: cannot write"), std::string::npos) << plot.err;
  EXPECT_TRUE(names_in_dir().empty());
}

// `armdyn simulate` of a long run, interrupted once it has started writing its temporary file:
// the temporary is removed, the previous output is untouched, the signal ends the process.
TEST_F(Outputs, InterruptedRunLeavesNoTemporaryAndThePreviousOutput) {
  for (int sig : {SIGINT, SIGTERM}) {
    const std::string out = file("run.csv", "previous\n");
    const std::vector<std::string> args = {ARMDYN_CLI, "simulate", "planar2r", "--duration", "100000",
                                           "--integrator", "rk4", "--dt", "1e-3", "--out", out};
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, sig);
    posix_spawnattr_setsigdefault(&attr, &defaults);  // even if this test runs with the signal ignored
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF);
    pid_t pid = 0;
    ASSERT_EQ(posix_spawn(&pid, ARMDYN_CLI, nullptr, &attr, argv.data(), environ), 0);
    posix_spawnattr_destroy(&attr);
    // Wait (polling, bounded) until the temporary beside run.csv has rows in it.
    bool writing = false;
    for (int poll = 0; poll < 3000 && !writing; ++poll) {
      for (const auto& entry : fs::directory_iterator(dir_)) {
        std::error_code ec;
        if (entry.path().filename().string().rfind("run.csv.tmp.", 0) == 0 && fs::file_size(entry.path(), ec) > 0)
          writing = true;
      }
      if (!writing) usleep(10000);
    }
    EXPECT_TRUE(writing) << "the run never started writing";
    kill(pid, writing ? sig : SIGKILL);
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == sig) << status;
    EXPECT_EQ(names_in_dir(), std::vector<std::string>{"run.csv"}) << sig;
    EXPECT_EQ(read_file(out), "previous\n");
  }
}

// codegen writes P.h and P.cpp together or not at all: with P.cpp taken by a folder, neither is
// written (the header used to be written before the source failed).
TEST_F(Outputs, CodegenFilesAppearTogetherOrNotAtAll) {
  fs::create_directories(path("gen/p.cpp"));
  const Result blocked = run({"codegen", "planar2r", "--out", path("gen"), "--prefix", "p"});
  EXPECT_EQ(blocked.status, 2) << blocked.err;
  EXPECT_EQ(blocked.err_lines(), 1) << blocked.err;
  EXPECT_FALSE(fs::exists(path("gen/p.h")));
  fs::remove(path("gen/p.cpp"));
  const Result ok = run({"codegen", "planar2r", "--out", path("gen/sub"), "--prefix", "p"});
  ASSERT_EQ(ok.status, 0) << ok.err;
  std::vector<std::string> written;
  for (const auto& entry : fs::directory_iterator(path("gen/sub"))) written.push_back(entry.path().filename().string());
  std::sort(written.begin(), written.end());
  EXPECT_EQ(written, (std::vector<std::string>{"p.cpp", "p.h"}));  // and no temporary
  // --out naming a file, not a folder: refused before the model is read.
  const std::string plain = file("plain.txt", "x");
  const Result not_folder = run({"codegen", "nosuchmodel", "--out", plain});
  EXPECT_EQ(not_folder.status, 2);
  EXPECT_NE(not_folder.err.find("is not a folder"), std::string::npos) << not_folder.err;
}

}  // namespace output_test
}  // namespace armdyn
