# The generated code of bench_codegen.cpp: `armdyn codegen` writes it into the build tree at build
# time (included from bench/CMakeLists.txt; needs the CLI).
if(TARGET armdyn_cli)
  set(ARMDYN_BENCH_GEN_DIR ${CMAKE_CURRENT_BINARY_DIR}/generated)
  set(ARMDYN_BENCH_GEN_MODELS
    puma560 puma560
    ur5 ${PROJECT_SOURCE_DIR}/tests/data/models/ur5.urdf
    panda ${PROJECT_SOURCE_DIR}/tests/data/models/panda.urdf)
  foreach(k RANGE 0 4 2)
    math(EXPR k1 "${k} + 1")
    list(GET ARMDYN_BENCH_GEN_MODELS ${k} name)
    list(GET ARMDYN_BENCH_GEN_MODELS ${k1} model)
    set(model_file)
    if(EXISTS ${model})
      set(model_file ${model})
    endif()
    add_custom_command(
      OUTPUT ${ARMDYN_BENCH_GEN_DIR}/bench_gen_${name}.cpp ${ARMDYN_BENCH_GEN_DIR}/bench_gen_${name}.h
      COMMAND armdyn_cli codegen ${model} --out ${ARMDYN_BENCH_GEN_DIR} --prefix bench_gen_${name}
        --algorithms rnea,mass_matrix
      DEPENDS armdyn_cli ${model_file}
      COMMENT "armdyn codegen ${model} -> bench_gen_${name}.cpp"
      VERBATIM)
    target_sources(armdyn_bench PRIVATE ${ARMDYN_BENCH_GEN_DIR}/bench_gen_${name}.cpp)
  endforeach()
  target_sources(armdyn_bench PRIVATE bench_codegen.cpp)
  target_include_directories(armdyn_bench PRIVATE ${ARMDYN_BENCH_GEN_DIR})
endif()
