// The published operation counts armdyn's are compared with, exact polynomial fits, and the
// paragraphs that explain the differences (see opcount.hpp and docs/opcounts.md).
#include <numeric>

#include "armdyn/core/error.hpp"
#include "armdyn/codegen/opcount.hpp"

namespace armdyn::opcount {

namespace {

std::int64_t gcd64(std::int64_t a, std::int64_t b) { return std::gcd(a < 0 ? -a : a, b < 0 ? -b : b); }

bool all_zero(const std::vector<std::int64_t>& x) {
  for (std::int64_t v : x)
    if (v != 0) return false;
  return true;
}

// c0 + c1 n + ... over a common denominator.
Polynomial poly(std::vector<std::int64_t> numerator, std::int64_t denominator = 1) {
  return Polynomial{std::move(numerator), denominator};
}

}  // namespace

double Polynomial::operator()(int n) const {
  double x = 0;
  for (std::size_t k = numerator.size(); k-- > 0;) x = x * n + static_cast<double>(numerator[k]);
  return x / static_cast<double>(denominator);
}

std::string Polynomial::str() const {
  std::string out;
  for (std::size_t k = numerator.size(); k-- > 0;) {
    std::int64_t num = numerator[k], den = denominator;
    if (num == 0) continue;
    const std::int64_t g = gcd64(num, den);
    num /= g;
    den /= g;
    const bool negative = num < 0;
    const std::int64_t a = negative ? -num : num;
    out += out.empty() ? (negative ? "-" : "") : (negative ? " - " : " + ");
    // Appended piece by piece: "(" + std::to_string(a) + ... trips GCC 12's -Wrestrict (a false
    // positive in the inlined std::operator+(const char*, std::string&&)).
    if (den != 1) out.append("(").append(std::to_string(a)).append("/").append(std::to_string(den)).append(")");
    else if (k == 0 || a != 1) out += std::to_string(a);
    if (k >= 1) out += "n";
    if (k > 1) out.append("^").append(std::to_string(k));
  }
  return out.empty() ? "0" : out;
}

Polynomial fit(int first, const std::vector<std::int64_t>& values) {
  const int m = static_cast<int>(values.size());
  if (m < 2) throw InputError("fit: at least two points are needed");
  // Forward differences diff[k]; the degree is the least d whose (d+1)-th differences vanish,
  // with d + 1 <= m - 1 so that at least one point confirms the fit.
  std::vector<std::vector<std::int64_t>> diff = {values};
  int degree = -1;
  for (int k = 1; k < m && degree < 0; ++k) {
    const std::vector<std::int64_t>& row = diff.back();
    std::vector<std::int64_t> next(row.size() - 1);
    for (std::size_t j = 0; j + 1 < row.size(); ++j) next[j] = row[j + 1] - row[j];
    diff.push_back(next);
    if (all_zero(next)) degree = k - 1;
  }
  if (degree < 0) throw InputError("fit: no polynomial of degree <= " + std::to_string(m - 2) + " takes these values");
  // Newton's forward form p(n) = sum_k diff[k][0] C(n - first, k), over the denominator degree!.
  std::int64_t fact = 1;
  for (int k = 2; k <= degree; ++k) fact *= k;
  Polynomial p{std::vector<std::int64_t>(degree + 1, 0), fact};
  std::vector<std::int64_t> basis = {1};  // prod_{j<k} (n - first - j)
  std::int64_t k_fact = 1;
  for (int k = 0; k <= degree; ++k) {
    if (k > 0) {
      k_fact *= k;
      std::vector<std::int64_t> next(basis.size() + 1, 0);
      for (std::size_t j = 0; j < basis.size(); ++j) {
        next[j + 1] += basis[j];
        next[j] -= (first + k - 1) * basis[j];
      }
      basis = next;
    }
    for (std::size_t j = 0; j < basis.size(); ++j) p.numerator[j] += diff[k][0] * (fact / k_fact) * basis[j];
  }
  std::int64_t g = p.denominator;
  for (std::int64_t x : p.numerator) g = gcd64(g, x);
  for (std::int64_t& x : p.numerator) x /= g;
  p.denominator /= g;
  return p;
}

const std::vector<Published>& published() {
  static const std::vector<Published> table = {
      {"rnea-lean", "Balafoutis et al. 1988",
       "general-geometry Newton-Euler with tensors, as quoted by Featherstone & Orin 2000, Table 1", poly({-69, 93}),
       poly({-66, 81}), 2},
      {"rnea-lean", "[TML] Table 8.1", "modified Newton-Euler (7.1)-(7.6), diagonal K_i", poly({-27, 90}), poly({-24, 88}), 1},
      {"rnea", "[Craig] §6.13", "(6.46)-(6.53) with the simple first outward and last inward steps", poly({-99, 126}),
       poly({-92, 106}), 2},
      {"newton-euler", "[Craig] §6.13", "(6.46)-(6.53) with the simple first outward and last inward steps",
       poly({-99, 126}), poly({-92, 106}), 2},
      {"luh-walker-paul", "[TML] Table 8.1", "Newton-Euler (3.7)-(3.13), A_i formed (Table 8.4)", poly({-12, 108}),
       poly({-9, 100}), 1},
      {"modified-newton-euler", "[TML] Table 8.1", "modified Newton-Euler (7.1)-(7.6), diagonal K_i (Table 8.5)",
       poly({-27, 90}), poly({-24, 88}), 1},
      {"lagrange", "[TML] Table 8.1", "Uicker/Lewis (3.1), the Appendix's strategy", poly({0, 30, 495, 81}, 6),
       poly({0, -64, 174, 40}, 3), 1},
      {"lagrange", "[Craig] §6.13", "the first Lagrangian formulations (approximately)", poly({-128, 53, 171, 86, 32}),
       poly({-96, 42, 129, 66, 25}), 1},
      {"recursive-lagrange", "[TML] Table 8.1", "Hollerbach's recursive Lagrange (3.2)-(3.6), corrected (Table 8.3)",
       poly({0, 226}), poly({0, 144}), 1},
      {"mass_matrix", "[TML] §8", "M by strobing Newton-Euler (n passes with one unit qdd, symmetry used)",
       poly({0, 36, 36}), poly({0, 26, 26}), 1},
  };
  return table;
}

namespace {

struct Note {
  const char* algorithm;
  const char* text;
};

// One paragraph per algorithm. Numbers quoted here were measured on the general chain when the
// paragraph was written; `armdyn opcount --table` prints the live fits next to them.
const Note kNotes[] = {
    {"rnea-lean",
     "armdyn::rnea_classical (rnea_classical_impl.hpp), the torque path the generated code "
     "uses: the classical Newton-Euler of [Craig] (6.45)-(6.53) "
     "with [TML]'s acceleration tensor W = [wd]x + [w]x^2 of (7.3)-(7.6), made lean. Each DH joint "
     "rotation Rx(alpha) Rz(theta + q) is applied as two plane rotations of 3 multiplications and 3 "
     "additions (Gauss's form of a complex product; 6 mul per vector against the 9 of the dense matrix "
     "every published count assumes, and no matrix to form); W (6 mul) serves the force m a + W h, the "
     "Euler moment and the child's origin acceleration a + W p; the Euler moment I wd + w x (I w) of a "
     "full inertia tensor costs 15 mul in W's entries (TML's 6n for Tr{A K Q} needs a diagonal K); the "
     "first link is simplified (w = qd z, wd = qdd z: W has five zeros). It counts what the tables "
     "take as given, the joint angles theta + q (n add) and the sums cos +- sin (2n add); sines and "
     "cosines are tallied apart (2n). 86n - 69 mul beats Balafoutis's 93n - 69 by 7n; its additions "
     "exceed Balafoutis's 81n because each 3-multiplication rotation trades a multiplication for an "
     "addition. With dense rotations (a model without the builder's factorisation) it is 113n - 78 "
     "mul, the faster form on a CPU with fused multiply-adds (docs/opcounts.md has the timings)."},
    {"rnea",
     "armdyn::rnea (rnea_impl.hpp), the spatial RNEA that also returns each body's spatial velocity, "
     "acceleration and wrench: its linear velocities and the velocity-product terms v x* I v cost what "
     "the classical form avoids (the body momentum I v, 24 mul, and its cross product, 18), and every "
     "joint rotation is formed (12 mul) and applied densely to six 3-vectors (54 mul). Against "
     "[Craig]'s 126n - 99 for the same recursion: Craig's count takes the rotations as given and "
     "simplifies the first link. rnea-lean is the lean form of the same torques."},
    {"mass_matrix",
     "The composite-rigid-body algorithm (crba_impl.hpp): per link one transform of the composite "
     "inertia to the parent (75 mul, the rotate_symmetric form) and, for each ancestor, one force "
     "transformation of the column F = Ic S (24 mul: two dense 3x3 products and a cross product), "
     "hence 12n^2. [TML]'s 36n(n+1) is for strobing Newton-Euler (n passes with one unit joint "
     "acceleration, symmetry used), the method CRBA replaces."},
    {"gravity",
     "gravity_torque is the spatial rnea with no velocities and accelerations: only the rotated "
     "base acceleration -g travels outward, each link contributes its force I a and the inward pass "
     "is rnea's. No published count; rnea_classical's passes would do it for 33n - 21 mul, but "
     "take longer on double (docs/opcounts.md)."},
    {"forward_dynamics",
     "CRBA, the bias c(q, qd) by the spatial RNEA passes on CRBA's joint placements, and an LDL^T "
     "factorisation (the square-root-free Cholesky: n^3/6 multiply-adds, n divisions for the reciprocal "
     "diagonal) and two triangular solves: Walker and Orin's method 3 ([TML] §9 compares its cost). No "
     "published count in the seeds."},
    {"newton-euler",
     "[Craig] (6.45)-(6.53) as printed, in body frames: 150n - 24 mul against Craig's 126n - 99. "
     "armdyn forms each ^{i}_{i+1}R from the model (joint_placement, 12 mul), which "
     "Craig takes as given; applies it as a dense 3x3 product (9 mul); multiplies the unit vector Z "
     "by qd and qdd as 3-vectors (3 mul each, where Craig's count uses Z's zeros) and writes every "
     "cross product out (w x (w x P) is 12 mul); and it does not simplify the first outward step "
     "(w_0 = wd_0 = 0 are multiplied through), which is where most of Craig's -99 comes from."},
    {"luh-walker-paul",
     "[TML] (3.7)-(3.13) in standard-DH frames: 228n - 81 mul against TML's 108n - 12. 72n - 72 mul "
     "of it are the link constants (rbar_i, I_i and r*_i turned into frame {i}), recomputed on every "
     "call where TML precompute them; each link rotation R_{i-1}^i is formed from the model (12 mul) "
     "and applied densely; the cross products of (3.9)-(3.10) are written out, while TML's Table 8.4 "
     "assumes the consolidated A_i (footnote), and z qd, z qdd are multiplied as 3-vectors."},
    {"modified-newton-euler",
     "[TML] (7.1)-(7.6): 235n - 81 mul against TML's 90n - 27. The link constants (with K_i) cost "
     "82n - 72 mul per call; the trace moment Tr{A K (Q^gamma)^t} is read off the full product A K "
     "(27 mul; the general chain's K_i are not diagonal, and TML's 6n assumes they are), and the "
     "rotations are formed and applied densely as for luh-walker-paul."},
    {"lagrange",
     "The Uicker/Lewis 4x4 form (3.1) by [TML] Appendix's strategy: the same n^3 structure (every "
     "4x4 product counted as 64 mul, as TML do; multiplications by Q are row shuffles, not counted), "
     "(41/3)n^3 against TML's (27/2)n^3. The differences in the lower terms: armdyn forms the link "
     "transforms T_{i-1}^i from the model on every call, and evaluates the gravity term with all "
     "three rows of U_qi (any gravity direction; TML read one row because their gravity is along "
     "z_0). [Craig]'s 32n^4 + ... is the earlier, unoptimised Lagrangian (quoted from Hollerbach "
     "1980)."},
    {"recursive-lagrange",
     "Hollerbach's recursive Lagrange as corrected by [TML] (3.2)-(3.6): 392n - 18 mul against TML's "
     "226n. Like the table it propagates 3x3 matrices in the base frame (R_0^i, their first and "
     "second derivatives, D_i; 27 mul per product); in addition it forms each link's rotation and "
     "constants (r*_i, and the inertia moved to frame {i} for J_i: 117n + 9 mul in all) on "
     "every call, which Table 8.3 does not count."},
    {"gibbs-appell",
     "Horowitz-Tomizuka's Gibbs-Appell (3.14) with its literal sums over (q, j, k): O(n^4), "
     "14n^4 + ... mul. [TML] give no count (\"roughly the same computational complexity as the "
     "Lagrange set\")."},
    {"general-theorems",
     "[VP] §2.3, the method of general theorems: W and U formed in O(n^3). The book publishes no "
     "operation counts."},
    {"appel",
     "[VP] §2.9, Appel's equations: W = sum m Omega^T Omega + Gamma^T J Gamma in O(n^3). The book "
     "publishes no operation counts."},
    {"gauss",
     "[VP] §2.8, Gauss' principle: the inverse problem by a backward recursion over 4x4 matrices, "
     "O(n) (about 629 mul per link). The book publishes no operation counts."},
    {"configuration-space",
     "[Craig] (6.63): M by strobing the production RNEA (n passes, each with its own sines and "
     "cosines: the 2n^2 trig), B and C from the Christoffel symbols (O(n^3)), and G. Craig gives the "
     "form, not its cost."},
};

}  // namespace

std::string explanation(const std::string& algorithm) {
  for (const Note& note : kNotes)
    if (algorithm == note.algorithm) return note.text;
  return "";
}

}  // namespace armdyn::opcount
