// libFuzzer target: a JSON DH model -> load_dh_json_string -> one evaluation (evaluate_once.hpp).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "evaluate_once.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::optional<armdyn::Model> read =
      armdyn::fuzz::parsed(data, size, [&](const std::string& text) { return armdyn::load_dh_json_string(text, "fuzz.json"); });
  if (!read) return 0;  // refused, as documented
  armdyn::Model& model = *read;
  armdyn::fuzz::evaluate_once(model);
  return 0;
}
