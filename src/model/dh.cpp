#include "armdyn/model/dh.hpp"

#include "armdyn/spatial/rotation.hpp"

namespace armdyn {

namespace {
Transform<double> tx(double a) { return Transform<double>::translation(Vec3<double>(a, 0, 0)); }
Transform<double> tz(double d) { return Transform<double>::translation(Vec3<double>(0, 0, d)); }
Transform<double> rx(double alpha) { return Transform<double>::rotation(rot_x(alpha)); }
Transform<double> rz(double theta) { return Transform<double>::rotation(rot_z(theta)); }
}  // namespace

void dh_row_placements(DhConvention convention, const DhRow& row, Transform<double>& origin,
                       Transform<double>& link_in_joint) {
  // Rz(theta) and Tz(d) commute with the joint's own Rz(q) / Tz(q), so the constant offsets
  // (theta for a revolute joint, d for a prismatic one) fold into the fixed placement.
  const Transform<double> z_part = rz(row.theta) * tz(row.d);
  if (convention == DhConvention::kModified) {
    origin = rx(row.alpha) * tx(row.a) * z_part;  // [Craig] (3.6)
    link_in_joint = Transform<double>::identity();
  } else {
    origin = z_part;  // Rz(theta) Tz(d) Tx(a) Rx(alpha)
    link_in_joint = tx(row.a) * rx(row.alpha);
  }
}

Model model_from_dh(const DhDescription& dh) {
  ModelBuilder builder(dh.source, dh.name);
  std::string parent = "base";
  DhTable table{dh.convention, {}};
  for (std::size_t i = 0; i < dh.links.size(); ++i) {
    const DhLink& link = dh.links[i];
    JointSpec joint;
    joint.name = link.joint_name;
    joint.type = link.row.type;
    dh_row_placements(dh.convention, link.row, joint.origin, joint.link_in_joint);
    if (i == 0) joint.origin = dh.base * joint.origin;
    joint.limits = link.limits;
    builder.add_link(parent, joint, link.link_name, link.inertial);
    parent = link.link_name;
    table.rows.push_back(link.row);
  }
  for (const auto& [name, placement] : dh.tool_frames)
    builder.add_fixed_link(parent, name + "_joint", placement, name, LinkInertial{});
  builder.set_gravity(dh.gravity);
  builder.set_dh(table);
  return builder.build();
}

}  // namespace armdyn
