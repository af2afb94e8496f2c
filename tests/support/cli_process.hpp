#pragma once
// The `armdyn` tool run as a process by a test: a temporary directory per test, stdout and stderr
// captured to files in it, the exit status. The test target defines ARMDYN_CLI (the tool's path).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "support/temp_dir.hpp"

namespace armdyn::test {

namespace fs = std::filesystem;

/// What a run of the tool gave.
struct CliResult {
  int status = -1;
  std::string out, err;
  int err_lines() const {
    int n = 0;
    for (char ch : err) n += ch == '\n';
    return n;
  }
};

inline std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// `arg` single-quoted for the shell.
inline std::string quote(const std::string& arg) {
  std::string out = "'";
  for (char ch : arg) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

class CliProcess : public ::testing::Test {
 protected:
  void SetUp() override {
    tmp_.emplace("cli_test");
    dir_ = tmp_->dir();
  }
  void TearDown() override { tmp_.reset(); }

  /// Runs `armdyn args...` with no stdin.
  CliResult run(const std::vector<std::string>& args) {
    const fs::path out = dir_ / "stdout", err = dir_ / "stderr";
    std::string command = quote(ARMDYN_CLI);
    for (const std::string& a : args) command.append(" ").append(quote(a));
    command.append(" >").append(quote(out.string())).append(" 2>").append(quote(err.string())).append(" </dev/null");
    const int rc = std::system(command.c_str());
    CliResult r;
    r.status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
    r.out = read_file(out);
    r.err = read_file(err);
    fs::remove(out);
    fs::remove(err);
    return r;
  }

  /// The path of `name` in the test's temporary directory.
  std::string path(const std::string& name) const { return tmp_->path(name); }

  /// Writes `text` to a file in the test's temporary directory; returns its path.
  std::string file(const std::string& name, const std::string& text) { return tmp_->write(name, text); }

  std::optional<TempDir> tmp_;
  fs::path dir_;
};

/// The tests of one command: run(args) runs `armdyn <command> args...` (no command: `armdyn
/// args...`), and expect_bad checks a refusal: exit 2, nothing on stdout, exactly one line on
/// stderr, containing `what`. A fixture names its command in its constructor.
class CommandTest : public CliProcess {
 protected:
  explicit CommandTest(std::string command = "") : command_(std::move(command)) {}

  CliResult run(const std::vector<std::string>& args) {
    std::vector<std::string> all;
    if (!command_.empty()) all.push_back(command_);
    all.insert(all.end(), args.begin(), args.end());
    return CliProcess::run(all);
  }

  void expect_bad(const std::vector<std::string>& args, const std::string& what) {
    const CliResult r = run(args);
    EXPECT_EQ(r.status, 2) << what << "\n" << r.err;
    EXPECT_EQ(r.out, "") << what;
    EXPECT_EQ(r.err_lines(), 1) << r.err;
    EXPECT_NE(r.err.find(what), std::string::npos) << "expected '" << what << "' in: " << r.err;
  }

 private:
  std::string command_;
};

}  // namespace armdyn::test
