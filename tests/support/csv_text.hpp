#pragma once
// Reading the tool's text output in tests: lines, the comma-separated cells of a CSV row, and a
// row's numbers.
#include <sstream>
#include <string>
#include <vector>

namespace armdyn::test {

inline std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

inline std::vector<std::string> cells(const std::string& row) {
  std::vector<std::string> out;
  std::istringstream in(row);
  for (std::string cell; std::getline(in, cell, ',');) out.push_back(cell);
  return out;
}

inline std::vector<double> numbers(const std::string& row) {
  std::vector<double> out;
  for (const std::string& c : cells(row)) out.push_back(std::stod(c));
  return out;
}

}  // namespace armdyn::test
