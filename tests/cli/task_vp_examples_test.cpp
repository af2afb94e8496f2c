// [VP] §3.6's comparison as shipped in examples/ (docs/examples-vp.md): the anthropomorphic and the
// cylindrical arm (examples/models/, AlMg3 tube segments with their mass from the section) carry
// 5 kg along A-B-C-A with the gripper's orientation held. `armdyn task --segments --with stresses
// --summary` runs both: each completes at t = 3 s back at A, the frame follows the path, the
// segments stay below AlMg3's allowed stresses, and the cylindrical arm consumes less energy than
// the anthropomorphic one, as in the book (44.23 J against 76.03 J).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <regex>
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
    const std::string out = path(arm + ".csv");
    const test::CliResult r =
        run({"task", example("models/vp_" + arm + ".json"), example("tasks/vp_abca_" + arm + ".json"), "--segments",
             example("models/vp_" + arm + "_segments.json"), "--with", "stresses", "--summary", "--output-period",
             "0.01", "--out", out});
    EXPECT_EQ(r.status, 0) << r.err;
    ArmRun result;
    const std::vector<std::string> rows = lines(read_file(out));
    if (rows.size() < 2) {
      ADD_FAILURE() << arm << ": no rows";
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

TEST_F(VpExamples, CylindricalArmConsumesLessEnergyThanAnthropomorphic) {
  const ArmRun anthropomorphic = run_arm("anthropomorphic");
  const ArmRun cylindrical = run_arm("cylindrical");
  expect_completed_back_at_a(anthropomorphic);
  expect_completed_back_at_a(cylindrical);
  // [VP] §3.6: 76.03 J against 44.23 J. Our reconstructed geometry gives other numbers (about
  // 94 J and 54 J, docs/examples-vp.md); the ordering is the book's result.
  EXPECT_GT(cylindrical.energy, 10.0);
  EXPECT_LT(cylindrical.energy, anthropomorphic.energy);
  EXPECT_NEAR(anthropomorphic.energy, 93.82, 0.1);
  EXPECT_NEAR(cylindrical.energy, 54.39, 0.1);
}

}  // namespace
}  // namespace armdyn
