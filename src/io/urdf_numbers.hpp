#pragma once
// A check of a URDF document's numeric attributes before urdfdom reads it: urdfdom turns an
// unreadable number in an <inertial> block (a decimal comma, a word) into a silently zeroed
// block. Here every number armdyn uses must read in full and be finite, and an error names the
// file, the line, the element and the attribute.
#include <string>

namespace armdyn {

/// Throws ModelError "<source>: line L: <tag>: <attribute>: ..." on the first bad number in the
/// attributes xyz, rpy (three numbers), value, ixx..izz, lower, upper, effort, velocity of the
/// elements origin, axis, mass, inertia and limit.
void check_urdf_numbers(const std::string& xml, const std::string& source);

}  // namespace armdyn
