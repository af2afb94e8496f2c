#pragma once
// The symbols of a closed form and how to print them: kind (which orders them in products:
// masses, lengths, prismatic positions, inertias, g, trigonometric atoms, velocities,
// accelerations), text name ("qd1", "c12") and LaTeX name ("\dot{\theta}_{1}", "c_{12}").
#include <cstddef>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include <ginac/ginac.h>

namespace armdyn {

/// In the order the factors of a printed product appear.
enum class SymbolKind { kMass, kLength, kPosition, kInertia, kGravity, kTrig, kAngle, kVelocity, kAcceleration };

struct SymbolInfo {
  GiNaC::symbol symbol;
  SymbolKind kind = SymbolKind::kLength;
  std::vector<int> key;  ///< order among symbols of the same kind (joint/link number first)
  std::string text, latex;
  double value = std::numeric_limits<double>::quiet_NaN();  ///< the number a parameter stands for
  std::string meaning;                                      ///< for the legend of the output
  int joint = -1;  ///< joint variables: the joint (0-based)
  std::vector<int> angle;  ///< trigonometric atoms: the integer combination of joint angles
  bool is_cos = false;     ///< trigonometric atoms: cos (true) or sin (false)
};

class SymbolTable {
 public:
  /// Adds a symbol named info.text (created here, with info.latex for LaTeX); returns it.
  GiNaC::symbol add(SymbolInfo info);
  /// The entry of symbol `s`, or nullptr.
  const SymbolInfo* find(const GiNaC::ex& s) const;
  /// The entry named `text`, or nullptr.
  const SymbolInfo* find(const std::string& text) const;
  /// The symbol named `text`; InputError when there is none.
  GiNaC::symbol operator[](const std::string& text) const;
  const std::vector<SymbolInfo>& all() const { return list_; }

 private:
  std::vector<SymbolInfo> list_;
  std::map<GiNaC::ex, std::size_t, GiNaC::ex_is_less> by_symbol_;
  std::map<std::string, std::size_t> by_text_;
};

}  // namespace armdyn
