// [VP]'s comparisons of arm structures as shipped in examples/ (docs/examples-vp.md): the four
// schemes of [VP] Fig. 5.6 (anthropomorphic, arthropoid, cylindrical, spherical; examples/models/,
// AlMg3 tube segments with their mass from the section) carry 5 kg along A-B-C-A with the
// gripper's orientation held. `armdyn task --segments --with stresses --summary` runs each: it
// completes at t = 3 s back at A, the frame follows the path, the segments stay below AlMg3's
// allowed stresses, and the energies keep [VP] §3.6's and Fig. 5.16's orderings where our
// reconstructed geometry can speak to them. Modified copies of the files (written to the test's
// temporary directory) check Fig. 5.16's invariants: E falls as the tube radius R falls and as
// the task time T grows.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "support/cli_process.hpp"
#include "support/csv_text.hpp"

namespace armdyn {
namespace {

using test::cells;
using test::lines;
using test::numbers;
using test::read_file;

struct ArmRun {
  double energy = 0;           ///< the last row's energy_consumed, J
  double summary_energy = 0;   ///< "energy consumed ... J" of --summary
  double deviation_m = 1e9;    ///< "largest deviation from the path: ... m"
  double deviation_rad = 1e9;  ///< "..., ... rad"
  double largest_sigma = 0;    ///< over every sigma_max<k> column and row, Pa
  double largest_tau = 0;      ///< over every tau_max<k> column and row, Pa
  std::vector<double> first, last;  ///< the first and the last row
  std::vector<std::string> header;
};

class VpExamples : public test::CliProcess {
 protected:
  static std::string example(const std::string& name) { return std::string(ARMDYN_EXAMPLES_DIR) + "/" + name; }

  ArmRun run_arm(const std::string& arm) {
    return run_task(arm, example("models/vp_" + arm + ".json"), example("tasks/vp_abca_" + arm + ".json"),
                    example("models/vp_" + arm + "_segments.json"), {"--with", "stresses", "--output-period", "0.01"});
  }

  /// Runs `armdyn task MODEL TASK --segments SEGMENTS --summary EXTRA...` and reads its output.
  ArmRun run_task(const std::string& label, const std::string& model, const std::string& task,
                  const std::string& segments, std::vector<std::string> extra) {
    const std::string out = path(label + ".csv");
    std::vector<std::string> args = {"task", model, task, "--segments", segments, "--summary", "--out", out};
    args.insert(args.end(), extra.begin(), extra.end());
    const test::CliResult r = run(args);
    EXPECT_EQ(r.status, 0) << label << ": " << r.err;
    ArmRun result;
    const std::vector<std::string> rows = lines(read_file(out));
    if (rows.size() < 2) {
      ADD_FAILURE() << label << ": no rows";
      return result;
    }
    result.header = cells(rows.front());
    result.first = numbers(rows[1]);
    result.last = numbers(rows.back());
    for (std::size_t i = 1; i < rows.size(); ++i) {
      const std::vector<double> row = numbers(rows[i]);
      for (std::size_t c = 0; c < result.header.size() && c < row.size(); ++c) {
        if (result.header[c].rfind("sigma_max", 0) == 0) result.largest_sigma = std::max(result.largest_sigma, row[c]);
        if (result.header[c].rfind("tau_max", 0) == 0) result.largest_tau = std::max(result.largest_tau, row[c]);
      }
    }
    result.energy = column(result, "energy_consumed");
    std::smatch m;
    if (std::regex_search(r.err, m, std::regex(R"(energy consumed ([-+0-9.e]+) J)")))
      result.summary_energy = std::stod(m[1]);
    if (std::regex_search(r.err, m, std::regex(R"(largest deviation from the path: ([-+0-9.e]+) m at t = [0-9.e+-]+ s, ([-+0-9.e]+) rad)"))) {
      result.deviation_m = std::stod(m[1]);
      result.deviation_rad = std::stod(m[2]);
    } else {
      ADD_FAILURE() << "no deviation line in " << r.err;
    }
    return result;
  }

  static double column(const ArmRun& r, const std::string& name, bool last = true) {
    const auto it = std::find(r.header.begin(), r.header.end(), name);
    if (it == r.header.end()) {
      ADD_FAILURE() << "no column " << name;
      return NAN;
    }
    return (last ? r.last : r.first)[static_cast<std::size_t>(it - r.header.begin())];
  }

