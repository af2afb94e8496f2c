#pragma once
// The names of an enumeration's values, written once as a table: the name of a value, the list of
// names, and the value of a name (an InputError listing the names otherwise), so that a name the
// command line, a file or the Python module takes is spelt in one place.
#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "armdyn/core/error.hpp"

namespace armdyn {

template <class E> struct NamedValue {
  E value;
  const char* name;
};

/// The name of `value` in `table` ("?" when it has none).
template <class E, std::size_t N> constexpr const char* name_of(const std::array<NamedValue<E>, N>& table, E value) {
  for (const NamedValue<E>& entry : table)
    if (entry.value == value) return entry.name;
  return "?";
}

/// Every name of `table`, in its order.
template <class E, std::size_t N> std::vector<std::string> names_of(const std::array<NamedValue<E>, N>& table) {
  std::vector<std::string> names;
  for (const NamedValue<E>& entry : table) names.emplace_back(entry.name);
  return names;
}

/// The value named `name`; InputError "unknown <what> '<name>' (one of: a, b, c)" otherwise.
template <class E, std::size_t N>
E value_named(const std::array<NamedValue<E>, N>& table, const std::string& name, const std::string& what) {
  std::string known;
  for (const NamedValue<E>& entry : table) {
    if (name == entry.name) return entry.value;
    known += (known.empty() ? "" : ", ") + std::string(entry.name);
  }
  throw InputError("unknown " + what + " '" + name + "' (one of: " + known + ")");
}

}  // namespace armdyn
