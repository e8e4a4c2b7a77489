// Configures and builds the native library, CLI (build/ringlab) and C++ tests with CMake
// (the `native` preset in CMakePresets.json).
import { isMain, main, run } from "./lib/proc.mjs";

export function buildNative() {
  run("cmake", ["--preset", "native"]);
  run("cmake", ["--build", "--preset", "native"]);
}

if (isMain(import.meta.url)) main(buildNative);
