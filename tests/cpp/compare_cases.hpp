// What the compare tests share: a scenario of the course's servers, and its rows as bytes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ringlab/compare.hpp"
#include "ringlab/params.hpp"

namespace compare_cases {

// The rows as bytes, without the build times (wall clock, different on every run).
inline std::string rows_text(std::vector<ringlab::ComparisonRow> rows) {
  for (auto& r : rows) r.build_ms = 0;
  return ringlab::comparison_json(rows) + ringlab::comparison_table(rows);
}

// S0 .. S{servers-1} with 40 vnodes each, `keys` keys, one change.
inline ringlab::Scenario scenario(std::int64_t servers, std::int64_t keys, const char16_t* change) {
  ringlab::Scenario sc;
  sc.servers = ringlab::compare_servers(servers);
  sc.keys = keys;
  sc.vnodes = 40;
  sc.change = ringlab::parse_change(change);
  return sc;
}

}  // namespace compare_cases
