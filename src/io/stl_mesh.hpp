#pragma once
// STL meshes (binary or ASCII) for the 3-D view (view_scene.cpp): the triangles of a URDF visual
// <mesh> whose file is there.
#include <string>
#include <vector>

namespace armdyn::view {

/// The largest mesh read (triangles); a larger one is refused.
inline constexpr std::size_t kMaxStlTriangles = 200000;

/// The triangles of the STL file at `path`, 9 numbers each (three vertices, x y z). A binary file
/// is recognised by its size (84 + 50 n bytes for the n triangles its header announces), anything
/// else is read as ASCII ("vertex x y z" lines). InputError "<path>: ..." for a file that cannot be
/// read, a vertex that is not three finite numbers, no triangle, or more than kMaxStlTriangles.
std::vector<double> read_stl(const std::string& path);

}  // namespace armdyn::view
