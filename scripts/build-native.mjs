// Configures and builds the native library, CLI (build/ringlab) and C++ tests with CMake.
import { isMain, main, run } from "./lib/proc.mjs";

export function buildNative() {
  run("cmake", ["-S", ".", "-B", "build", "-DCMAKE_BUILD_TYPE=Release"]);
  run("cmake", ["--build", "build", "--parallel", "2"]);
}

if (isMain(import.meta.url)) main(buildNative);
