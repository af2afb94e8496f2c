#pragma once
#include <string>

#include "armdyn/model/model.hpp"

namespace armdyn {

/// Loads a URDF file (through urdfdom). Revolute, continuous and prismatic joints become the
/// model's joints in depth-first order from the root; fixed joints are merged away (their links'
/// inertia added to the moving parent by the parallel-axis theorem, their frames kept as named
/// frames); inertial origins honour xyz and rpy (I = R I' R^T). The root link's inertia is
/// ignored (fixed base) with a warning in Model::warnings. Floating, planar and mimic joints are
/// refused. Errors are ModelErrors naming the file, the link or joint and the field.
///
/// The numbers armdyn uses (inertial origin xyz/rpy, mass, inertia, joint origin, axis, limit
/// lower/upper/effort/velocity) are read from the parsed document, never from comments, CDATA or
/// attribute values, and must each read in full as a finite decimal number ("0x10", "1e", "1,2",
/// "nan", "inf" are refused with the element's line). A repeated element of these, an <inertial>
/// without its mass or inertia, or one the URDF parser could not read, is an error rather than a
/// silently zeroed block. Limits: lower and upper default to 0 (as URDF defines); a missing
/// effort or velocity, or 0, means no limit, a negative one is an error.
/// Hostile documents fail with an error, in time linear in their length: elements nested more
/// than 256 levels deep or with more than 256 attributes are refused (naming the line), as is a
/// NUL byte.
Model load_urdf(const std::string& path);

/// The same from a URDF document in memory; `source` names it in errors.
Model load_urdf_string(const std::string& xml, const std::string& source);

}  // namespace armdyn
