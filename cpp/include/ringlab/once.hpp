// RINGLAB_ONCE marks a function that runs once per call rather than once per key: an error's
// making, a report's text, the bindings' registrations. Clang optimizes such a function for size
// and inlines little into it, which keeps the WebAssembly modules that every page downloads
// small; the per-key code around it keeps its speed. It is the one way code is compiled for size:
// per function, every object is compiled at one level, so no object's copy of an inline
// function differs from another's and the order of the link does not matter.
#pragma once

#if defined(__clang__)
#define RINGLAB_ONCE [[clang::minsize]]
#else
#define RINGLAB_ONCE
#endif
