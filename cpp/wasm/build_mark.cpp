// Which build of the main module this is, written by the compiler into a custom section of the
// .wasm ("ringlab_build": "scalar", or "simd128" where this file is compiled with -msimd128). The
// two builds are two complete links, each with its own glue (ringlab.js, ringlab-simd.js), and a
// glue must load only its own module; the loader (web/lib/src/core/loader.ts) reads the section
// (WebAssembly.Module.customSections) to pair whatever .wasm it is given, from a URL, as bytes or
// compiled, with its glue. wasm-ld keeps custom sections of the objects it links, and wasm-opt keeps
// the ones it does not know.
#if defined(__wasm_simd128__)
__asm__(".section .custom_section.ringlab_build,\"\",@\n.ascii \"simd128\"\n.text\n");
#else
__asm__(".section .custom_section.ringlab_build,\"\",@\n.ascii \"scalar\"\n.text\n");
#endif
