#pragma once
// What drives a simulated arm: a torque source. Open-loop sources are functions of time alone
// (zero, constant, a table from a CSV file); controllers (controller.hpp) read the state.
#include <string>
#include <vector>

#include "armdyn/core/types.hpp"

namespace armdyn::sim {

/// The joint torques applied to the arm. A discrete controller (period() > 0) computes its torque
/// at t = k period() in sample() and holds it until the next sample (zero-order hold); the
/// simulation integrates each hold interval separately, so the held torque is exact. Everything
/// else answers torque() from t (and, for a continuous-time law, q and v).
class TorqueSource {
 public:
  virtual ~TorqueSource() = default;
  /// Sampling period in seconds; 0 = no sampling.
  virtual double period() const { return 0.0; }
  /// Called by the simulation at t = k period() with the state at that time.
  virtual void sample(double /*t*/, VecIn<double> /*q*/, VecIn<double> /*v*/) {}
  /// tau (already sized) at time t and state (q, v).
  virtual void torque(double t, VecIn<double> q, VecIn<double> v, VecX<double>& tau) = 0;
};

/// tau = 0.
class ZeroTorque final : public TorqueSource {
 public:
  void torque(double, VecIn<double>, VecIn<double>, VecX<double>& tau) override { tau.setZero(); }
};

/// tau = a constant vector.
class ConstantTorque final : public TorqueSource {
 public:
  explicit ConstantTorque(VecX<double> tau) : tau_(std::move(tau)) {}
  void torque(double, VecIn<double>, VecIn<double>, VecX<double>& tau) override { tau = tau_; }

 private:
  VecX<double> tau_;
};

/// tau(t) interpolated linearly between the rows of a table (times strictly increasing), held at
/// the first row before it and at the last row after it.
class TorqueTable final : public TorqueSource {
 public:
  TorqueTable(std::vector<double> times, std::vector<VecX<double>> torques);
  void torque(double t, VecIn<double>, VecIn<double>, VecX<double>& tau) override;
  const std::vector<double>& times() const { return times_; }

 private:
  std::vector<double> times_;
  std::vector<VecX<double>> torques_;
  std::size_t hint_ = 0;  ///< the interval last used (the simulation moves forward)
};

/// Reads a torque table from CSV text: a header row whose first column is `t`, then one column
/// per joint (any names), then one row per time; `dof` columns of torque are required. Errors are
/// InputError "<source>:<line>: <what>". Other tables of time series (a base motion's 12
/// columns) are read the same way: `columns_are` and `table` name their columns and the table in
/// the messages.
TorqueTable parse_torque_table(const std::string& text, int dof, const std::string& source,
                               const char* columns_are = "one torque per joint", const char* table = "torque table");
/// The same from the file `path`.
TorqueTable load_torque_table(const std::string& path, int dof, const char* columns_are = "one torque per joint",
                              const char* table = "torque table");

}  // namespace armdyn::sim
