#pragma once
// The definitions behind every tag of list.hpp, for any scalar: include this (instead of
// list.hpp) to run the formulations on a scalar other than double (OpCount, a dual number).
#include "armdyn/dynamics/crba_impl.hpp"
#include "armdyn/dynamics/formulations/gibbs_appell_impl.hpp"
#include "armdyn/dynamics/formulations/lagrange_impl.hpp"
#include "armdyn/dynamics/formulations/list.hpp"
#include "armdyn/dynamics/formulations/luh_walker_paul_impl.hpp"
#include "armdyn/dynamics/formulations/newton_euler_impl.hpp"
#include "armdyn/dynamics/formulations/recursive_lagrange_impl.hpp"
#include "armdyn/dynamics/formulations/vukobratovic/appel_impl.hpp"
#include "armdyn/dynamics/formulations/vukobratovic/gauss_impl.hpp"
#include "armdyn/dynamics/formulations/vukobratovic/general_theorems_impl.hpp"
#include "armdyn/dynamics/rnea_classical_impl.hpp"
#include "armdyn/dynamics/rnea_impl.hpp"
#include "armdyn/dynamics/terms_impl.hpp"
