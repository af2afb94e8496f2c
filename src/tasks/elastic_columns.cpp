// The elastic-deflection columns of a task run's table; see tasks/columns.hpp.
#include <algorithm>
#include <utility>

#include "armdyn/segments/micro_dynamics.hpp"
#include "armdyn/segments/micro_motion.hpp"
#include "armdyn/tasks/columns.hpp"

namespace armdyn::tasks {

namespace {

class ElasticColumns final : public ColumnProducer {
 public:
  ElasticColumns(const Model& model, const segments::SegmentSet& segments, std::vector<double> breakpoints)
      : model_(model), chain_(model, segments), data_(model), breakpoints_(std::move(breakpoints)) {
    std::sort(breakpoints_.begin(), breakpoints_.end());
  }
  void names(std::vector<std::string>& out) const override {
    for (const char* c : {"deflection", "deflection_bound", "deflection_dynamic", "tilt"}) out.push_back(c);
  }
  void values(const RunState& s, std::vector<double>& out) override {
    const int n = model_.dof;
    bool sudden = true;
    if (first_) {  // the deviation at rest before the motion starts
      const VecX<double> zero = VecX<double>::Zero(n);
      chain_.state(data_, *s.q, zero, zero, nullptr, state_);
      segments::quasi_static(state_, response_);
      bound_.start(response_.u.segment<3>(3 * (n - 1)));
      motion_.start(response_.u);  // at rest, deflected by gravity
      first_ = false;
    } else {
      const auto at = std::lower_bound(breakpoints_.begin(), breakpoints_.end(), t_previous_);
      sudden = at != breakpoints_.end() && *at <= s.t;
      motion_.advance(state_, micro_, s.t - t_previous_);  // the previous row's D, c held
    }
    t_previous_ = s.t;
    chain_.state(data_, *s.q, *s.v, *s.a, nullptr, state_);
    segments::quasi_static(state_, response_);
    micro_ = segments::micro_model_recursive(state_);
    const Vec3<double> u = response_.u.segment<3>(3 * (n - 1));
    out.push_back(u.norm());
    out.push_back(bound_.add(u, sudden));
    out.push_back(motion_.u().segment<3>(3 * (n - 1)).norm());
    out.push_back(response_.phi.segment<3>(3 * (n - 1)).norm());
  }

 private:
  const Model& model_;
  segments::ElasticChain chain_;
  Data data_;
  std::vector<double> breakpoints_;
  segments::ElasticChainState state_;
  segments::MicroResponse response_;
  segments::DeflectionBound bound_;
  segments::MicroModel micro_;
  segments::MicroMotion motion_;
  bool first_ = true;
  double t_previous_ = 0;
};

}  // namespace

std::unique_ptr<ColumnProducer> elastic_columns(const Model& model, const segments::SegmentSet& segments,
                                                std::vector<double> breakpoints) {
  return std::make_unique<ElasticColumns>(model, segments, std::move(breakpoints));
}

}  // namespace armdyn::tasks
