#pragma once
// A temporary directory for one test: created with a unique name (mkdtemp), removed with
// everything in it when the object goes.
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

namespace armdyn::test {

class TempDir {
 public:
  /// A new directory armdyn_<tag>_XXXXXX in the system's temporary directory.
  explicit TempDir(const std::string& tag) {
    std::string pattern = (std::filesystem::temp_directory_path() / ("armdyn_" + tag + "_XXXXXX")).string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot create a directory from " + pattern);
    dir_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& dir() const { return dir_; }

  /// The path of `name` in the directory.
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  /// Writes `text` to the file `name` in the directory; returns its path.
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(dir_ / name, std::ios::binary) << text;
    return path(name);
  }

 private:
  std::filesystem::path dir_;
};

}  // namespace armdyn::test
