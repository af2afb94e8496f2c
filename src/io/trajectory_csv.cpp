#include "armdyn/io/trajectory_csv.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"
#include "armdyn/io/text_file.hpp"

namespace armdyn {
namespace {

constexpr int kQ = 0, kV = 1, kA = 2, kJ = 3;
constexpr char kPrefix[] = {'q', 'v', 'a', 'j'};

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> out;
  for (std::size_t start = 0;;) {
    const std::size_t comma = line.find(',', start);
    out.push_back(trim(line.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start)));
    if (comma == std::string_view::npos) return out;
    start = comma + 1;
  }
}

// "q12" -> (kQ, 12); -1 kind for any other name. The index is capped so that it cannot overflow.
std::pair<int, long> joint_column(std::string_view name) {
  if (name.size() < 2 || name[1] < '1' || name[1] > '9') return {-1, 0};
  int kind = -1;
  for (int k = 0; k < 4; ++k)
    if (name[0] == kPrefix[k]) kind = k;
  long index = 0;
  for (std::size_t i = 1; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return {-1, 0};
    index = std::min(index * 10 + (name[i] - '0'), 1000000000L);
  }
  return {kind, index};
}

std::string joints(int n) { return std::to_string(n) + (n == 1 ? " joint" : " joints"); }

class Parser {
 public:
  Parser(std::string source, int dof) : source_(std::move(source)), dof_(dof) {
    for (auto& c : column_) c.assign(static_cast<std::size_t>(dof), -1);
  }

  [[noreturn]] void fail(long line, const std::string& what) const {
    throw InputError(source_ + ":" + std::to_string(line) + ": " + what);
  }

  void header(std::string_view line) {
    const std::vector<std::string_view> cells = split(line);
    cells_ = cells.size();
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const std::string_view name = cells[c];
      const std::string shown = "column " + std::to_string(c + 1) + " '" + printable(name) + "'";
      if (name == "t") {
        if (t_column_ >= 0) fail(1, shown + ": repeated");
        t_column_ = static_cast<long>(c);
        continue;
      }
      const auto [kind, index] = joint_column(name);
      if (kind < 0) continue;  // another column (tau1, energy, pos_x, ...): ignored
      if (index > dof_)
        fail(1, shown + ": the model has " + joints(dof_) + " (a trajectory of another model?)");
      long& slot = column_[kind][static_cast<std::size_t>(index - 1)];
      if (slot >= 0) fail(1, shown + ": repeated");
      slot = static_cast<long>(c);
    }
    if (t_column_ < 0) fail(1, "no column 't' (expected t, q1..qn, v1..vn, a1..an)");
    for (int kind : {kQ, kV, kA})
      for (int j = 0; j < dof_; ++j)
        if (column_[kind][static_cast<std::size_t>(j)] < 0)
          fail(1, std::string("no column '") + kPrefix[kind] + std::to_string(j + 1) + "' (a trajectory for " +
                      joints(dof_) + " needs t, q1..q" + std::to_string(dof_) + ", v1..v" +
                      std::to_string(dof_) + ", a1..a" + std::to_string(dof_) + ")");
    int jerks = 0;
    for (long c : column_[kJ]) jerks += c >= 0;
    if (jerks > 0 && jerks < dof_)
      for (int j = 0; j < dof_; ++j)
        if (column_[kJ][static_cast<std::size_t>(j)] < 0)
          fail(1, "no column 'j" + std::to_string(j + 1) + "' (the jerk columns j1..j" + std::to_string(dof_) +
                      " come all or none)");
    has_jerk_ = jerks == dof_;
  }

  void row(long line, std::string_view text) {
    const std::vector<std::string_view> cells = split(text);
    if (cells.size() != cells_)
      fail(line, std::to_string(cells.size()) + " cells, the header has " + std::to_string(cells_));
    const double t = number(line, cells, t_column_, -1, 0);
    if (!motion_.t.empty() && !(t > motion_.t.back()))
      fail(line, "t = " + printable(cells[static_cast<std::size_t>(t_column_)]) +
                     " does not follow the previous time (times must increase strictly)");
    motion_.t.push_back(t);
    std::vector<VecX<double>>* out[] = {&motion_.q, &motion_.v, &motion_.a, &motion_.jerk};
    for (int kind = 0; kind < (has_jerk_ ? 4 : 3); ++kind) {
      VecX<double> x(dof_);
      for (int j = 0; j < dof_; ++j)
        x[j] = number(line, cells, column_[kind][static_cast<std::size_t>(j)], kind, j);
      out[kind]->push_back(std::move(x));
    }
  }

  drives::SampledMotion finish(long lines) {
    if (motion_.t.empty()) fail(lines, "no samples (only the header)");
    return std::move(motion_);
  }

 private:
  // The cell of `column`, the time (kind -1) or joint j's q, v, a or jerk.
  double number(long line, const std::vector<std::string_view>& cells, long column, int kind, int j) const {
    const std::string_view cell = cells[static_cast<std::size_t>(column)];
    double x = 0;
    const char* end = cell.data() + cell.size();
    const auto [ptr, ec] = std::from_chars(cell.data(), end, x);
    std::string name = "t";
    if (kind >= 0) {
      name.assign(1, kPrefix[kind]);
      name += std::to_string(j + 1);
    }
    if (ec == std::errc::result_out_of_range && ptr == end)
      fail(line, name + ": must be finite (got " + printable(cell.substr(0, 40)) + ")");
    if (cell.empty() || ec != std::errc() || ptr != end)
      fail(line, name + ": '" + printable(cell.substr(0, 40)) + "' is not a number");
    if (!std::isfinite(x)) fail(line, name + ": must be finite (got " + printable(cell.substr(0, 40)) + ")");
    return x;
  }

  std::string source_;
  int dof_;
  std::vector<long> column_[4];
  long t_column_ = -1;
  std::size_t cells_ = 0;
  bool has_jerk_ = false;
  drives::SampledMotion motion_;
};

}  // namespace

drives::SampledMotion parse_trajectory_csv(const std::string& text, const std::string& source, int dof) {
  if (dof < 1) throw InputError(source + ": a trajectory needs a model with joints");
  Parser parser(source, dof);
  const std::string_view all(text);
  long line = 0;
  bool have_header = false;
  for (std::size_t start = 0; start < all.size();) {
    const std::size_t nl = all.find('\n', start);
    const std::string_view raw = all.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
    start = nl == std::string_view::npos ? all.size() : nl + 1;
    ++line;
    if (trim(raw).empty()) {
      if (!have_header) parser.fail(line, "empty line where the header was expected (t, q1..qn, v1..vn, a1..an)");
      continue;
    }
    if (!have_header) {
      parser.header(raw);
      have_header = true;
    } else {
      parser.row(line, raw);
    }
  }
  if (!have_header) parser.fail(1, "empty (expected the header t, q1..qn, v1..vn, a1..an and rows)");
  return parser.finish(line);
}

drives::SampledMotion read_trajectory_csv(const std::string& path, int dof) {
  return parse_trajectory_csv(read_text(path, InputFormat::kCsv), path == "-" ? "<stdin>" : path, dof);
}

}  // namespace armdyn
