#pragma once
// COLLADA (.dae) meshes for the 3-D view (view_scene.cpp): the triangles of a URDF visual <mesh>
// whose file is a COLLADA document, in the same form as read_stl's.
#include <string>
#include <vector>

namespace armdyn::view {

/// The triangles of the COLLADA file at `path`, 9 numbers each (three vertices, x y z), in metres
/// with z up. Read: each <library_geometries> <geometry><mesh>'s <triangles> and <polylist>
/// (polygons split into fans from their first vertex), through their VERTEX input, <vertices> and
/// the POSITION <source>'s <float_array> and <accessor> (stride, offset); <asset><unit meter> and
/// <up_axis> (Y_UP, the format's default, and X_UP turned so that up is +z). When a
/// <visual_scene> instances geometries, each is placed by its nodes' <matrix>, <translate>,
/// <rotate> and <scale>; without one every geometry is taken as it is. Not read: <polygons>,
/// <tristrips>, <trifans>, lines, <instance_node>, materials. InputError "<path>: ..." for a file
/// that cannot be read, is not a regular file or is larger than kMaxTextMeshBytes (checked before
/// reading), that is not XML or not COLLADA, a missing array or source, an index out of range, a
/// number that is not finite (also a vertex once transformed), no triangle, or more than
/// kMaxStlTriangles.
std::vector<double> read_dae(const std::string& path);

}  // namespace armdyn::view
