#pragma once
// `--payload` and `--payload-frame` (eval, simulate): a payload held at a frame, added to the
// model before anything is computed (armdyn/model/payload.hpp, armdyn/io/payload.hpp).
#include <string>

#include "armdyn/model/model.hpp"

namespace armdyn::cli {

/// The model with the payload `payload` (the option's text; empty: none, the model as it is) at
/// frame `frame` (empty: the last moving body's frame, as eval's --frame). InputError naming the
/// option: a payload that does not parse or is not physical, an unknown frame, a frame fixed to
/// the base, or --payload-frame without --payload.
Model with_payload_option(const Model& model, const std::string& payload, const std::string& frame);

}  // namespace armdyn::cli
