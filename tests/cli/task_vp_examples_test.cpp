// [VP]'s comparisons of arm structures as shipped in examples/ (docs/examples-vp.md): the four
// schemes of [VP] Fig. 5.6 (anthropomorphic, arthropoid, cylindrical, spherical; examples/models/,
// AlMg3 tube segments with their mass from the section) carry 5 kg along A-B-C-A with the
// gripper's orientation held. `armdyn task --segments --with stresses --summary` runs each: it
// completes at t = 3 s back at A, the frame follows the path, the segments stay below AlMg3's
// allowed stresses, and the energies keep [VP] §3.6's and Fig. 5.16's orderings where our
// reconstructed geometry can speak to them. Modified copies of the files (written to the test's
// temporary directory) check Fig. 5.16's invariants: E falls as the tube radius R falls and as
// the task time T grows. [VP] ch. 5's Examples 2 and 3, the spray-painting and the spot-welding
// arm, run their tasks with the book's masses and drive limits.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <numbers>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/cli_process.hpp"
#include "support/csv_text.hpp"

namespace armdyn {
namespace task_vp_examples_test {

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
  std::vector<std::vector<double>> rows;
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
      result.rows.push_back(row);
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

  /// The largest |value| of column `name` over every row.
  static double peak(const ArmRun& r, const std::string& name) {
    const auto it = std::find(r.header.begin(), r.header.end(), name);
    if (it == r.header.end()) {
      ADD_FAILURE() << "no column " << name;
      return NAN;
    }
    double largest = 0;
    for (const std::vector<double>& row : r.rows)
      largest = std::max(largest, std::abs(row[static_cast<std::size_t>(it - r.header.begin())]));
    return largest;
  }

