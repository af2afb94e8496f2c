// Design studies (armdyn/design/study.hpp): a candidate against the task run and the limit
// monitor driven by hand, the sweep on 1 and 2 threads against the serial loop bit for bit, and
// [VP] Fig. 5.16's invariants on the shipped studies of the four arm schemes.
#include <gtest/gtest.h>

#include <algorithm>

#include <cmath>
#include <cstring>
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/design/study.hpp"
#include "armdyn/io/study_json.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/model/payload.hpp"
#include "armdyn/tasks/inverse_kinematics.hpp"
#include "armdyn/tasks/motion.hpp"
#include "armdyn/tasks/run.hpp"
#include "armdyn/tasks/task_path.hpp"

namespace armdyn::design {
namespace study_test {

const std::string kStudies = std::string(ARMDYN_EXAMPLES_DIR) + "/studies";

Study shipped(const std::string& scheme) { return read_study(kStudies + "/vp_" + scheme + "_R_T.json"); }

// The same run put together step by step from the library's pieces: the substituted arm, the
// task scaled by hand, the start pose by inverse kinematics, run_task and a LimitMonitor.
TEST(Study, ACandidateIsTheTaskRunOfItsSubstitutedArm) {
  const Study study = shipped("anthropomorphic");
  const ParameterValues values = {{"R", 0.025}, {"duration", 6.2}};
  const CandidateResult r = evaluate_candidate(study, values);
  const CandidateSetup setup = study.build(values);
  tasks::Task task = setup.task;
  for (tasks::Segment& s : task.segments) s.duration *= 6.2 / 3.0;
  const int frame = setup.model.frame_index(task.frame);
  const Model model = with_payload(setup.model, frame, *task.payload);
  tasks::IkTarget target;
  target.p = *task.initial.position;
  target.R = *task.initial.orientation;
  const tasks::IkResult ik = tasks::inverse_kinematics(model, frame, target, *task.initial.q_guess);
  ASSERT_TRUE(ik.converged);
  Data data(model);
  forward_kinematics(model, data, ik.q);
  tasks::TaskMotion motion(task, data.oMf[frame].p, data.oMf[frame].R, ik.q, model.joint_names);
  tasks::RunOptions ro;
  ro.dt = 0.01;
  ro.output_period = 0.05;
  LimitMonitor monitor(model, setup.segments, setup.drives, study.limits);
  const tasks::RunSummary sum = tasks::run_task(model, frame, tasks::reference_path(model, task, motion), ik.q,
                                                VecX<double>::Zero(6), ro, [&](const tasks::RunState& s) { monitor.observe(s); });
  EXPECT_NEAR(r.T, 6.2, 1e-12);
  EXPECT_NEAR(r.time_scale, 6.2 / 3.0, 1e-15);
  EXPECT_EQ(r.E, sum.energy_consumed);
  EXPECT_EQ(r.sigma_max, monitor.report().sigma_max);
  EXPECT_EQ(r.stress_ratio, monitor.report().stress.worst_ratio);
  EXPECT_EQ(r.drive_margin, monitor.report().drive.worst_ratio);
  EXPECT_GT(r.sigma_max, 0);
  EXPECT_GT(r.drive_margin, 0);
  EXPECT_GT(r.deflection, 0);
  // The combined criterion of (5.2.1)-(5.2.2) at this T and E.
  const CriterionSpec& c = *study.criterion;
  const double Gt = (c.T0 - r.T) / (c.T0 - c.T1), Ge = (c.E0 - r.E) / (c.E0 - c.E1);
  EXPECT_NEAR(r.G, std::pow(0.5 * std::pow(Gt, c.r) + 0.5 * std::pow(Ge, c.r), 1 / c.r), 1e-12);
}

TEST(Study, LimitsTurnCandidatesInfeasible) {
  Study study = shipped("anthropomorphic");
  const ParameterValues values = {{"R", 0.014}, {"duration", 3.4}};
  const CandidateResult loose = evaluate_candidate(study, values);
  EXPECT_TRUE(loose.reach_ok);
  study.limits.allowed_deflection = 0.5 * loose.deflection;
  const CandidateResult stiff = evaluate_candidate(study, values);
  EXPECT_FALSE(stiff.deflection_ok);
  EXPECT_FALSE(stiff.feasible());
  EXPECT_NE(stiff.fault.find("deflection: tip at t = "), std::string::npos) << stiff.fault;
  EXPECT_EQ(stiff.E, loose.E);
  // A motor too weak for the task: the drive limit, naming a joint.
  const CandidateResult fast = evaluate_candidate(study, values, 0.2);
  EXPECT_NEAR(fast.T, 0.6, 1e-12);
  EXPECT_GT(fast.drive_margin, loose.drive_margin);
  EXPECT_GT(fast.sigma_max, loose.sigma_max);
}

TEST(Study, ValuesMustMatchTheParameters) {
  const Study study = shipped("cylindrical");
  EXPECT_THROW(evaluate_candidate(study, {{"R", 0.02}}), InputError);
  EXPECT_THROW(evaluate_candidate(study, {{"R", 0.02}, {"duration", 3}, {"N", 1}}), InputError);
  try {
    evaluate_candidate(study, {{"R", 0.02}, {"duration", -3}});
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("vp_cylindrical_R_T.json: candidate R = 0.02, duration = -3: duration -3"),
              std::string::npos)
        << e.what();
  }
}

void expect_identical(const CandidateResult& a, const CandidateResult& b) {
  EXPECT_EQ(a.values, b.values);
  for (auto [x, y] : {std::pair{a.T, b.T}, {a.E, b.E}, {a.sigma_max, b.sigma_max}, {a.stress_ratio, b.stress_ratio},
                      {a.deflection, b.deflection}, {a.drive_margin, b.drive_margin}, {a.G, b.G},
                      {a.time_scale, b.time_scale}})
    EXPECT_EQ(std::memcmp(&x, &y, sizeof x), 0) << x << " vs " << y;
  EXPECT_EQ(a.feasible(), b.feasible());
  EXPECT_EQ(a.fault, b.fault);
}

TEST(Study, SweepEqualsTheSerialLoopBitForBit) {
  Study study = shipped("cylindrical");
  study.parameters[0].values = {0.014, 0.04};
  study.parameters[1].values = {10, 3.4};
  const std::vector<ParameterValues> grid = parameter_grid(study);
  ASSERT_EQ(grid.size(), 4u);
  EXPECT_EQ(grid[1], (ParameterValues{{"R", 0.014}, {"duration", 3.4}}));  // the first parameter varies slowest
  std::vector<CandidateResult> serial;
  for (const ParameterValues& v : grid) serial.push_back(evaluate_candidate(study, v));
  for (int threads : {1, 2}) {
    // Each candidate is handed to the callback once as it finishes, the count rising by one.
    std::vector<int> seen(grid.size(), 0);
    int calls = 0;
    const std::vector<CandidateResult> swept = sweep(study, threads, [&](int done, std::size_t index, const CandidateResult& r) {
      EXPECT_EQ(done, ++calls);
      ASSERT_LT(index, serial.size());
      ++seen[index];
      expect_identical(r, serial[index]);
    });
    EXPECT_EQ(calls, 4);
    EXPECT_EQ(seen, std::vector<int>(grid.size(), 1));
    ASSERT_EQ(swept.size(), serial.size());
    for (std::size_t k = 0; k < serial.size(); ++k) expect_identical(swept[k], serial[k]);
  }
}

// The motors' operating points of a candidate: the same candidate as evaluate_candidate, and
// the drive margin recomputed from the samples alone is the candidate's, to the last bit.
TEST(Study, MotorTracesGiveTheCandidateAndItsDriveMargin) {
  const Study study = shipped("cylindrical");
  const ParameterValues values = {{"R", 0.025}, {"duration", 3.4}};
  const MotorTraces traces = motor_traces(study, values);
  expect_identical(traces.result, evaluate_candidate(study, values));
  ASSERT_FALSE(traces.samples.empty());
  double margin = 0;
  std::vector<int> joints;
  for (const MotorSample& s : traces.samples) {
    const drives::Drive& d = traces.drives[static_cast<std::size_t>(s.joint)];
    ASSERT_TRUE(d.motor);
    margin = std::max(margin, dc_envelope_ratio(d.motor->dc, s.torque, s.speed));
    if (std::find(joints.begin(), joints.end(), s.joint) == joints.end()) joints.push_back(s.joint);
  }
  EXPECT_EQ(margin, traces.result.drive_margin);
  EXPECT_EQ(joints.size(), traces.drives.size());  // every joint of the cylindrical arm has a DC motor
  EXPECT_EQ(traces.joint_names.size(), traces.drives.size());
  EXPECT_GT(margin, 0.1);
}

// [VP] Fig. 5.16 on the four shipped schemes: the energy falls as R falls and as T grows, in
// every row of each.
TEST(Study, ShippedStudiesKeepTheEnergyOrderOfFig516) {
  const std::vector<CandidateResult> anthropomorphic = sweep(shipped("anthropomorphic"), 2);
  const std::vector<CandidateResult> arthropoid = sweep(shipped("arthropoid"), 2);
  const std::vector<CandidateResult> cylindrical = sweep(shipped("cylindrical"), 2);
  const std::vector<CandidateResult> spherical = sweep(shipped("spherical"), 2);
  // Grid order: R = 0.014, 0.025, 0.04 (slowest), each at T = 10, 6.2, 3.4.
  const auto at = [](const std::vector<CandidateResult>& r, int iR, int iT) { return r[3 * iR + iT]; };
  for (const auto* results : {&anthropomorphic, &arthropoid, &cylindrical, &spherical}) {
    ASSERT_EQ(results->size(), 9u);
    for (int iT = 0; iT < 3; ++iT)
      for (int iR = 0; iR + 1 < 3; ++iR) EXPECT_LT(at(*results, iR, iT).E, at(*results, iR + 1, iT).E) << iR << " " << iT;
    for (int iR = 0; iR < 3; ++iR)
      for (int iT = 0; iT + 1 < 3; ++iT) EXPECT_GT(at(*results, iR, iT + 1).E, at(*results, iR, iT).E) << iR << " " << iT;
    for (const CandidateResult& r : *results) EXPECT_TRUE(r.reach_ok) << r.fault;
  }
  // The arm structures in the book's order where our reconstruction keeps it (docs/examples-vp.md):
  // the cylindrical arm below the arthropoid, the arthropoid below the anthropomorphic, and at
  // R = 0.014 m the cylindrical arm the least of all, below the spherical. At R = 0.025 and
  // 0.04 m our spherical arm needs less than our cylindrical one: our vertical slide lifts 1.3 m
  // of tube where the book's lifts about 0.8 m, and the book's spherical arm spends 49.6 J on the
  // object where ours spends 35.1 J (the book's Fig. 5.16 rows as lines in the tube's kg/m).
  for (std::size_t k = 0; k < 9; ++k) {
    EXPECT_LT(cylindrical[k].E, arthropoid[k].E) << k;
    EXPECT_LT(arthropoid[k].E, anthropomorphic[k].E) << k;
  }
  for (int iT = 0; iT < 3; ++iT) EXPECT_LT(at(cylindrical, 0, iT).E, at(spherical, 0, iT).E) << iT;
}

// [VP] §5.4 Example 2 on the shipped spray-painting studies: the energy grows with the guides'
// radius, tubular guides (r = 0.8 R) at R = 0.025 m need less energy than the book's optimal
// solid ones (R = 0.024 m) and satisfy the 1 mm deflection limit, and thin solid guides bend
// too far. The book's smallest feasible solid radius is 0.024 m (0.02 m fails); on our
// reconstructed arm 0.02 m passes and 0.018 m fails (docs/design.md).
TEST(Study, SprayPaintingTubularGuidesNeedLessEnergy) {
  Study rod = read_study(kStudies + "/vp_spray_painting_rod_R.json");
  Study tube = read_study(kStudies + "/vp_spray_painting_tube_R.json");
  rod.parameters[0].values = {0.018, 0.02, 0.024};
  tube.parameters[0].values = {0.025};
  const std::vector<CandidateResult> rods = sweep(rod, 2), tubes = sweep(tube, 2);
  EXPECT_LT(rods[0].E, rods[1].E);
  EXPECT_LT(rods[1].E, rods[2].E);
  EXPECT_FALSE(rods[0].deflection_ok);
  EXPECT_TRUE(rods[1].feasible());
  EXPECT_TRUE(rods[2].feasible());
  EXPECT_TRUE(tubes[0].feasible());
  EXPECT_LT(tubes[0].E, 0.7 * rods[2].E);  // the book: 92.56 J against 149.97 J
}

}  // namespace study_test
}  // namespace armdyn::design
