# armdyn: the two commands of the README on a fresh Debian bookworm machine.
#   make demo   install dependencies, build (Release, ./build), run the PUMA 560 demo
#   make test   install dependencies, build everything, run the whole test suite
#   make bench  build the benchmarks for this CPU (-march=native, ./build-bench) and run them
#   make clean  remove ./build and ./build-bench
# ./build is portable (ARMDYN_NATIVE=OFF): what it builds runs on any x86-64. Only the benchmark
# build is compiled for the building machine's CPU, in its own folder.
BUILD_DIR := build
BENCH_DIR := build-bench
JOBS := $(shell nproc)
ARMDYN := ./$(BUILD_DIR)/apps/cli/armdyn

.PHONY: all deps configure build demo test bench clean

all: build

deps:
	bash scripts/install-deps.sh

configure: deps
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release -DARMDYN_NATIVE=OFF

build: configure
	cmake --build $(BUILD_DIR) -j$(JOBS)

demo: configure
	cmake --build $(BUILD_DIR) -j$(JOBS) --target armdyn_cli
	$(ARMDYN) demo
	@mkdir -p $(BUILD_DIR)/demo
	@echo ""
	@echo "The PUMA 560 falling from its 'stretch' pose for 3 s (no torque, no friction; rk45):"
	$(ARMDYN) simulate puma560 --q0 stretch --duration 3 --integrator rk45 --rtol 1e-9 --atol 1e-9 \
	  --output-period 0.01 --out $(BUILD_DIR)/demo/puma560_fall.csv --plot $(BUILD_DIR)/demo/puma560_fall.png --summary
	@echo "  wrote $(BUILD_DIR)/demo/puma560_fall.csv and $(BUILD_DIR)/demo/puma560_fall.png"

test: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j2

bench: deps
	cmake -S . -B $(BENCH_DIR) -DCMAKE_BUILD_TYPE=Release -DARMDYN_NATIVE=ON -DARMDYN_BUILD_BENCH=ON \
	  -DARMDYN_BUILD_TESTS=OFF
	cmake --build $(BENCH_DIR) -j$(JOBS) --target armdyn_bench
	@found=0; for b in $(BENCH_DIR)/bench/*; do \
	  if [ -f "$$b" ] && [ -x "$$b" ]; then found=1; echo "== $$b"; "$$b" || exit 1; fi; \
	done; [ $$found = 1 ] || echo "no benchmarks in $(BENCH_DIR)/bench"

clean:
	rm -rf $(BUILD_DIR) $(BENCH_DIR)
