#pragma once
// ARMDYN_INLINE marks the small spatial-algebra steps and recursion passes that the dynamics
// algorithms call once or twice per body. GCC's inliner leaves some of them as calls when one unit
// instantiates many algorithms (as the library's explicit instantiations do), and a call per body
// cost the arms' recursions up to a third of their time. Applies to every scalar.
#if defined(__GNUC__)
#define ARMDYN_INLINE [[gnu::always_inline]] inline
#else
#define ARMDYN_INLINE inline
#endif
