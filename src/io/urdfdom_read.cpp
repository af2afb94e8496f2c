// urdfdom behind one lock and one collector of its messages; see urdfdom_read.hpp.
#include "urdfdom_read.hpp"

#include <console_bridge/console.h>

#include <mutex>

namespace armdyn::urdfdom {

namespace {

// Keeps the first error console_bridge reports instead of letting it print to stderr.
class ErrorCollector : public console_bridge::OutputHandler {
 public:
  void log(const std::string& text, console_bridge::LogLevel level, const char*, int) override {
    if (level >= console_bridge::CONSOLE_BRIDGE_LOG_ERROR && first_error.empty()) first_error = text;
  }
  std::string first_error;
};

std::mutex& console_mutex() {
  static std::mutex m;
  return m;
}

}  // namespace

urdf::ModelInterfaceSharedPtr parse(const std::string& text, std::string& first_error) {
  ErrorCollector errors;
  urdf::ModelInterfaceSharedPtr model;
  {
    const std::lock_guard<std::mutex> lock(console_mutex());
    console_bridge::useOutputHandler(&errors);
    model = urdf::parseURDF(text);
    console_bridge::restorePreviousOutputHandler();
  }
  first_error = errors.first_error;
  return model;
}

FlatRelease::~FlatRelease() {
  if (!model_) return;
  for (auto& [name, link] : model_->links_) {
    link->child_links.clear();
    link->child_joints.clear();
    link->parent_joint.reset();
  }
}

}  // namespace armdyn::urdfdom
