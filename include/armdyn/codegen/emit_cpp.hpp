#pragma once
// The C++ emitter: recorded algorithms (record.hpp) written out as standalone straight-line C++
// (only <cmath>, no armdyn headers), one C-linkage function per algorithm:
//   void P_rnea(const double* q, const double* v, const double* a, double* tau);
//   void P_mass_matrix(const double* q, double* M);          // n x n, row-major
//   void P_gravity(const double* q, double* g);
//   void P_forward_dynamics(const double* q, const double* v, const double* tau, double* qdd);
//   int P_dof(void);
// Each live node of the graph (graph.hpp: folded, hash-consed, dead code removed) is one
// statement `const double xK = A op B;`; constants are written inline, in full precision. The
// file's header comment states each function's operation counts, one line per function:
//   //   P_rnea    <mul> <add> <div> <sqrt> <sin> <cos>
#include <string>
#include <vector>

#include "armdyn/codegen/record.hpp"

namespace armdyn::codegen {

struct EmitOptions {
  std::string prefix;        ///< function prefix P (a C identifier)
  std::string model_name;    ///< for the header comment (escaped there: any text is safe)
  std::string model_source;  ///< for the header comment (escaped there: any text is safe)
  Vec3<double> gravity = Vec3<double>(0, 0, -9.81);
  int snapped = 0;  ///< round-off entries snap_round_off changed (for the header comment)
};

struct GeneratedCode {
  std::string source;  ///< P.cpp
  std::string header;  ///< P.h: the declarations, usable from C and C++
};

/// The functions (all recorded from one model) as C++ source and header.
GeneratedCode emit_cpp(const std::vector<TracedFunction>& functions, const EmitOptions& options);

/// `name` made a C identifier: characters other than [A-Za-z0-9_] become '_', and a leading digit
/// (or an empty name) gets a leading "m_".
std::string sanitize_identifier(const std::string& name);

/// True when `name` is a C identifier: [A-Za-z_][A-Za-z0-9_]*.
bool is_c_identifier(const std::string& name);

/// `text` made safe inside a `//` comment of generated code: on one line, with control and
/// bidirectional characters, backslashes and invalid UTF-8 escaped (armdyn::printable) and every
/// "*/" written "* /", so that nothing in it can end the comment or splice the next line.
std::string comment_text(const std::string& text);

/// A double written so that it reads back exactly (shortest round trip), always as a floating
/// literal ("2.0", "0.1", "1e-05").
std::string double_literal(double x);

}  // namespace armdyn::codegen
