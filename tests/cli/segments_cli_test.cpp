// `--segments` on eval, simulate and info (docs/segments.md): eval's tau is rnea on the model
// with mass_from_section applied, simulate runs that model, info shows the sections, and a bad
// segment file is one stderr line naming the file, link and key, exit 2.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/io/segments_json.hpp"
#include "armdyn/model/catalogue.hpp"
#include "support/cli_process.hpp"

namespace armdyn {
namespace segments_cli_test {

using SegmentsCli = test::CliProcess;
using nlohmann::json;

const char* kSegments = R"({"links": {
  "link2": {"section": {"type": "tube", "outer_radius": 0.04, "inner_radius": 0.03}, "material": "AlMg3",
            "point_masses": [{"mass": 5, "position": 0.1}], "mass_from_section": true},
  "link3": {"section": {"type": "rect_tube", "outer": [0.06, 0.05], "inner": [0.05, 0.04]}, "material": "steel"}}})";

const char* kStates = R"({"states": [{"q": [0.1, -0.7, 0.9, 0.2, -0.4, 0.3], "v": [0.5, -1, 0.8, -0.3, 2, -1.5],
                                      "a": [1, -2, 0.5, 3, -1, 2]}]})";

TEST_F(SegmentsCli, EvalUsesTheModelWithMassFromSection) {
  const std::string states = file("s.json", kStates), segs = file("segs.json", kSegments);
  const test::CliResult bare = run({"eval", "puma560", states});
  const test::CliResult with = run({"eval", "puma560", states, "--segments", segs});
  ASSERT_EQ(with.status, 0) << with.err;
  const Model base = builtin_model("puma560").model;
  const Model seg = segments::with_section_masses(base, parse_segments(kSegments, segs, base));
  Data data(seg);
  const json s = json::parse(kStates)["states"][0];
  VecX<double> q(6), v(6), a(6);
  for (int k = 0; k < 6; ++k) {
    q[k] = s["q"][k];
    v[k] = s["v"][k];
    a[k] = s["a"][k];
  }
  const VecX<double> tau = rnea(seg, data, q, v, a);
  const json got = json::parse(with.out)["results"][0]["tau"], old = json::parse(bare.out)["results"][0]["tau"];
  double changed = 0;
  for (int k = 0; k < 6; ++k) {
    EXPECT_NEAR(got[k].get<double>(), tau[k], 1e-9 * (1 + std::abs(tau[k])));
    changed = std::max(changed, std::abs(got[k].get<double>() - old[k].get<double>()));
  }
  EXPECT_GT(changed, 0.1);
}

TEST_F(SegmentsCli, SimulateRunsTheSegmentModel) {
  const std::string segs = file("segs.json", kSegments);
  const test::CliResult bare = run({"simulate", "puma560", "--duration", "0.02"});
  const test::CliResult with = run({"simulate", "puma560", "--duration", "0.02", "--segments", segs});
  ASSERT_EQ(with.status, 0) << with.err;
  EXPECT_EQ(with.out.substr(0, with.out.find('\n')), bare.out.substr(0, bare.out.find('\n')));  // same columns
  EXPECT_NE(with.out, bare.out);
}

TEST_F(SegmentsCli, InfoShowsTheSections) {
  const std::string segs = file("segs.json", kSegments);
  const test::CliResult text = run({"info", "puma560", "--segments", segs});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("segments ("), std::string::npos);
  EXPECT_NE(text.out.find("rect_tube"), std::string::npos);
  const test::CliResult js = run({"info", "puma560", "--json", "--segments", segs});
  ASSERT_EQ(js.status, 0) << js.err;
  const json links = json::parse(js.out)["segments"]["links"];
  ASSERT_EQ(links.size(), 2u);
  EXPECT_EQ(links[0]["name"], "link2");
  EXPECT_NEAR(links[0]["W0"].get<double>(), 6.87223392972767e-05, 1e-15);  // π D³ (1 - ψ⁴)/16, D = 0.08, ψ = 0.75
  EXPECT_EQ(links[1]["mass_from_section"], false);
  // The bodies table shows link2's mass from its section (and link3's own).
  const json bodies = json::parse(js.out)["bodies"];
  EXPECT_NEAR(bodies[1]["mass"].get<double>(), links[0]["mass"].get<double>(), 1e-12);
}

TEST_F(SegmentsCli, BadFileIsOneLineExit2) {
  const std::string bad = file("bad.json", R"({"links": {"link2": {"section": {"type": "tube", "outer_radius": 0.02,
      "inner_radius": 0.03}, "material": "AlMg3"}}})");
  const std::string states = file("s.json", kStates);
  for (const auto& args : {std::vector<std::string>{"eval", "puma560", states, "--segments", bad},
                           std::vector<std::string>{"info", "puma560", "--segments", bad},
                           std::vector<std::string>{"simulate", "puma560", "--duration", "0.1", "--segments", bad}}) {
    const test::CliResult r = run(args);
    EXPECT_EQ(r.status, 2) << args[0];
    EXPECT_EQ(r.err, bad + ": links.link2.section.inner_radius: must be less than outer_radius\n") << args[0];
    EXPECT_TRUE(r.out.empty()) << args[0];
  }
  const test::CliResult missing = run({"info", "puma560", "--segments", "/nonexistent.json"});
  EXPECT_EQ(missing.status, 2);
  EXPECT_EQ(missing.err_lines(), 1);
}

}  // namespace segments_cli_test
}  // namespace armdyn
