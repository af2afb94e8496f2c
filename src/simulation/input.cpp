#include "armdyn/simulation/input.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "armdyn/core/error.hpp"
#include "armdyn/core/input_file.hpp"

namespace armdyn::sim {

TorqueTable::TorqueTable(std::vector<double> times, std::vector<VecX<double>> torques)
    : times_(std::move(times)), torques_(std::move(torques)) {
  if (times_.empty() || times_.size() != torques_.size()) throw InputError("torque table: no rows");
  for (std::size_t k = 1; k < times_.size(); ++k)
    if (!(times_[k] > times_[k - 1])) throw InputError("torque table: times must increase strictly");
}

void TorqueTable::torque(double t, VecIn<double>, VecIn<double>, VecX<double>& tau) {
  const std::size_t last = times_.size() - 1;
  if (t <= times_.front()) {
    tau = torques_.front();
    return;
  }
  if (t >= times_[last]) {
    tau = torques_[last];
    return;
  }
  // The interval [times_[k], times_[k+1]) holding t, searched from the last one used.
  std::size_t k = std::min(hint_, last - 1);
  if (times_[k] > t) k = 0;
  while (times_[k + 1] <= t) ++k;
  hint_ = k;
  const double w = (t - times_[k]) / (times_[k + 1] - times_[k]);
  tau = (1.0 - w) * torques_[k] + w * torques_[k + 1];
}

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream ss(line);
  std::string cell;
  while (std::getline(ss, cell, ',')) out.push_back(trim(cell));
  if (!line.empty() && line.back() == ',') out.emplace_back();
  return out;
}

double number(const std::string& cell, const std::string& where) {
  if (cell.empty()) throw InputError(where + ": empty cell");
  errno = 0;
  char* end = nullptr;
  const double x = std::strtod(cell.c_str(), &end);
  if (*end != '\0' || errno == ERANGE || !std::isfinite(x))
    throw InputError(where + ": '" + cell + "' is not a finite number");
  return x;
}

}  // namespace

TorqueTable parse_torque_table(const std::string& text, int dof, const std::string& source, const char* columns_are,
                               const char* table) {
  std::stringstream in(text);
  std::string line;
  int line_no = 0;
  std::vector<double> times;
  std::vector<VecX<double>> torques;
  bool header = false;
  const std::size_t columns = static_cast<std::size_t>(dof) + 1;
  while (std::getline(in, line)) {
    ++line_no;
    if (trim(line).empty()) continue;
    const std::string where = source + ":" + std::to_string(line_no);
    const std::vector<std::string> cells = split(line);
    if (cells.size() != columns)
      throw InputError(where + ": expected " + std::to_string(columns) + " columns (t and " + columns_are + "), got " +
                       std::to_string(cells.size()));
    if (!header) {
      if (cells[0] != "t") throw InputError(where + ": the header's first column must be 't', got '" + cells[0] + "'");
      header = true;
      continue;
    }
    const double t = number(cells[0], where);
    if (!times.empty() && !(t > times.back()))
      throw InputError(where + ": times must increase strictly (" + cells[0] + " after " + std::to_string(times.back()) + ")");
    VecX<double> tau(dof);
    for (int j = 0; j < dof; ++j) tau[j] = number(cells[static_cast<std::size_t>(j) + 1], where);
    times.push_back(t);
    torques.push_back(std::move(tau));
  }
  if (!header) throw InputError(source + ": empty " + table + " (a header row 't,...' is required)");
  if (times.empty()) throw InputError(source + ": the " + table + " has a header but no rows");
  return TorqueTable(std::move(times), std::move(torques));
}

TorqueTable load_torque_table(const std::string& path, int dof, const char* columns_are, const char* table) {
  return parse_torque_table(read_input(path, InputFormat::kCsv), dof, path, columns_are, table);
}

}  // namespace armdyn::sim
