#pragma once
// What the tests of refusals share: the message of the InputError a call throws, and an
// environment variable set for one scope.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "armdyn/core/error.hpp"

namespace armdyn::test {

/// The message of the InputError `call` throws (`none`, by default empty, when it throws none).
template <class F> std::string refusal(F call, const std::string& none = "") {
  try {
    call();
  } catch (const InputError& e) {
    return e.what();
  }
  return none;
}

/// A table of refusals: each input, given to `message_of` (which returns the message of the
/// InputError it gives, e.g. through refusal()), must give exactly its message.
using RefusalCases = std::vector<std::pair<std::string, std::string>>;
template <class F> void expect_refusals(F message_of, const RefusalCases& cases) {
  for (const auto& [input, message] : cases) EXPECT_EQ(message_of(input), message) << input;
}

/// Sets an environment variable for the scope, and unsets it after.
struct ScopedEnv {
  ScopedEnv(const char* name, const char* value) : name_(name) { setenv(name, value, 1); }
  ~ScopedEnv() { unsetenv(name_); }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;
  const char* name_;
};

}  // namespace armdyn::test
