#pragma once
// urdfdom as the URDF readers use it (urdf.cpp for the model, urdf_visuals.cpp for the viewer's
// shapes): one parse at a time with its console_bridge messages collected instead of printed (the
// output handler is global state, shared by every thread), and the parsed tree let go of flat.
#include <string>
#include <urdf_parser/urdf_parser.h>

namespace armdyn::urdfdom {

/// urdfdom's reading of `text` (null when it refuses it), its first error message, as urdfdom wrote
/// it, in `first_error` (show it through shown(), urdf_numbers.hpp: it may quote the file).
urdf::ModelInterfaceSharedPtr parse(const std::string& text, std::string& first_error);

/// urdfdom's links hold their child links and joints by shared_ptr, so letting go of a long chain
/// destroys it recursively, a few stack frames per link (some 100 000 links exhaust the stack).
/// Unlinking the tree first, when this goes out of scope, leaves each link to be destroyed on its own.
class FlatRelease {
 public:
  explicit FlatRelease(const urdf::ModelInterfaceSharedPtr& model) : model_(model) {}
  FlatRelease(const FlatRelease&) = delete;
  FlatRelease& operator=(const FlatRelease&) = delete;
  ~FlatRelease();

 private:
  const urdf::ModelInterfaceSharedPtr& model_;
};

}  // namespace armdyn::urdfdom
