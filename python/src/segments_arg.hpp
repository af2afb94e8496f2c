#pragma once
// armdyn.Segments (segments/segment.hpp's SegmentSet read for a model) and the segments argument
// of segment_stresses and run_task.
#include <memory>

#include "armdyn/segments/segment.hpp"
#include "handles.hpp"

namespace armdyn::python {

/// armdyn.Segments: an immutable segment set, shared with the models that carry it.
struct PySegments {
  std::shared_ptr<const segments::SegmentSet> set;
};

/// The segment set `segments` names for `model`: None (the model's own, ValueError when it has
/// none), an armdyn.Segments (ValueError unless made for a model with the same links), or a
/// segment file's path (read for `model`; armdyn.InputError naming the file and the field).
std::shared_ptr<const segments::SegmentSet> segments_arg(const PyModel& model, py::handle segments, const char* fn);

}  // namespace armdyn::python
