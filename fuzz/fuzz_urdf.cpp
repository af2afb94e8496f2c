// libFuzzer target: a URDF document -> load_urdf_string -> one evaluation (evaluate_once.hpp).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "evaluate_once.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::optional<armdyn::Model> read =
      armdyn::fuzz::parsed(data, size, [&](const std::string& xml) { return armdyn::load_urdf_string(xml, "fuzz.urdf"); });
  if (!read) return 0;  // refused, as documented
  armdyn::Model& model = *read;
  armdyn::fuzz::evaluate_once(model);
  return 0;
}
