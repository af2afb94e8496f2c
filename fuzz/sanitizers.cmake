# The fuzz build (-DARMDYN_FUZZ=ON, clang only): everything compiled after this file - the armdyn
# library and the fuzz targets - gets AddressSanitizer, UndefinedBehaviorSanitizer (every report
# fatal) and libFuzzer's coverage instrumentation; the targets themselves link libFuzzer
# (fuzz/CMakeLists.txt).
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "ARMDYN_FUZZ needs clang and libFuzzer, e.g. -DCMAKE_CXX_COMPILER=clang++-14 "
                      "(Debian: clang-14 libclang-rt-14-dev; scripts/install-deps.sh --fuzz)")
endif()
add_compile_options(-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
                    -fsanitize=fuzzer-no-link)
add_link_options(-fsanitize=address,undefined)
