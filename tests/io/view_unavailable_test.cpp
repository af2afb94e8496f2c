// The page of `armdyn view` in an armdyn built without its viewer (src/io/view_page_unavailable.cpp,
// compiled into this test in place of armdyn::viewer): every page is refused with an InputError
// that says the build has no viewer and how to get one.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/io/view_scene.hpp"

namespace armdyn {
namespace view_unavailable_test {

std::string refusal(const std::function<void()>& call) {
  try {
    call();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no InputError)";
}

TEST(ViewUnavailable, ThePageIsRefusedSayingTheBuildHasNoViewer) {
  for (const std::string& message : {refusal([] { (void)view::view_page("{}"); }),
                                     refusal([] { (void)view::three_version(); })}) {
    EXPECT_NE(message.find("view: this armdyn was built without its viewer"), std::string::npos) << message;
    EXPECT_NE(message.find("scripts/install-deps.sh"), std::string::npos) << message;
  }
}

}  // namespace view_unavailable_test
}  // namespace armdyn
