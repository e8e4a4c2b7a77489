// Files for the command line: kept out of cli.cpp so that a build that reads no files (the
// WebAssembly module, which has no file system) links none of stdio's file code.
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/cli.hpp"

namespace ringlab {

std::optional<std::string> read_file_system(const std::string& path) {
  // stdio rather than a stream: a read error (a directory, say) shows in ferror, where an
  // ifstream opens a directory and reads it as an empty file.
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return std::nullopt;
  std::string s;
  char buffer[1 << 16];
  std::size_t got;
  while ((got = std::fread(buffer, 1, sizeof buffer, f)) > 0) s.append(buffer, got);
  const bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) return std::nullopt;
  return s;
}

std::vector<std::string> split_key_lines(std::string_view text) {
  std::vector<std::string> keys;
  std::size_t from = 0;
  while (from < text.size()) {
    const std::size_t nl = text.find('\n', from);
    if (nl == std::string_view::npos) {
      keys.emplace_back(text.substr(from));
      break;
    }
    keys.emplace_back(text.substr(from, nl - from));
    from = nl + 1;
  }
  return keys;
}

}  // namespace ringlab
