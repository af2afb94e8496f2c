// libFuzzer target: a mesh file of a URDF visual (src/io/stl_mesh.hpp, dae_mesh.hpp), as
// `armdyn view` reads it. The first byte chooses the reader (even: STL, binary or ASCII; odd:
// COLLADA), the rest is the file. An accepted mesh must be whole triangles of finite numbers, at
// most kMaxStlTriangles of them; any exception but InputError is a finding.
#include <unistd.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "armdyn/core/error.hpp"
#include "io/dae_mesh.hpp"
#include "io/stl_mesh.hpp"

namespace {

// The readers take a path: each input is written to one file of this process's own, removed at exit.
char g_path[256];

const char* mesh_path() {
  if (g_path[0] == '\0') {
    const char* dir = std::getenv("TMPDIR");
    std::snprintf(g_path, sizeof g_path, "%s/armdyn-fuzz-mesh-%ld", dir && *dir ? dir : "/tmp",
                  static_cast<long>(getpid()));
    std::atexit([] { std::remove(g_path); });
  }
  return g_path;
}

void write_file(const char* path, const std::uint8_t* data, std::size_t size) {
  std::FILE* f = std::fopen(path, "wb");
  if (!f || (size > 0 && std::fwrite(data, 1, size, f) != size) || std::fclose(f) != 0) {
    std::fprintf(stderr, "fuzz_mesh: cannot write %s\n", path);
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const bool collada = (data[0] & 1) != 0;
  const std::string path = mesh_path();
  write_file(path.c_str(), data + 1, size - 1);
  std::vector<double> triangles;
  try {
    triangles = collada ? armdyn::view::read_dae(path) : armdyn::view::read_stl(path);
  } catch (const armdyn::InputError&) {  // refused, as documented
    return 0;
  }
  if (triangles.empty() || triangles.size() % 9 != 0 || triangles.size() > 9 * armdyn::view::kMaxStlTriangles) {
    std::fprintf(stderr, "FINDING: %s gave %zu numbers (not 1 to %zu whole triangles)\n",
                 collada ? "read_dae" : "read_stl", triangles.size(), armdyn::view::kMaxStlTriangles);
    std::abort();
  }
  for (double x : triangles)
    if (!std::isfinite(x)) {
      std::fprintf(stderr, "FINDING: %s gave a non-finite coordinate\n", collada ? "read_dae" : "read_stl");
      std::abort();
    }
  return 0;
}
