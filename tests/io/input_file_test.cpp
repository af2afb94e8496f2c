// Every reader of a JSON, CSV or XML input reads within a size limit and stops at the first byte
// that cannot belong to its format: a device, a FIFO or a huge file costs at most the limit, and
// /dev/zero or /dev/urandom is refused at once, naming the file.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <thread>
#include <unistd.h>

#include "armdyn/armdyn.hpp"
#include "armdyn/core/input_file.hpp"
#include "armdyn/io/actuators_json.hpp"
#include "armdyn/io/constraint_json.hpp"
#include "armdyn/io/segments_json.hpp"
#include "armdyn/io/states.hpp"
#include "armdyn/io/study_json.hpp"
#include "armdyn/io/task_json.hpp"
#include "armdyn/io/trajectory_csv.hpp"
#include "armdyn/io/urdf.hpp"
#include "armdyn/simulation/input.hpp"
#include "support/refusal.hpp"
#include "support/temp_dir.hpp"

namespace armdyn {
namespace input_file_test {

using test::refusal;

using test::ScopedEnv;

/// Every reader of a user's file, by what it reads.
std::vector<std::pair<std::string, std::function<void(const std::string&)>>> readers() {
  static const Model model = load_model("puma560");
  return {
      {"states", [](const std::string& p) { read_states(p, model); }},
      {"segments", [](const std::string& p) { load_segments(p, model); }},
      {"actuators", [](const std::string& p) { load_actuators(p, model); }},
      {"task", [](const std::string& p) { read_task(p, model.dof); }},
      {"study", [](const std::string& p) { read_study(p); }},
      {"constraint", [](const std::string& p) { read_constraint(p, model); }},
      {"trajectory", [](const std::string& p) { read_trajectory_csv(p, model.dof); }},
      {"torque table", [](const std::string& p) { sim::load_torque_table(p, model.dof); }},
  };
}

TEST(InputFile, DevicesAreRefusedAtTheirFirstBytes) {
  for (const auto& [what, read] : readers()) {
    for (const std::string device : {"/dev/zero", "/dev/urandom"}) {
      const std::string message = refusal([&, &read = read] { read(device); });
      EXPECT_EQ(message.rfind(device + ": line ", 0), 0u) << what << " " << device << ": " << message;
    }
    EXPECT_NE(refusal([&, &read = read] { read("/dev/zero"); }).find(": line 1, column 1: not "), std::string::npos) << what;
  }
}

TEST(InputFile, JsonMustStartWithAnObjectOrArray) {
  EXPECT_EQ(refusal([] { check_input_text("\xEF\xBB\xBF \n\t {}", InputFormat::kJson, "s.json"); }), "");
  EXPECT_EQ(refusal([] { check_input_text("  [1]", InputFormat::kJson, "s.json"); }), "");
  EXPECT_EQ(refusal([] { check_input_text("\n\n  x{}", InputFormat::kJson, "s.json"); }),
            "s.json: line 3, column 3: not valid JSON (a JSON document starts with '{' or '[')");
  EXPECT_EQ(refusal([] { check_input_text("{\"a\":\n 1\x07}", InputFormat::kJson, "s.json"); }),
            "s.json: line 2, column 3: not valid JSON (the control character 0x07)");
  EXPECT_EQ(refusal([] { check_input_text(std::string("t,q1\n0,1\0", 9), InputFormat::kCsv, "t.csv"); }),
            "t.csv: line 2, column 4: not a CSV text (a NUL byte)");
}

TEST(InputFile, ReadsStopAtTheLimitTheUserSets) {
  const test::TempDir dir("input_file");
  const std::string big = dir.write("big.json", "{\"states\": [" + std::string(5000, ' ') + "]}");
  const Model model = load_model("puma560");
  EXPECT_EQ(refusal([&] { read_states(big, model); }), "");  // read whole
  {
    const ScopedEnv limit("ARMDYN_MAX_INPUT_BYTES", "4K");
    EXPECT_EQ(refusal([&] { read_states(big, model); }),
              big + ": larger than the input limit of 4 KiB (4096 bytes); set ARMDYN_MAX_INPUT_BYTES to read more "
                    "(e.g. ARMDYN_MAX_INPUT_BYTES=1G)");
    // A device (a stream of no length) is read in chunks up to the limit, then refused.
    EXPECT_EQ(refusal([] { read_input("/dev/zero"); }).rfind("/dev/zero: larger than the input limit of 4 KiB", 0), 0u);
    // So is a FIFO that never ends.
    std::signal(SIGPIPE, SIG_IGN);  // the writer learns of the reader's close by EPIPE
    const std::string fifo = dir.path("fifo");
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    std::thread writer([&] {
      const std::string spaces(1024, ' ');
      FILE* f = std::fopen(fifo.c_str(), "w");
      if (!f) return;
      std::fputs("[", f);
      while (std::fwrite(spaces.data(), 1, spaces.size(), f) == spaces.size()) {
      }
      std::fclose(f);
    });
    const std::string message = refusal([&] { read_states(fifo, model); });
    unlink(fifo.c_str());  // the writer ends on EPIPE once the reader has closed
    writer.join();
    EXPECT_EQ(message.rfind(fifo + ": larger than the input limit", 0), 0u) << message;
    // A model file too.
    const std::string urdf = dir.write("big.urdf", "<robot name=\"r\"><link name=\"a\"/>" + std::string(5000, ' ') + "</robot>");
    EXPECT_EQ(refusal([&] { load_urdf(urdf); }).rfind(urdf + ": larger than the input limit", 0), 0u);
  }
  for (const char* bad : {"abc", "0", "12X", "-5", "99999999999999999999999G"}) {
    const ScopedEnv limit("ARMDYN_MAX_INPUT_BYTES", bad);
    EXPECT_EQ(refusal([&] { read_states(big, model); }).rfind(std::string("ARMDYN_MAX_INPUT_BYTES: '") + bad, 0), 0u) << bad;
  }
}

}  // namespace input_file_test
}  // namespace armdyn
