// The column producers of a task run's table; see tasks/columns.hpp.
#include "armdyn/tasks/columns.hpp"

#include <charconv>
#include <cstdio>
#include <optional>
#include <utility>

#include <Eigen/Geometry>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/reactions.hpp"
#include "armdyn/segments/stress.hpp"

namespace armdyn::tasks {

namespace {

class MotionColumns final : public ColumnProducer {
 public:
  explicit MotionColumns(int dof) : dof_(dof) {}
  void names(std::vector<std::string>& out) const override {
    out.push_back("t");
    for (const char* name : {"q", "v", "a", "tau"})
      for (int j = 1; j <= dof_; ++j) out.push_back(name + std::to_string(j));
    for (const char* name : {"pos_x", "pos_y", "pos_z", "quat_w", "quat_x", "quat_y", "quat_z", "energy_consumed"})
      out.push_back(name);
  }
  void values(const RunState& s, std::vector<double>& out) override {
    out.push_back(s.t);
    for (const VecX<double>* x : {s.q, s.v, s.a, s.tau})
      for (Eigen::Index j = 0; j < x->size(); ++j) out.push_back((*x)[j]);
    for (int k = 0; k < 3; ++k) out.push_back(s.pose.p[k]);
    const Eigen::Vector4d quat = quaternion_wxyz(s.pose.R);
    for (int k = 0; k < 4; ++k) out.push_back(quat[k]);
    out.push_back(s.energy_consumed);
  }

 private:
  int dof_;
};

// The joint reactions, optionally followed by the segments' stresses computed from them.
class ReactionColumns final : public ColumnProducer {
 public:
  ReactionColumns(const Model& model, bool reactions, std::optional<segments::SegmentSet> segments)
      : model_(model), data_(model), ws_(model), reactions_(reactions), segments_(std::move(segments)) {}
  void names(std::vector<std::string>& out) const override {
    if (reactions_)
      for (int k = 1; k <= model_.dof; ++k)
        for (const char* c : {"fx", "fy", "fz", "nx", "ny", "nz"}) out.push_back("reaction" + std::to_string(k) + "_" + c);
    if (segments_)
      for (int b = 0; b < segments_->size(); ++b)
        if ((*segments_)[b])
          for (const char* c : {"sigma_max", "tau_max"}) out.push_back(c + std::to_string(b + 1));
  }
  void values(const RunState& s, std::vector<double>& out) override {
    const MatX<double>& w = joint_reactions(model_, data_, ws_, *s.q, *s.v, *s.a);
    if (reactions_)
      for (int k = 0; k < model_.dof; ++k)
        for (int r = 0; r < 6; ++r) out.push_back(w(r, k));
    if (segments_)
      for (const std::optional<segments::SegmentStress>& st : segments::segment_stresses(model_, *segments_, *s.q, w))
        if (st) {
          out.push_back(st->sigma_max);
          out.push_back(st->tau_max);
        }
  }

 private:
  const Model& model_;
  Data data_;
  ReactionWorkspace<double> ws_;
  bool reactions_;
  std::optional<segments::SegmentSet> segments_;
};

class GripperColumns final : public ColumnProducer {
 public:
  GripperColumns(const Model& model, const Payload& payload) : gravity_(model.gravity), payload_(payload) {}
  void names(std::vector<std::string>& out) const override {
    for (const char* c : {"fx", "fy", "fz", "nx", "ny", "nz"}) out.push_back(std::string("gripper_") + c);
  }
  void values(const RunState& s, std::vector<double>& out) override {
    const Vec6<double> w = gripper_wrench(payload_, s.pose.R, s.velocity, s.acceleration, gravity_);
    for (int r = 0; r < 6; ++r) out.push_back(w[r]);
  }

 private:
  Vec3<double> gravity_;
  Payload payload_;
};

}  // namespace

std::unique_ptr<ColumnProducer> reaction_columns(const Model& model) {
  return std::make_unique<ReactionColumns>(model, true, std::nullopt);
}

std::unique_ptr<ColumnProducer> stress_columns(const Model& model, const segments::SegmentSet& segments,
                                               bool reactions) {
  if (segments.size() != model.dof)
    throw InputError(segments.source() + ": the segments are for " + std::to_string(segments.size()) +
                     " links; model '" + model.name + "' has " + std::to_string(model.dof));
  return std::make_unique<ReactionColumns>(model, reactions, segments);
}

std::unique_ptr<ColumnProducer> gripper_columns(const Model& model, const Payload& payload) {
  return std::make_unique<GripperColumns>(model, payload);
}

std::unique_ptr<ColumnProducer> motion_columns(int dof) { return std::make_unique<MotionColumns>(dof); }

Eigen::Vector4d quaternion_wxyz(const Mat3<double>& R) {
  Eigen::Quaterniond quat(R);
  quat.normalize();
  Eigen::Vector4d out(quat.w(), quat.x(), quat.y(), quat.z());
  if (out[0] < 0) out = -out;
  return out;
}

TaskTable::TaskTable(std::vector<std::unique_ptr<ColumnProducer>> producers) : producers_(std::move(producers)) {
  for (const auto& p : producers_) p->names(names_);
  values_.reserve(names_.size());
}

std::string TaskTable::header() const {
  std::string h;
  for (const std::string& name : names_) {
    if (!h.empty()) h += ',';
    h += name;
  }
  return h + '\n';
}

std::string TaskTable::row(const RunState& state) {
  values_.clear();
  for (const auto& p : producers_) p->values(state, values_);
  std::string row;
  row.reserve(25 * values_.size());
  char buf[32];
  for (std::size_t i = 0; i < values_.size(); ++i) {
    if (i == 0) {
      row.append(buf, std::to_chars(buf, buf + sizeof buf, values_[0]).ptr);  // the time, shortest round trip
      continue;
    }
    std::snprintf(buf, sizeof buf, "%.17g", values_[i]);
    row += ',';
    row += buf;
  }
  row += '\n';
  return row;
}

}  // namespace armdyn::tasks
