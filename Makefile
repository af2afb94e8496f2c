# armdyn: the two commands of the README on a fresh Debian bookworm machine.
#   make demo   install dependencies, build (Release, ./build), run the PUMA 560 demo
#   make test   install dependencies, build everything, run the whole test suite
#   make bench  build, then run the benchmarks in build/bench
#   make clean  remove ./build
BUILD_DIR := build
JOBS := $(shell nproc)
ARMDYN := ./$(BUILD_DIR)/apps/cli/armdyn

.PHONY: all deps configure build demo test bench clean

all: build

deps:
	bash scripts/install-deps.sh

configure: deps
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release

build: configure
	cmake --build $(BUILD_DIR) -j$(JOBS)

demo: configure
	cmake --build $(BUILD_DIR) -j$(JOBS) --target armdyn_cli
	$(ARMDYN) demo

test: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j2

bench: build
	@found=0; for b in $(BUILD_DIR)/bench/*; do \
	  if [ -f "$$b" ] && [ -x "$$b" ]; then found=1; echo "== $$b"; "$$b" || exit 1; fi; \
	done; [ $$found = 1 ] || echo "no benchmarks in $(BUILD_DIR)/bench (they are built in Release only)"

clean:
	rm -rf $(BUILD_DIR)
