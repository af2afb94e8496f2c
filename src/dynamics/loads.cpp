// The loads' checks and the payload as a load (loads.hpp).
#include "armdyn/dynamics/loads.hpp"

namespace armdyn {

template <class S>
std::optional<HeldPayload<S>> held_payload(const ModelTpl<S>& model, int frame, const Payload& payload) {
  const Inertia<S> inertia = payload_body_inertia(model, frame, payload);
  if (payload_is_empty(payload)) return std::nullopt;
  return HeldPayload<S>{model.frames[frame].body, inertia};
}

template std::optional<HeldPayload<double>> held_payload(const Model&, int, const Payload&);

}  // namespace armdyn
