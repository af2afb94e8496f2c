#include "stl_mesh.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <sstream>

#include "armdyn/core/error.hpp"
#include "mesh_file.hpp"

namespace armdyn::view {
namespace {

std::vector<double> binary_triangles(const std::string& bytes, std::size_t n, const std::string& path) {
  std::vector<double> out;
  out.reserve(9 * n);
  for (std::size_t k = 0; k < n; ++k) {
    const char* record = bytes.data() + 84 + 50 * k + 12;  // after the facet normal
    for (int i = 0; i < 9; ++i) {
      float x = 0;
      std::memcpy(&x, record + 4 * i, 4);  // little-endian IEEE floats, as the format defines
      if (!std::isfinite(x)) throw InputError(path + ": triangle " + std::to_string(k) + ": not a finite number");
      out.push_back(x);
    }
  }
  return out;
}

std::vector<double> ascii_triangles(const std::string& text, const std::string& path) {
  std::vector<double> out;
  std::istringstream in(text);
  std::string word;
  while (in >> word) {
    if (word != "vertex") continue;
    double x[3];
    for (double& v : x)
      if (!(in >> v) || !std::isfinite(v))
        throw InputError(path + ": vertex " + std::to_string(out.size() / 3) + ": expected three finite numbers");
    out.insert(out.end(), x, x + 3);
    if (out.size() > 9 * kMaxStlTriangles) break;
  }
  if (out.size() % 9 != 0) throw InputError(path + ": the vertices do not make whole triangles");
  return out;
}

}  // namespace

std::vector<double> read_stl(const std::string& path) {
  const std::string limit = std::to_string(kMaxStlTriangles) + " triangles";
  // An ASCII file is the larger of the two forms: no STL file of the limit is longer.
  const std::string bytes = read_mesh_file(path, kMaxTextMeshBytes, "an ASCII STL file of " + limit);
  std::vector<double> triangles;
  std::uint32_t n = 0;
  if (bytes.size() >= 84) std::memcpy(&n, bytes.data() + 80, 4);
  if (bytes.size() >= 84 && bytes.size() == 84 + 50 * static_cast<std::size_t>(n)) {
    if (n > kMaxStlTriangles) throw InputError(path + ": more than " + limit + " (a binary STL file of " + std::to_string(n) + ")");
    triangles = binary_triangles(bytes, n, path);
  } else {
    triangles = ascii_triangles(bytes, path);
  }
  if (triangles.empty()) throw InputError(path + ": no triangle (not an STL file?)");
  if (triangles.size() > 9 * kMaxStlTriangles) throw InputError(path + ": more than " + limit);
  return triangles;
}

}  // namespace armdyn::view
