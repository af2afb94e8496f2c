#pragma once
// The numbers of a URDF document that armdyn uses, read from the parsed XML (TinyXML, as urdfdom
// reads it) with the line of each element. urdfdom turns an unreadable number in an <inertial>
// block into a silently zeroed block and reads a missing limit attribute as 0; here every number
// armdyn uses must read in full as a finite decimal number, so that the loader can compare what
// the document holds with what urdfdom returned and read the limits itself.
#include <array>
#include <map>
#include <optional>
#include <string>

class TiXmlDocument;

namespace armdyn {

struct UrdfTriple {
  std::array<double, 3> value{0, 0, 0};
  bool present = false;  ///< the attribute is written (else it reads as zero)
};

struct UrdfOrigin {
  int line = 0;
  UrdfTriple xyz, rpy;
};

struct UrdfInertialNumbers {
  int line = 0;
  std::optional<UrdfOrigin> origin;
  double mass = 0;
  std::array<double, 6> inertia{};  ///< ixx, ixy, ixz, iyy, iyz, izz
};

struct UrdfLimitNumbers {
  int line = 0;
  std::optional<double> lower, upper, effort, velocity;  ///< empty when the attribute is missing
};

struct UrdfLinkNumbers {
  int line = 0;
  std::optional<UrdfInertialNumbers> inertial;
};

struct UrdfJointNumbers {
  int line = 0;
  std::string parent, child;  ///< the links <parent> and <child> name ("" when not written)
  std::optional<UrdfOrigin> origin;
  std::optional<UrdfTriple> axis;
  int axis_line = 0;
  std::optional<UrdfLimitNumbers> limit;
};

struct UrdfNumbers {
  std::map<std::string, UrdfLinkNumbers> links;    ///< by name (the first of a repeated name)
  std::map<std::string, UrdfJointNumbers> joints;  ///< by name
  bool limit_attribute_missing = false;  ///< some <limit> lacks effort or velocity (urdfdom refuses that)
};

/// `text` fit for a one-line message: printable() (core/text.hpp) of its first `max_chars` bytes,
/// with the full length noted when it was cut.
std::string shown(const std::string& text, std::size_t max_chars = 80);

/// Reads the <link> and <joint> children of the document's <robot>: inertial origin xyz/rpy, mass
/// value, inertia ixx..izz, joint origin xyz/rpy, axis xyz, limit lower/upper/effort/velocity.
/// Throws ModelError "<source>: <link or joint>, line L: <element>/<attribute>: ..." on a number
/// that does not read in full as a finite decimal number, on an <inertial> without its mass or
/// inertia, and on a repeated element (a second <inertial>, <origin>, <axis>, ...), which urdfdom
/// would ignore.
UrdfNumbers read_urdf_numbers(const TiXmlDocument& document, const std::string& source);

/// Gives every <limit> of the document's joints that lacks effort or velocity the value 0, which
/// urdfdom requires and armdyn reads as "no limit".
void fill_missing_limit_attributes(TiXmlDocument& document);

}  // namespace armdyn
