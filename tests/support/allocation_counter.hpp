#pragma once
// Counts every heap allocation of the test binary that includes this header (in exactly one
// translation unit: it replaces the global operator new and delete). allocations_during(fn) is
// the number of operator new calls fn made.
#include <atomic>
#include <cstdlib>
#include <functional>
#include <new>

namespace armdyn::test {
inline std::atomic<long> g_allocations{0};

inline long allocations_during(const std::function<void()>& fn) {
  const long before = g_allocations.load();
  fn();
  return g_allocations.load() - before;
}
}  // namespace armdyn::test

// Never inlined: where GCC 12 sees this operator new's std::malloc and a delete, or std::free and
// a new, at one call site, it warns -Wmismatched-new-delete although the pair matches.
[[gnu::noinline]] void* operator new(std::size_t size) {
  armdyn::test::g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
[[gnu::noinline]] void operator delete(void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, std::size_t) noexcept { std::free(p); }
