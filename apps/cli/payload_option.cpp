#include "payload_option.hpp"

#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"
#include "armdyn/io/payload.hpp"
#include "armdyn/model/payload.hpp"
#include "cli.hpp"

namespace armdyn::cli {

Model with_payload_option(const Model& model, const std::string& payload, const std::string& frame) {
  if (payload.empty()) {
    if (!frame.empty()) throw InputError("--payload-frame: given without --payload");
    return model;
  }
  const Payload p = parse_payload(payload, "--payload");
  const std::string name = frame.empty() ? model.body_names.back() : frame;
  const int index = model.frame_index(name);
  if (index < 0) {
    std::vector<std::string> names;
    for (const Frame<double>& f : model.frames) names.push_back(printable(f.name));
    throw InputError("--payload-frame: unknown frame '" + printable(name) + "' in model '" + printable(model.name) +
                     "' (frames: " + join(names) + ")");
  }
  try {
    return with_payload(model, index, p);
  } catch (const ModelError& e) {  // not physical, or a frame on the base
    throw InputError(std::string("--payload: ") + e.what());
  }
}

}  // namespace armdyn::cli