  /// Column `name` in the row at time `t`.
  static double at_time(const ArmRun& r, const std::string& name, double t) {
    const auto it = std::find(r.header.begin(), r.header.end(), name);
    for (const std::vector<double>& row : r.rows)
      if (it != r.header.end() && std::abs(row[0] - t) < 1e-9) return row[static_cast<std::size_t>(it - r.header.begin())];
    ADD_FAILURE() << "no row at t = " << t << " or no column " << name;
    return NAN;
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
  // articulated ones and the arthropoid below the anthropomorphic arm; our spherical arm needs
  // less than the cylindrical one at these radii (the book's order returns at R = 0.014 m: our
  // vertical slide lifts more tube than the book's, and the book's spherical arm spends more on
  // the object than ours), so that pair is not asserted.
  EXPECT_GT(cylindrical.energy, 10.0);
  EXPECT_LT(cylindrical.energy, arthropoid.energy);
  EXPECT_LT(spherical.energy, arthropoid.energy);
  EXPECT_LT(arthropoid.energy, anthropomorphic.energy);
  EXPECT_NEAR(anthropomorphic.energy, 93.82, 0.1);
  EXPECT_NEAR(arthropoid.energy, 76.37, 0.1);
  EXPECT_NEAR(cylindrical.energy, 54.39, 0.1);
  EXPECT_NEAR(spherical.energy, 49.61, 0.1);
}

TEST_F(VpExamples, CylindricalSlideDoesTheWorkOfLiftingWhatItCarries) {
  // The cylindrical arm's vertical slide (joint 2) carries the 5 kg object and 1.3 m of tube (the
  // 0.1 m carriage, the 1.0 m radial arm, 0.2 m of wrist and gripper; R = 0.022, r = 0.0165 m,
  // AlMg3), all moving up and down with it alone, so its drive is their weight plus M q2''.
  // Over each leg's rest-to-rest motion the M q2'' part of sum |dq2| |P2| cancels, and joint 2
  // consumes g M (0.3 m up + 0.3 m down), the term of docs/examples-vp.md that sets the
  // cylindrical arm's energy against [VP] Fig. 5.16's (the rows are every 10 ms).
  const ArmRun r = run_arm("cylindrical");
  const auto q2 = std::find(r.header.begin(), r.header.end(), "q2") - r.header.begin();
  const auto tau2 = std::find(r.header.begin(), r.header.end(), "tau2") - r.header.begin();
  ASSERT_LT(static_cast<std::size_t>(tau2), r.header.size());
  double travel = 0, energy = 0;
  for (std::size_t i = 1; i < r.rows.size(); ++i) {
    const double dq = r.rows[i][q2] - r.rows[i - 1][q2];
    travel += std::abs(dq);
    energy += std::abs(dq) * std::abs(0.5 * (r.rows[i][tau2] + r.rows[i - 1][tau2]));
  }
  const double carried = 5.0 + 2700 * std::numbers::pi * (0.022 * 0.022 - 0.0165 * 0.0165) * 1.3;  // 7.335 kg
  EXPECT_NEAR(travel, 0.6, 1e-9);
  EXPECT_NEAR(energy, 9.81 * 0.6 * carried, 1e-4 * energy);  // 43.17 J of the arm's 54.39 J
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

TEST_F(VpExamples, SchemesDrivesHaveTheBooksReductionRatios) {
  // [VP] §5.4: DC motors with reduction ratio 100 in the rotational joints and 500 in the linear
  // ones (examples/models/vp_<scheme>_actuators.json; the book gives no motor constants).
  for (const std::string arm : {"anthropomorphic", "arthropoid", "cylindrical", "spherical"}) {
    const test::CliResult r = run({"info", example("models/vp_" + arm + ".json"), "--actuators",
                                   example("models/vp_" + arm + "_actuators.json"), "--json"});
    ASSERT_EQ(r.status, 0) << arm << ": " << r.err;
    const nlohmann::json info = nlohmann::json::parse(r.out);
    int linear = 0;
    for (std::size_t j = 0; j < 6; ++j) {
      const bool prismatic = info.at("joints").at(j).at("type") == "prismatic";
      linear += prismatic;
      EXPECT_EQ(info.at("drives").at("joints").at(j).at("gear_ratio").get<double>(), prismatic ? 500.0 : 100.0) << arm << j;
    }
    EXPECT_EQ(linear, arm == "cylindrical" ? 2 : arm == "spherical" ? 1 : 0) << arm;
  }
}

TEST_F(VpExamples, SprayPaintingArmsGuidesWeighWhatTheBookGives) {
  // [VP] ch. 5 Example 2: segment 3 of the spherical spray-painting arm is two steel guides of
  // 1.14 m (tubes R = 0.025, r = 0.02 m at the book's optimum) and a 3.07 kg piston and rod:
  // m3 = 15.72 kg. The shipped segment file gives the link exactly that (two guides as one tube
  // of a material twice as dense and twice as stiff, docs/examples-vp.md).
  const test::CliResult r = run({"info", example("models/vp_spray_painting.json"), "--segments",
                                 example("models/vp_spray_painting_segments.json"), "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json info = nlohmann::json::parse(r.out);
  const nlohmann::json& guides = info.at("segments").at("links").at(0);
  EXPECT_EQ(guides.at("name"), "guides");
  EXPECT_NEAR(guides.at("mass").get<double>(), 15.721, 5e-4);  // [VP]: 15.72 kg
  EXPECT_EQ(info.at("bodies").at(2).at("name"), "guides");
  EXPECT_NEAR(info.at("bodies").at(2).at("mass").get<double>(), 15.721, 5e-4);  // the link's mass is the segment's
}

TEST_F(VpExamples, SprayPaintingArmPaintsAbAndBc) {
  // AB: 0.4 m down in 1 s (triangular); BC: 1.2 m along the panel at 0.3 m/s (trapezoidal), the
  // gun's orientation held. The book's energies (82.46 J on AB, 10.10 J on BC) belong to its
  // figure-only geometry; ours are pinned as measured.
  const ArmRun r = run_task("spray", example("models/vp_spray_painting.json"), example("tasks/vp_spray_painting.json"),
                            example("models/vp_spray_painting_segments.json"), {"--with", "stresses", "--output-period", "0.01"});
  EXPECT_EQ(column(r, "t"), 6.0);
  EXPECT_NEAR(column(r, "pos_y"), 0.6, 1e-9);  // C
  EXPECT_LT(r.deviation_m, 1e-6);
  EXPECT_LT(r.deviation_rad, 1e-6);
  // BC (t = 1 s to 6 s) cruises at the book's 0.3 m/s from t = 2 s to 5 s (1 s ramps).
  EXPECT_NEAR(at_time(r, "pos_y", 4.5) - at_time(r, "pos_y", 2.5), 0.6, 1e-9);
  EXPECT_NEAR(at_time(r, "pos_z", 3.5), 0.5, 1e-9);
  EXPECT_GT(r.largest_sigma, 1e6);
  EXPECT_LT(r.largest_sigma, 9.4e7);  // the guides' allowed normal stress (steel's, for two guides)
  EXPECT_NEAR(at_time(r, "energy_consumed", 1.0), 51.38, 0.1);  // E_AB
  EXPECT_NEAR(r.energy, 87.36, 0.1);                             // E_AB + E_BC
}

TEST_F(VpExamples, SpotWeldingArmStaysWithinItsDrives) {
  // [VP] ch. 5 Example 3: the arthropoid spot-welding arm, tubes r/R = 0.9 of AlMg3 at the book's
  // optimum R2 = 0.086, R3 = 0.064 m, runs ABCA in T_min = 6.4 s (AB T/4, BC T/2, CA T/4). Its
  // drives on joints 2 and 3 give at most 620 N m and 36 rpm (the model's limits).
  const ArmRun r = run_task("spot", example("models/vp_spot_welding.json"), example("tasks/vp_spot_welding.json"),
                            example("models/vp_spot_welding_segments.json"), {"--with", "stresses", "--output-period", "0.01"});
  EXPECT_EQ(column(r, "t"), 6.4);
  for (const char* c : {"pos_x", "pos_y", "pos_z"}) EXPECT_NEAR(column(r, c), column(r, c, false), 1e-8) << c;
  EXPECT_LT(r.deviation_m, 1e-6);
  EXPECT_LT(r.deviation_rad, 1e-6);
  for (const char* c : {"tau2", "tau3"}) {
    EXPECT_GT(peak(r, c), 100.0) << c;
    EXPECT_LT(peak(r, c), 620.0) << c;
  }
  for (const char* c : {"v2", "v3"}) EXPECT_LT(peak(r, c), 36 * 2 * M_PI / 60) << c;
  EXPECT_GT(r.largest_sigma, 1e5);
  EXPECT_LT(r.largest_sigma, 5.886e7);
  EXPECT_NEAR(r.energy, 314.83, 0.1);
}

}  // namespace task_vp_examples_test
}  // namespace armdyn
