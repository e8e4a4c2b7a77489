#include "names.hpp"

#include <algorithm>
#include <numeric>
#include <string>

#include "ringlab/error.hpp"
#include "ringlab/params.hpp"

namespace ringlab::names {

void check(std::u16string_view name, const char* what) {
  if (name.empty()) throw Error(ErrorCode::invalid_argument, rule::emptyName, "", {what});
  if (name.size() > kMaxNameLength)
    throw Error(ErrorCode::limit_exceeded, rule::nameTooLong, "", {what, kMaxNameLength});
}

std::optional<std::u16string_view> first_duplicate(std::vector<std::u16string_view> names) {
  std::sort(names.begin(), names.end());
  const auto dup = std::adjacent_find(names.begin(), names.end());
  if (dup == names.end()) return std::nullopt;
  return *dup;
}

std::vector<std::uint32_t> order(const std::vector<Backend>& backends) {
  std::vector<std::uint32_t> out(backends.size());
  std::iota(out.begin(), out.end(), 0u);
  std::sort(out.begin(), out.end(),
            [&](std::uint32_t a, std::uint32_t b) { return backends[a].name < backends[b].name; });
  return out;
}

}  // namespace ringlab::names
