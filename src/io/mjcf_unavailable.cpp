// The MJCF reader of an armdyn built without libmujoco (ARMDYN_WITH_MJCF off): every MJCF file
// is refused with an InputError saying why.
#include "armdyn/core/error.hpp"
#include "armdyn/io/mjcf.hpp"

namespace armdyn {

namespace {

[[noreturn]] void refuse_mjcf(const std::string& path) {
  throw InputError(path + ": an MJCF model, and this armdyn was built without MuJoCo (libmujoco-dev), which reads MJCF");
}

}  // namespace

bool mjcf_available() { return false; }

Model load_mjcf(const std::string& path) { refuse_mjcf(path); }

drives::DriveSet mjcf_drives(const Model& model) { refuse_mjcf(model.source); }

}  // namespace armdyn
