// The page of `armdyn view` in an armdyn built without its viewer (three.js was not installed in
// viewer/node_modules when armdyn was configured, or ARMDYN_WITH_VIEWER was OFF): the scene is
// computed as ever (`armdyn view --png/--gif` draw it), the HTML page is refused with an
// InputError saying why.
#include "armdyn/core/error.hpp"
#include "armdyn/io/view_scene.hpp"

namespace armdyn::view {

namespace {

[[noreturn]] void refuse_page() {
  throw InputError("view: this armdyn was built without its viewer, which writes the HTML page (three.js was not "
                   "installed in viewer/node_modules when it was configured: run scripts/install-deps.sh, then "
                   "configure and build again)");
}

}  // namespace

std::string view_page(const std::string&) { refuse_page(); }

std::string three_version() { refuse_page(); }

}  // namespace armdyn::view
