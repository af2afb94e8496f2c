#pragma once
// `--segments FILE` of eval, simulate and info (docs/segments.md): the links as real segments
// (sections, materials, point masses), the model with mass_from_section applied, and how info
// shows them.
#include <string>

#include "armdyn/model/model.hpp"
#include "armdyn/segments/segment.hpp"
#include "cli.hpp"
#include "json_writer.hpp"

namespace armdyn::cli {

/// Adds `--segments` to `sub`, bound to `path`.
void add_segments_option(CLI::App* sub, std::string& path);

/// The segment file at `path` for `model`; an empty set when `path` is empty.
segments::SegmentSet load_cli_segments(const std::string& path, const Model& model);

/// `model` with the segment file's mass_from_section links applied (model itself without a file).
Model with_segments_option(const Model& model, const std::string& path);

/// The segments as a text table for `armdyn info` (a section starting with an empty line).
std::string segments_text(const segments::SegmentSet& set);
/// The segments as the value of info's "segments" key.
void segments_json(JsonWriter& w, const segments::SegmentSet& set);

}  // namespace armdyn::cli
