#pragma once
// The kind of a design study and its options ("kind", "tmin", "optimize"); part of the STUDY
// reader (study_json.cpp). Private to the io layer.
#include <nlohmann/json.hpp>

#include "armdyn/design/study.hpp"
#include "json_util.hpp"

namespace armdyn {

/// Reads "kind" (default "sweep") and the options of that kind into `study`, whose parameters
/// and time scale are already read; the options of another kind are an error.
void read_study_kind(const JsonGetter& get, const nlohmann::json& doc, design::Study& study);

}  // namespace armdyn
