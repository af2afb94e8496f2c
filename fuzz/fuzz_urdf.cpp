// libFuzzer target: a URDF document -> load_urdf_string -> one evaluation (evaluate_once.hpp).
#include <cstddef>
#include <cstdint>
#include <string>

#include "evaluate_once.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string xml(reinterpret_cast<const char*>(data), size);
  armdyn::Model model;
  try {
    model = armdyn::load_urdf_string(xml, "fuzz.urdf");
  } catch (const armdyn::InputError&) {  // ModelError included: refused, as documented
    return 0;
  }
  armdyn::fuzz::evaluate_once(model);
  return 0;
}
