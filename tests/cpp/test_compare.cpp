// The comparison of every algorithm on one scenario (compare.hpp).
#include <catch2/catch.hpp>

#include <string>

#include "ringlab/compare.hpp"
#include "ringlab/error.hpp"

using ringlab::ChangeKind;
using ringlab::ComparisonRow;
using ringlab::Scenario;

namespace {

const ComparisonRow& row(const std::vector<ComparisonRow>& rows, const std::string& name) {
  for (const auto& r : rows)
    if (r.algorithm == name) return r;
  FAIL("no row " << name);
  return rows.front();
}

}  // namespace

TEST_CASE("adding an 11th server: consistent schemes move about 1/11, mod-N about 10/11", "[compare]") {
  Scenario sc;  // 10 servers, V = 100, 100,000 keys, add one
  const auto rows = ringlab::compare(sc);
  REQUIRE(rows.size() == 6);
  for (const char* name : {"ring", "rendezvous", "jump", "bounded"}) {
    INFO(name);
    const auto& r = row(rows, name);
    CHECK(r.supported);
    CHECK(r.moved == Approx(1.0 / 11).margin(0.02));
    CHECK(r.moved_between_old == (std::string(name) == "bounded" ? r.moved_between_old : 0.0));
    CHECK(r.moved_to_new == r.moved - r.moved_between_old);
  }
  CHECK(row(rows, "ring").moved_between_old == 0.0);
  CHECK(row(rows, "rendezvous").moved_between_old == 0.0);
  CHECK(row(rows, "jump").moved_between_old == 0.0);
  CHECK(row(rows, "maglev").moved == Approx(1.0 / 11).margin(0.02));
  CHECK(row(rows, "mod-n").moved == Approx(10.0 / 11).margin(0.02));
  for (const auto& r : rows) {
    CHECK(r.moved >= 0);
    CHECK(r.moved <= 1);
    CHECK(r.max_over_mean >= 1);
  }
}

TEST_CASE("removing a middle server: jump says it cannot - removing the last it can", "[compare]") {
  Scenario sc;
  sc.keys = 20000;
  sc.change = {ChangeKind::remove, u"S3", 1.0};
  auto rows = ringlab::compare(sc);
  CHECK_FALSE(row(rows, "jump").supported);
  CHECK_FALSE(row(rows, "jump").reason.empty());
  // Ring and rendezvous move exactly the removed server's keys: nothing between the others.
  CHECK(row(rows, "ring").moved == Approx(0.1).margin(0.03));
  CHECK(row(rows, "rendezvous").moved == Approx(0.1).margin(0.02));
  sc.change = {ChangeKind::fail, u"S9", 1.0};
  rows = ringlab::compare(sc);
  CHECK(row(rows, "jump").supported);
  CHECK(row(rows, "jump").moved == Approx(0.1).margin(0.02));
}

TEST_CASE("weights: jump and mod-N say so - the rest move keys only onto the heavier server", "[compare]") {
  Scenario sc;
  sc.keys = 20000;
  sc.change = {ChangeKind::weight, u"S2", 2.0};
  const auto rows = ringlab::compare(sc);
  CHECK_FALSE(row(rows, "jump").supported);
  CHECK_FALSE(row(rows, "mod-n").supported);
  CHECK(row(rows, "ring").moved > 0.05);
  CHECK(row(rows, "rendezvous").moved > 0.05);
}

TEST_CASE("an unknown server in the change is a named error", "[compare][errors]") {
  Scenario sc;
  sc.change = {ChangeKind::remove, u"nope", 1.0};
  try {
    (void)ringlab::compare(sc);
    FAIL("accepted");
  } catch (const ringlab::Error& e) {
    CHECK(e.code() == ringlab::ErrorCode::unknown_server);
  }
  sc.change = {ChangeKind::add, u"S1", 1.0};
  CHECK_THROWS_AS(ringlab::compare(sc), ringlab::Error);
}

TEST_CASE("JSON has the documented fields", "[compare]") {
  Scenario sc;
  sc.keys = 1000;
  const std::string json = ringlab::comparison_json(ringlab::compare(sc));
  for (const char* field : {"\"algorithm\"", "\"moved\"", "\"movedToNew\"", "\"movedBetweenOld\"", "\"maxOverMean\"",
                            "\"sdOverMean\"", "\"memoryBytes\"", "\"buildMs\"", "\"supported\""})
    CHECK(json.find(field) != std::string::npos);
}
