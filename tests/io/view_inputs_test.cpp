// What `armdyn view` reads, at its edges (io/view_scene.hpp): a long motion shown by a bounded
// number of samples.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "armdyn/core/error.hpp"
#include "armdyn/io/load.hpp"
#include "armdyn/io/urdf.hpp"
#include "armdyn/io/view_scene.hpp"
#include "armdyn/model/builder.hpp"
#include "armdyn/model/catalogue.hpp"

namespace armdyn {
namespace view_inputs_test {

namespace fs = std::filesystem;
using nlohmann::json;
const std::string kData = ARMDYN_TEST_DATA_DIR;

std::string file_text(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

std::string edited(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

// A fresh folder of its own under the test's temporary folder.
std::string fresh_folder(const std::string& name) {
  const fs::path dir = fs::path(::testing::TempDir()) / ("view_inputs_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir.string();
}

// The message of the InputError `f` throws ("" and a failure when none).
template <class F> std::string input_error(F&& f, const std::string& what) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << what << ": no InputError";
  return "";
}

view::SceneInput one_pose(const Model& model) {
  view::SceneInput in;
  in.motion.t = {0};
  in.motion.q = {VecX<double>::Zero(model.dof)};
  return in;
}

// ---- long motions ------------------------------------------------------------------------------

TEST(ViewScene, ShownSamplesAreEvenlySpacedAndKeepTheFirstAndLast) {
  for (std::size_t count : {1u, 2u, 3u, 10u, 1999u, 2000u, 2001u, 4001u, 80000u, 123457u})
    for (std::size_t max : {2u, 3u, 7u, 2000u, 5000u}) {
      const std::vector<std::size_t> k = view::shown_samples(count, max);
      const std::string what = std::to_string(count) + " rows, at most " + std::to_string(max);
      ASSERT_EQ(k.size(), std::min(count, max)) << what;
      EXPECT_EQ(k.front(), 0u) << what;
      EXPECT_EQ(k.back(), count - 1) << what;
      for (std::size_t i = 1; i < k.size(); ++i) {
        EXPECT_GT(k[i], k[i - 1]) << what;
        // evenly spaced: each step within one row of (count - 1) / (max - 1)
        if (count > max) {
          EXPECT_LE(std::abs(static_cast<double>(k[i] - k[i - 1]) - (count - 1.0) / (max - 1.0)), 1.0) << what;
        }
      }
    }
}

TEST(ViewScene, LongMotionsAreShownByAtMostMaxSamples) {
  const Model model = builtin_model("puma560").model;
  view::SceneInput in;
  const std::size_t rows = 80000;
  for (std::size_t k = 0; k < rows; ++k) {
    in.motion.t.push_back(0.001 * static_cast<double>(k));
    in.motion.q.push_back(VecX<double>::Constant(6, std::sin(1e-4 * static_cast<double>(k))));
  }
  in.path_frame = static_cast<int>(model.frames.size()) - 1;
  const std::string text = view::scene_json(model, in);
  const json scene = json::parse(text);
  ASSERT_EQ(scene["samples"]["t"].size(), view::kDefaultViewSamples);
  EXPECT_EQ(scene["samples"]["bodies"].size(), view::kDefaultViewSamples);
  EXPECT_EQ(scene["path"]["achieved"].size(), view::kDefaultViewSamples);
  EXPECT_EQ(scene["samples"]["t"].front().get<double>(), 0.0);
  EXPECT_EQ(scene["samples"]["t"].back().get<double>(), in.motion.t.back());
  EXPECT_LT(text.size(), std::size_t{8} << 20);  // 80 000 rows once made a page of 233 MB

  in.max_samples = 10;
  EXPECT_EQ(json::parse(view::scene_json(model, in))["samples"]["t"].size(), 10u);
  view::SceneInput few = in;  // a motion no longer than the bound: every row
  few.motion.t.resize(7);
  few.motion.q.resize(7);
  few.max_samples = 7;
  EXPECT_EQ(json::parse(view::scene_json(model, few))["samples"]["t"].size(), 7u);
  in.max_samples = 1;
  EXPECT_NE(input_error([&] { view::scene_json(model, in); }, "max 1").find("less than 2"), std::string::npos);

  // A bad row among those left out is still refused.
  in.max_samples = 2;
  in.motion.q[rows / 2 + 1][3] = std::nan("");
  EXPECT_NE(input_error([&] { view::scene_json(model, in); }, "NaN row").find("sample 40001"), std::string::npos);
}

}  // namespace view_inputs_test
}  // namespace armdyn
