# Debian's mujocoConfig (2.2.2) lists /usr/include/libqhull_r/ in mujoco::mujoco's include dirs,
# which only exists with libqhull-dev installed; CMake refuses non-existent include dirs of
# imported targets, and MuJoCo's public headers don't need qhull. Drop the missing entries.
if(TARGET mujoco::mujoco)
  get_target_property(_armdyn_mj_inc mujoco::mujoco INTERFACE_INCLUDE_DIRECTORIES)
  if(_armdyn_mj_inc)
    set(_armdyn_mj_inc_ok "")
    foreach(_dir IN LISTS _armdyn_mj_inc)
      if(EXISTS "${_dir}")
        list(APPEND _armdyn_mj_inc_ok "${_dir}")
      endif()
    endforeach()
    set_property(TARGET mujoco::mujoco PROPERTY INTERFACE_INCLUDE_DIRECTORIES "${_armdyn_mj_inc_ok}")
  endif()
endif()
