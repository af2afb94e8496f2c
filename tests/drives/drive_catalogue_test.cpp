// The built-in PUMA 560 drives against their sources' numbers (docs/drives.md): gear ratios and
// rotor inertias of Armstrong, Khatib & Burdick (1986) as the Robotics Toolbox's mdl_puma560akb
// prints them; the motor-side friction of its mdl_puma560 (Corke & Armstrong-Helouvry 1994)
// carried to the joint side. The bare model's numbers stay as they are.
#include <gtest/gtest.h>

#include "armdyn/armdyn.hpp"
#include "armdyn/core/error.hpp"
#include "armdyn/drives/catalogue.hpp"
#include "armdyn/drives/drive_dynamics.hpp"

namespace armdyn::drives {
namespace drive_catalogue_test {

TEST(Puma560Drives, SourceNumbers) {
  const Model model = builtin_model("puma560").model;
  const DriveSet d = builtin_drives("puma560", model);
  ASSERT_EQ(d.size(), 6);
  const double G[] = {-62.6111, 107.815, -53.7063, 76.0364, 71.923, 76.686};
  const double Jm[] = {291e-6, 409e-6, 299e-6, 35e-6, 35e-6, 35e-6};
  for (int j = 0; j < 6; ++j) {
    EXPECT_EQ(d[j].gear_ratio, G[j]);
    EXPECT_EQ(d[j].rotor_inertia, Jm[j]);
    EXPECT_EQ(d[j].efficiency, 1.0);
  }
  // Joint 1: B_m = 1.48e-3, Tc_m = [0.395, -0.435] on the motor side.
  EXPECT_NEAR(d[0].viscous, 62.6111 * 62.6111 * 1.48e-3, 1e-12);
  EXPECT_NEAR(d[0].viscous, 5.80182, 1e-5);
  EXPECT_NEAR(d[0].coulomb_positive, 62.6111 * 0.395, 1e-12);
  EXPECT_NEAR(d[0].coulomb_negative, 62.6111 * 0.435, 1e-12);
  // Joint 2 (the toolbox's levels [0.126, -0.071], its sense opposite to AKB's): exchanged.
  EXPECT_NEAR(d[1].coulomb_positive, 107.815 * 0.071, 1e-12);
  EXPECT_NEAR(d[1].coulomb_negative, 107.815 * 0.126, 1e-12);
  // Joint 6: B_m = 36.7e-6, Tc_m = [3.96e-3, -10.5e-3].
  EXPECT_NEAR(d[5].viscous, 76.686 * 76.686 * 36.7e-6, 1e-15);
  EXPECT_NEAR(d[5].coulomb_negative, 76.686 * 10.5e-3, 1e-15);
  // Reflected inertias G^2 Jm in kg m^2.
  const double reflected[] = {1.14076, 4.75425, 0.862426, 0.202354, 0.181052, 0.205826};
  for (int j = 0; j < 6; ++j) EXPECT_NEAR(d[j].reflected_inertia(), reflected[j], 5e-6) << j;
}

TEST(Puma560Drives, WristInertiaOfTheBareModelAndWithDrives) {
  const Model model = builtin_model("puma560").model;
  Data data(model);
  const VecX<double> q = VecX<double>::Zero(6);
  const double bare = crba(model, data, q)(5, 5);
  EXPECT_NEAR(bare, 4e-5, 1e-12);  // the bare model's M66 stays AKB's Izz6
  const DriveSet d = builtin_drives("puma560", model);
  EXPECT_NEAR(drive_mass_matrix(model, d, data, q)(5, 5), 4e-5 + 76.686 * 76.686 * 35e-6, 1e-12);
}

TEST(Puma560Drives, OtherModelsAndNamesRefused) {
  EXPECT_TRUE(is_builtin_drives("puma560"));
  EXPECT_FALSE(is_builtin_drives("stanford"));
  EXPECT_THROW(builtin_drives("puma560", builtin_model("stanford").model), InputError);
  EXPECT_THROW(builtin_drives("nope", builtin_model("puma560").model), InputError);
}

}  // namespace drive_catalogue_test
}  // namespace armdyn::drives
