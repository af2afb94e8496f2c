#pragma once
// The bytes of a mesh file for the 3-D view (stl_mesh.cpp, dae_mesh.cpp), read with a bound: a
// mesh larger than its format allows for the triangle limit is refused from its size before any
// byte is read, and a device or FIFO (/dev/zero, a pipe) is refused rather than read forever.
#include <cstddef>
#include <string>

namespace armdyn::view {

/// The whole regular file at `path`, at most `max_bytes` long. InputError "<path>: ..." when it
/// cannot be opened, is not a regular file, or is (or grows while read) longer than `max_bytes`
/// (`what` says what the bound is, e.g. "an STL file of 200000 triangles").
std::string read_mesh_file(const std::string& path, std::size_t max_bytes, const std::string& what);

}  // namespace armdyn::view
