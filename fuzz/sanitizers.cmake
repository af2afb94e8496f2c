# The sanitizer build (-DARMDYN_FUZZ=ON, clang only; `make test-sanitize` and `make fuzz` share it
# in ./build-sanitize): everything compiled after this file - the library, the CLI, the tests,
# the examples and the fuzz targets - gets AddressSanitizer and UndefinedBehaviorSanitizer with
# every report fatal, at -O1 with line tables (-g1: all that the sanitizers' stack traces need,
# built faster and smaller than with a full -g). The library and the fuzz targets also get
# libFuzzer's coverage instrumentation (src/CMakeLists.txt, fuzz/CMakeLists.txt); only the fuzz
# targets link libFuzzer itself, so that the tests run their own main().
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "ARMDYN_FUZZ needs clang and libFuzzer, e.g. -DCMAKE_CXX_COMPILER=clang++-14 "
                      "(Debian: clang-14 libclang-rt-14-dev; scripts/install-deps.sh --fuzz)")
endif()
add_compile_options(-O1 -g1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all)
add_link_options(-fsanitize=address,undefined)
# LLVM's linker (lld-14, installed with clang by scripts/install-deps.sh --fuzz) links the
# sanitized executables about four times faster than the system's ld.
find_program(ARMDYN_LLD NAMES ld.lld-14 ld.lld)
if(ARMDYN_LLD)
  add_link_options(--ld-path=${ARMDYN_LLD})
endif()
set(ARMDYN_FUZZ_COVERAGE -fsanitize=fuzzer-no-link)
