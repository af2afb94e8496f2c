# armdyn: the two commands of the README on a fresh Debian bookworm machine.
#   make demo   install dependencies, build (Release, ./build), run the PUMA 560 demo
#   make test   install dependencies, build everything, run the whole test suite
#   make bench  build the benchmarks for this CPU (-march=native, ./build-bench) and run them
#   make clean  remove the build folders
#   make test-sanitize  the test suite built with AddressSanitizer + UndefinedBehaviorSanitizer
#                       (clang-14, ./build-sanitize, -O1), run with leak detection and halt on any report
#   make fuzz [FUZZ_SECONDS=60] [FUZZ_JOBS=N]  the libFuzzer targets of fuzz/ (the same
#                       ./build-sanitize), each run for FUZZ_SECONDS over its corpus, one per CPU
#                       at a time (or N); crashes go to build-sanitize/findings/
# ./build is portable (ARMDYN_NATIVE=OFF): what it builds runs on any x86-64. Only the benchmark
# build is compiled for the building machine's CPU, in its own folder.
BUILD_DIR := build
BENCH_DIR := build-bench
JOBS := $(shell nproc)
ARMDYN := ./$(BUILD_DIR)/apps/cli/armdyn

.PHONY: all deps configure build demo test bench clean test-sanitize fuzz-deps fuzz-build fuzz

all: build

deps:
	bash scripts/install-deps.sh

configure: deps
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release -DARMDYN_NATIVE=OFF -DARMDYN_WITH_VIEWER=ON

build: configure
	cmake --build $(BUILD_DIR) -j$(JOBS)

demo: configure
	cmake --build $(BUILD_DIR) -j$(JOBS) --target armdyn_cli
	$(ARMDYN) demo
	@mkdir -p $(BUILD_DIR)/demo
	@echo ""
	@echo "The PUMA 560 falling from its 'stretch' pose for 3 s (no torque; its drives' rotor inertia and friction; rk45):"
	$(ARMDYN) simulate puma560 --q0 stretch --duration 3 --integrator rk45 --rtol 1e-9 --atol 1e-9 --actuators puma560 \
	  --output-period 0.01 --out $(BUILD_DIR)/demo/puma560_fall.csv --plot $(BUILD_DIR)/demo/puma560_fall.png --summary
	@echo "  wrote $(BUILD_DIR)/demo/puma560_fall.csv and $(BUILD_DIR)/demo/puma560_fall.png"

test: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j2

