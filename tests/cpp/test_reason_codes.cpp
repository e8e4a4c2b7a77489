// Why a row of compare is not supported, as data: the codes of the core's one table
// (ringlab::ReasonCode), each given by some scenario, the English reason written from the code,
// and each code worded by both of the pages' catalogues (web/widgets/i18n/en.ts and bn.ts), which
// format a reason by its code alone.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "golden.hpp"
#include "ringlab/compare.hpp"
#include "ringlab/compare_newer.hpp"

namespace test_reason_codes {

using ringlab::ChangeKind;
using ringlab::ComparisonRow;
using ringlab::ReasonCode;
using ringlab::Scenario;

namespace {

Scenario scenario_of(std::vector<ringlab::Server> servers, ringlab::Change change) {
  Scenario sc;
  sc.servers = std::move(servers);
  sc.keys = 500;
  sc.change = std::move(change);
  return sc;
}

// The scenarios that reach every reason: weights that differ (before or after the change), a
// server other than the last removed or failed, and the changes every row can answer.
std::vector<Scenario> scenarios() {
  std::vector<ringlab::Server> weighted = ringlab::compare_servers(4);
  weighted[1].weight = 2.0;
  return {
      scenario_of(ringlab::compare_servers(6), {ChangeKind::add, u"", 1.0}),
      scenario_of(ringlab::compare_servers(6), {ChangeKind::remove, u"S5", 1.0}),
      scenario_of(ringlab::compare_servers(6), {ChangeKind::remove, u"S2", 1.0}),
      scenario_of(ringlab::compare_servers(6), {ChangeKind::fail, u"S0", 1.0}),
      scenario_of(ringlab::compare_servers(6), {ChangeKind::weight, u"S3", 2.0}),
      scenario_of(weighted, {ChangeKind::add, u"", 1.0}),
  };
}

// Every row of compare and compare --newer all for a scenario.
std::vector<ComparisonRow> all_rows(const Scenario& sc) {
  std::vector<ComparisonRow> rows = ringlab::compare(sc);
  const std::vector<std::string_view> newer = ringlab::newer_compare_algorithms();
  for (ComparisonRow& r : ringlab::compare_newer(sc, newer)) rows.push_back(std::move(r));
  return rows;
}

// The entries of a catalogue's reasonByCode: its lines "CODE: (" up to the object's end.
std::set<std::string> catalogue_codes(std::string_view file) {
  const std::string text = golden::read_file(std::string("../../web/widgets/i18n/") + std::string(file));
  const std::size_t from = text.find("reasonByCode: {");
  REQUIRE(from != std::string::npos);
  const std::size_t to = text.find("\n    }", from);
  REQUIRE(to != std::string::npos);
  std::set<std::string> codes;
  std::size_t at = from;
  while ((at = text.find("\n      ", at)) != std::string::npos && at < to) {
    at += 7;
    const std::size_t colon = text.find(": (", at);
    if (colon != std::string::npos && colon < text.find('\n', at)) codes.insert(text.substr(at, colon - at));
  }
  return codes;
}

}  // namespace

TEST_CASE("reason codes: one spelling each, none for a supported row", "[compare][reasons]") {
  CHECK(ringlab::reason_code_name(ReasonCode::none).empty());
  std::set<std::string_view> spelled;
  for (const ReasonCode code : ringlab::kReasonCodes) {
    const std::string_view name = ringlab::reason_code_name(code);
    INFO(name);
    CHECK(code != ReasonCode::none);
    CHECK_FALSE(name.empty());
    // The JSON's and the package's spelling: lower case words joined by underscores.
    CHECK(std::all_of(name.begin(), name.end(), [](char c) { return (c >= 'a' && c <= 'z') || c == '_'; }));
    CHECK(spelled.insert(name).second);
  }
  CHECK(ringlab::reason_code_name(ReasonCode::no_weights) == "no_weights");
  CHECK(ringlab::reason_code_name(ReasonCode::last_bucket_only) == "last_bucket_only");
}

TEST_CASE("reason codes: every code is given by some row, and every row's code is one of them", "[compare][reasons]") {
  std::set<ReasonCode> given;
  for (const Scenario& sc : scenarios()) {
    for (const ComparisonRow& r : all_rows(sc)) {
      INFO(r.algorithm << ": " << r.reason);
      CHECK(r.supported == (r.reason_code == ReasonCode::none));
      if (r.supported) {
        CHECK(r.reason.empty());
        continue;
      }
      const auto& codes = ringlab::kReasonCodes;
      CHECK(std::find(std::begin(codes), std::end(codes), r.reason_code) != std::end(codes));
      given.insert(r.reason_code);
      // The English text the CLI prints, as it always was: the row's subject and the code's phrase.
      const std::string subject = r.algorithm == "mod-n" ? "mod-N" : r.algorithm;
      if (r.reason_code == ReasonCode::no_weights) CHECK(r.reason == subject + " has no weights");
      else CHECK(r.reason == subject + " can only remove the last bucket");
    }
  }
  CHECK(given == std::set<ReasonCode>(std::begin(ringlab::kReasonCodes), std::end(ringlab::kReasonCodes)));
}

TEST_CASE("reason codes: the JSON carries the code after the English reason", "[compare][reasons]") {
  const Scenario sc = scenario_of(ringlab::compare_servers(6), {ChangeKind::remove, u"S2", 1.0});
  const std::string json = ringlab::comparison_json(ringlab::compare(sc));
  CHECK(json.find(
            R"("supported":false,"reason":"jump can only remove the last bucket","reasonCode":"last_bucket_only"})") !=
        std::string::npos);
  // The table prints the English reason alone.
  const std::string table = ringlab::comparison_table(ringlab::compare(sc));
  CHECK(table.find("jump          not supported: jump can only remove the last bucket\n") != std::string::npos);
  CHECK(table.find("last_bucket_only") == std::string::npos);
}

TEST_CASE("reason codes: both catalogues word every code the core can give", "[compare][reasons]") {
  std::set<std::string> want;
  for (const ReasonCode code : ringlab::kReasonCodes) want.insert(std::string(ringlab::reason_code_name(code)));
  for (const std::string_view file : {"en.ts", "bn.ts"}) {
    INFO(file);
    CHECK(catalogue_codes(file) == want);
  }
}

}  // namespace test_reason_codes
