#pragma once
// STL meshes (binary or ASCII) for the 3-D view (view_scene.cpp): the triangles of a URDF visual
// <mesh> whose file is there.
#include <string>
#include <vector>

namespace armdyn::view {

/// The largest mesh read (triangles); a larger one is refused.
inline constexpr std::size_t kMaxStlTriangles = 200000;

/// The largest binary STL file: its 84-byte header and 50 bytes per triangle.
inline constexpr std::size_t kMaxBinaryStlBytes = 84 + 50 * kMaxStlTriangles;

/// The largest text mesh file (ASCII STL, COLLADA): 128 MiB, some 670 bytes per triangle of the
/// limit, several times what exporters write (an ASCII STL facet at full precision takes under 400).
/// A larger file is refused from its size, before it is read.
inline constexpr std::size_t kMaxTextMeshBytes = std::size_t{128} << 20;

/// The triangles of the STL file at `path`, 9 numbers each (three vertices, x y z). A binary file
/// is recognised by its size (84 + 50 n bytes for the n triangles its header announces), anything
/// else is read as ASCII ("vertex x y z" lines). InputError "<path>: ..." for a file that cannot be
/// read or is not a regular file, a file larger than kMaxTextMeshBytes (checked before reading), a
/// vertex that is not three finite numbers, no triangle, or more than kMaxStlTriangles.
std::vector<double> read_stl(const std::string& path);

}  // namespace armdyn::view