  static void expect_completed_back_at_a(const ArmRun& r) {
    EXPECT_EQ(column(r, "t"), 3.0);  // T = 3 s, 1 s per leg
    EXPECT_NEAR(column(r, "pos_x", false), 0.7, 1e-9);  // A = (0.7, -0.2, 0.3) m, the same for both arms
    EXPECT_NEAR(column(r, "pos_y", false), -0.2, 1e-9);
    EXPECT_NEAR(column(r, "pos_z", false), 0.3, 1e-9);
    for (const char* c : {"pos_x", "pos_y", "pos_z"}) EXPECT_NEAR(column(r, c), column(r, c, false), 1e-8) << c;
    EXPECT_LT(r.deviation_m, 1e-6);  // the path is followed (the summary's tracking error)
    EXPECT_LT(r.deviation_rad, 1e-6);
    EXPECT_NEAR(r.summary_energy, r.energy, 1e-4 * r.energy);
    EXPECT_GT(r.largest_sigma, 1e5);      // the segments are loaded ...
    EXPECT_LT(r.largest_sigma, 5.886e7);  // ... below AlMg3's allowed normal stress (k = 5)
    EXPECT_LT(r.largest_tau, 4.905e7);
    for (int k = 1; k <= 6; ++k)
      EXPECT_NE(std::find(r.header.begin(), r.header.end(), "sigma_max" + std::to_string(k)), r.header.end()) << k;
  }
};

TEST_F(VpExamples, FourSchemesRunAbcaAndKeepTheBooksOrderings) {
  const ArmRun anthropomorphic = run_arm("anthropomorphic");
  const ArmRun arthropoid = run_arm("arthropoid");
  const ArmRun cylindrical = run_arm("cylindrical");
  const ArmRun spherical = run_arm("spherical");
  for (const ArmRun* r : {&anthropomorphic, &arthropoid, &cylindrical, &spherical}) expect_completed_back_at_a(*r);
  // [VP] §3.6: 76.03 J (anthropomorphic) against 44.23 J (cylindrical); Fig. 5.16 ranks
  // cylindrical < spherical < arthropoid < anthropomorphic at every R and T. Our reconstructed
  // geometry (docs/examples-vp.md) keeps the two arms with a linear joint well below the two
  // articulated ones and the arthropoid below the anthropomorphic arm; our spherical arm, whose
  // radial tube counterweights itself about the elevation joint, needs less than the cylindrical
  // one at these radii (the book's order returns at R = 0.014 m), so that pair is not asserted.
  EXPECT_GT(cylindrical.energy, 10.0);
  EXPECT_LT(cylindrical.energy, arthropoid.energy);
  EXPECT_LT(spherical.energy, arthropoid.energy);
  EXPECT_LT(arthropoid.energy, anthropomorphic.energy);
  EXPECT_NEAR(anthropomorphic.energy, 93.82, 0.1);
  EXPECT_NEAR(arthropoid.energy, 76.37, 0.1);
  EXPECT_NEAR(cylindrical.energy, 54.39, 0.1);
  EXPECT_NEAR(spherical.energy, 49.61, 0.1);
}

/// `x` as JSON writes it without loss.
std::string exact(double x) {
  std::ostringstream s;
  s << std::setprecision(17) << x;
  return s.str();
}

/// `text` with every match of `pattern` replaced by `with`; fails the test if nothing matched.
std::string replaced(const std::string& text, const std::string& pattern, const std::string& with) {
  const std::regex re(pattern);
  EXPECT_TRUE(std::regex_search(text, re)) << pattern;
  return std::regex_replace(text, re, with);
}

TEST_F(VpExamples, EnergyFallsAsTheTubeRadiusFallsAndAsTheTaskTimeGrows) {
  // [VP] Fig. 5.16's invariants on the anthropomorphic arm (the scheme of its Figs. 5.13-5.14):
  // R = 0.04, 0.025, 0.014 m with ψ = r/R = 0.75 at T = 3 s, and T = 3.4, 6.2, 10 s (a third
  // per leg) at the shipped R = 0.02 m. A coarse step (5 ms) is enough to order the energies.
  const std::string model = example("models/vp_anthropomorphic.json");
  const std::string task = read_file(example("tasks/vp_abca_anthropomorphic.json"));
  const std::string segments = read_file(example("models/vp_anthropomorphic_segments.json"));
  const std::vector<std::string> coarse = {"--dt", "0.005", "--output-period", "0.5"};
  std::vector<double> by_radius;
  for (const double R : {0.04, 0.025, 0.014}) {
    const std::string name = "segments_R" + std::to_string(by_radius.size()) + ".json";
    const std::string tube = "\"outer_radius\": " + exact(R) + ", \"inner_radius\": " + exact(0.75 * R);
    const std::string file_path = file(name, replaced(segments, R"("outer_radius": [0-9.]+, "inner_radius": [0-9.]+)", tube));
    by_radius.push_back(run_task(name, model, example("tasks/vp_abca_anthropomorphic.json"), file_path, coarse).energy);
  }
  EXPECT_GT(by_radius[0], by_radius[1]);
  EXPECT_GT(by_radius[1], by_radius[2]);
  EXPECT_GT(by_radius[2], 10.0);
  std::vector<double> by_time;
  for (const double T : {3.4, 6.2, 10.0}) {
    const std::string name = "task_T" + std::to_string(by_time.size()) + ".json";
    const std::string file_path = file(name, replaced(task, R"("duration": 1,)", "\"duration\": " + exact(T / 3) + ","));
    const ArmRun r = run_task(name, model, file_path, example("models/vp_anthropomorphic_segments.json"), coarse);
    EXPECT_NEAR(column(r, "t"), T, 1e-9);
    by_time.push_back(r.energy);
  }
  EXPECT_GT(by_time[0], by_time[1]);
  EXPECT_GT(by_time[1], by_time[2]);
  EXPECT_GT(by_time[2], 10.0);
}

}  // namespace
}  // namespace armdyn