bench: deps
	cmake -S . -B $(BENCH_DIR) -DCMAKE_BUILD_TYPE=Release -DARMDYN_NATIVE=ON -DARMDYN_BUILD_BENCH=ON \
	  -DARMDYN_BUILD_TESTS=OFF
	cmake --build $(BENCH_DIR) -j$(JOBS) --target armdyn_bench armdyn_bench_long_runs
	@found=0; for b in $(BENCH_DIR)/bench/*; do \
	  if [ -f "$$b" ] && [ -x "$$b" ]; then found=1; echo "== $$b"; "$$b" || exit 1; fi; \
	done; [ $$found = 1 ] || echo "no benchmarks in $(BENCH_DIR)/bench"

# ccache when installed (the sanitizer and fuzz builds are full builds of their own).
LAUNCHER := $(if $(shell command -v ccache 2>/dev/null),-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

SANITIZE_DIR := build-sanitize
# One clang build serves both the sanitized test suite and the fuzz targets (fuzz/sanitizers.cmake:
# AddressSanitizer + UndefinedBehaviorSanitizer, -O1 -g1, every report fatal).
SANITIZE_CONFIGURE := cmake -S . -B $(SANITIZE_DIR) -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_COMPILER=clang++-14 \
  -DARMDYN_FUZZ=ON -DARMDYN_BUILD_BENCH=OFF -DARMDYN_WITH_VIEWER=ON $(LAUNCHER)
# Tests left out under the sanitizers (the allocation-counting tests run: their replaced
# operator new calls malloc, which AddressSanitizer checks as any other):
#   Eval.*Over*Memory*, Eval.*Gigabytes  run the CLI with its address space capped (RLIMIT_AS,
#                       1.5 GB): AddressSanitizer reserves terabytes of shadow address space at start
#   packaging_consumer  installs the library and builds a consumer without the sanitizer runtime
#   docs_generated_up_to_date  the generated docs are the Release build's output: traced operation
#                       graphs (docs/parallelism.md) depend on the compiler's order of evaluation
#   StudySearch.*, Design.OptimizeWritesTheSearchPath  end-to-end design searches (hundreds of
#                       candidate arms each, 10 minutes under the sanitizers) over the code that the
#                       study, design and fuzz_study tests already run
#   view_browser_test, Simulate.ProgressLineOnlyWhenStderrIsATerminal  Chromium's time and a
#                       five-second simulation watched through a terminal; view_scene_test checks the page
#   the long numerical runs (20-45 s each under the sanitizers: many states, long simulations,
#                       ten-percent-wrong inputs, an interrupted design run) whose code the shorter
#                       tests of the same files run: DynamicsBatch.EqualsTheLoopBitForBit,
#                       Controllers.PdPlusGravitySettles, Design.AnInterruptedRunKeepsThePreviousResults,
#                       HydraulicRoundTrip.TenPercentWrongValveCurrentsAreSeen,
#                       Simulate.EveryIntegratorAndRouteAgreeOnAShortRun,
#                       OptimalTiming.RespectsTheVoltageBound, SymbolicNumeric.RandomDhChainsMatch
SANITIZE_EXCLUDE := ^Eval\.RefusesARequestOverMaxMemoryBeforeAllocating$$|^Eval\.SixHundredJoints.*Gigabytes$$|^packaging_consumer$$|^docs_generated_up_to_date$$|^StudySearch\.|^Design\.OptimizeWritesTheSearchPath$$|^view_browser_test$$|^Simulate\.ProgressLineOnlyWhenStderrIsATerminal$$|^DynamicsBatch\.EqualsTheLoopBitForBit$$|^Controllers\.PdPlusGravitySettles$$|^Design\.AnInterruptedRunKeepsThePreviousResults$$|^HydraulicRoundTrip\.TenPercentWrongValveCurrentsAreSeen$$|^Simulate\.EveryIntegratorAndRouteAgreeOnAShortRun$$|^OptimalTiming\.RespectsTheVoltageBound$$|^SymbolicNumeric\.RandomDhChainsMatch$$

# The sanitizers' options also while building: the build runs the test executables to list
# their tests (gtest_discover_tests), and CLN's one-time allocation must be suppressed there too.
SANITIZE_ENV := UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
  LSAN_OPTIONS=suppressions=$(CURDIR)/.ci/lsan-suppressions.txt:print_suppressions=0

test-sanitize: fuzz-deps
	$(SANITIZE_CONFIGURE)
	$(SANITIZE_ENV) cmake --build $(SANITIZE_DIR) -j$(JOBS)
	$(SANITIZE_ENV) ctest --test-dir $(SANITIZE_DIR) --output-on-failure -j2 -E '$(SANITIZE_EXCLUDE)'

FUZZ_SECONDS := 60
FUZZ_TARGETS := fuzz_urdf fuzz_dh_json fuzz_states fuzz_actuators fuzz_task fuzz_segments fuzz_study fuzz_torque_csv fuzz_trajectory_csv fuzz_constraint fuzz_mesh fuzz_view_page

fuzz-deps:
	bash scripts/install-deps.sh --fuzz

fuzz-build: fuzz-deps
	$(SANITIZE_CONFIGURE)
	$(SANITIZE_ENV) cmake --build $(SANITIZE_DIR) -j$(JOBS) --target $(FUZZ_TARGETS)

fuzz: fuzz-build
	bash fuzz/run.sh $(SANITIZE_DIR) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

clean:
	rm -rf $(BUILD_DIR) $(BENCH_DIR) $(SANITIZE_DIR)
