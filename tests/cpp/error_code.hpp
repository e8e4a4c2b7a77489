// The error a call throws, for tests that check which error an input gets: its ErrorCode, or
// all of it as data. A call that throws nothing fails the test, but for refusal_of.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <vector>

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

// The error a call throws, as data: code, rule, parameter, message.
template <typename F>
std::vector<std::string> error_of(F&& f) {
  try {
    f();
  } catch (const ringlab::Error& e) {
    return {std::string(e.code_name()), e.rule().id, e.param(), e.what()};
  }
  FAIL("no ringlab::Error thrown");
  return {};  // not reached: FAIL throws
}

// What a call refused, as error_of gives it, or nothing when it refused nothing: for tests that
// hold two ways of doing the same to the same refusals (a batch and its operations one at a time).
template <typename F>
std::vector<std::string> refusal_of(F&& f) {
  try {
    f();
  } catch (const ringlab::Error& e) {
    return {std::string(e.code_name()), e.rule().id, e.param(), e.what()};
  }
  return {};
}
