// The ErrorCode a call throws, for tests that check which error an input gets. A call that
// throws nothing fails the test.
#pragma once

#include <catch2/catch.hpp>

#include "ringlab/error.hpp"

template <typename F>
ringlab::ErrorCode code_of(F&& f) {
  try {
    f();
  } catch (const ringlab::Error& e) {
    return e.code();
  }
  FAIL("no ringlab::Error thrown");
  return ringlab::ErrorCode::invalid_argument;  // not reached: FAIL throws
}
