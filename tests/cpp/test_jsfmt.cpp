// JavaScript's number formatting: toFixed, String(number), padStart/padEnd.
// Every expected string below is what Node prints for the same expression.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include "ringlab/jsfmt.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_jsfmt {

using ringlab::js::number_to_string;
using ringlab::js::pad_end;
using ringlab::js::pad_start;
using ringlab::js::to_fixed;

namespace {
const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();
}  // namespace

TEST_CASE("toFixed rounds exact ties up on the binary value", "[jsfmt]") {
  CHECK(to_fixed(0.25, 1) == "0.3");    // printf: 0.2
  CHECK(to_fixed(2.125, 2) == "2.13");  // printf: 2.12
  CHECK(to_fixed(0.5, 0) == "1");
  CHECK(to_fixed(1.5, 0) == "2");
  CHECK(to_fixed(2.5, 0) == "3");  // printf: 2
  CHECK(to_fixed(12.5, 0) == "13");
  CHECK(to_fixed(9.5, 0) == "10");
  CHECK(to_fixed(100.0 * 1 / 8, 1) == "12.5");
  // Negative ties round away from zero (the magnitude rounds up).
  CHECK(to_fixed(-1.5, 0) == "-2");
  CHECK(to_fixed(-2.5, 0) == "-3");
  CHECK(to_fixed(-0.5, 0) == "-1");
}

TEST_CASE("toFixed uses the exact binary value when it is not a tie", "[jsfmt]") {
  // These decimals are stored slightly below the written value.
  CHECK(to_fixed(1.005, 2) == "1.00");
  CHECK(to_fixed(0.15, 1) == "0.1");
  CHECK(to_fixed(0.35, 1) == "0.3");
  CHECK(to_fixed(1.45, 1) == "1.4");
  CHECK(to_fixed(4.35, 1) == "4.3");
  CHECK(to_fixed(10.235, 2) == "10.23");
  CHECK(to_fixed(1.255, 2) == "1.25");
  // ... and these slightly above.
  CHECK(to_fixed(0.05, 1) == "0.1");
  CHECK(to_fixed(8.345, 2) == "8.35");
  // Carries through every digit.
  CHECK(to_fixed(999.995, 2) == "1000.00");
  CHECK(to_fixed(99.95, 1) == "100.0");
}

TEST_CASE("toFixed of zeros signs and tiny values", "[jsfmt]") {
  CHECK(to_fixed(0.0, 0) == "0");
  CHECK(to_fixed(0.0, 2) == "0.00");
  CHECK(to_fixed(-0.0, 1) == "0.0");  // -0 prints without a sign
  CHECK(to_fixed(-0.0, 0) == "0");
  CHECK(to_fixed(-0.0001, 2) == "-0.00");  // a negative value keeps its sign
  CHECK(to_fixed(-0.0001, 0) == "-0");
  CHECK(to_fixed(1e-7, 3) == "0.000");
  CHECK(to_fixed(0.000001, 7) == "0.0000010");
  CHECK(to_fixed(5e-324, 2) == "0.00");
  CHECK(to_fixed(5e-324, 100) == "0." + std::string(100, '0'));
}

TEST_CASE("toFixed of NaN infinities and values of 1e21 or more", "[jsfmt]") {
  CHECK(to_fixed(kNaN, 0) == "NaN");
  CHECK(to_fixed(kNaN, 1) == "NaN");
  CHECK(to_fixed(kInf, 2) == "Infinity");
  CHECK(to_fixed(-kInf, 1) == "-Infinity");
  CHECK(to_fixed(1e21, 2) == "1e+21");
  CHECK(to_fixed(-1e21, 2) == "-1e+21");
  CHECK(to_fixed(1.7976931348623157e308, 2) == "1.7976931348623157e+308");
}

TEST_CASE("toFixed prints large values and many digits exactly", "[jsfmt]") {
  CHECK(to_fixed(1e20, 2) == "100000000000000000000.00");
  CHECK(to_fixed(999999999999999868928.0, 2) == "999999999999999868928.00");  // just below 1e21
  CHECK(to_fixed(123456789012345683968.0, 0) == "123456789012345683968");
  CHECK(to_fixed(9007199254740992.0, 0) == "9007199254740992");
  CHECK(to_fixed(9007199254740994.0, 1) == "9007199254740994.0");
  CHECK(to_fixed(123.456, 10) == "123.4560000000");
  CHECK(to_fixed(0.1, 20) == "0.10000000000000000555");
  CHECK(to_fixed(0.1 + 0.2, 17) == "0.30000000000000004");
  CHECK(to_fixed(1.0 / 3, 100) == "0.333333333333333314829616256247390992939472198486328125" + std::string(46, '0'));
}

TEST_CASE("String(number) integers and plain decimals", "[jsfmt]") {
  CHECK(number_to_string(0.0) == "0");
  CHECK(number_to_string(-0.0) == "0");
  CHECK(number_to_string(1) == "1");
  CHECK(number_to_string(-1) == "-1");
  CHECK(number_to_string(42) == "42");
  CHECK(number_to_string(100) == "100");
  CHECK(number_to_string(10000) == "10000");
  CHECK(number_to_string(9007199254740992.0) == "9007199254740992");
  CHECK(number_to_string(1e20) == "100000000000000000000");
  CHECK(number_to_string(123456789012345680000.0) == "123456789012345680000");
  CHECK(number_to_string(18446744073709551616.0) == "18446744073709552000");  // 2^64
  CHECK(number_to_string(999999999999999868928.0) == "999999999999999900000");
  CHECK(number_to_string(12.5) == "12.5");
  CHECK(number_to_string(0.1) == "0.1");
}

TEST_CASE("String(number) is the shortest round-trip decimal", "[jsfmt]") {
  CHECK(number_to_string(10000.0 / 3) == "3333.3333333333335");
  CHECK(number_to_string(0.1 + 0.2) == "0.30000000000000004");
  CHECK(number_to_string(1.0 / 3) == "0.3333333333333333");
  CHECK(number_to_string(2.0 / 3) == "0.6666666666666666");
  CHECK(number_to_string(-2.0 / 3) == "-0.6666666666666666");
  CHECK(number_to_string(25.0 / 3) == "8.333333333333334");
  CHECK(number_to_string(4294967295.0 / 4294967296.0) == "0.9999999997671694");
  CHECK(number_to_string(2711821766.0 / 4294967296.0) == "0.6313952072523534");
}

TEST_CASE("String(number) switches to exponent form at 1e21 and below 1e-6", "[jsfmt]") {
  CHECK(number_to_string(1e21) == "1e+21");
  CHECK(number_to_string(1.23e21) == "1.23e+21");
  CHECK(number_to_string(1e100) == "1e+100");
  CHECK(number_to_string(1e301) == "1e+301");
  CHECK(number_to_string(1.7976931348623157e308) == "1.7976931348623157e+308");
  CHECK(number_to_string(-1.7976931348623157e308) == "-1.7976931348623157e+308");
  CHECK(number_to_string(0.000001) == "0.000001");
  CHECK(number_to_string(0.0000015) == "0.0000015");
  CHECK(number_to_string(0.000001234) == "0.000001234");
  CHECK(number_to_string(1e-7) == "1e-7");
  CHECK(number_to_string(123e-20) == "1.23e-18");
  CHECK(number_to_string(1.2345e-100) == "1.2345e-100");
  CHECK(number_to_string(2.2250738585072014e-308) == "2.2250738585072014e-308");
  CHECK(number_to_string(5e-324) == "5e-324");
  CHECK(number_to_string(1.5e-323) == "1.5e-323");
}

TEST_CASE("String(number) of NaN and infinities", "[jsfmt]") {
  CHECK(number_to_string(kNaN) == "NaN");
  CHECK(number_to_string(kInf) == "Infinity");
  CHECK(number_to_string(-kInf) == "-Infinity");
}

TEST_CASE("String(number) round-trips for many values", "[jsfmt]") {
  // Whatever it prints must read back as the same double (shortest is checked above).
  double x = 1.0;
  for (int i = 0; i < 400; ++i) {
    x = x * 1.37 + 0.001 * i;
    for (double v : {x, 1.0 / x, -x}) {
      const std::string s = number_to_string(v);
      INFO(s);
      CHECK(std::strtod(s.c_str(), nullptr) == v);
    }
  }
}

TEST_CASE("padStart and padEnd pad with spaces and never truncate", "[jsfmt]") {
  CHECK(pad_start("42", 5) == "   42");
  CHECK(pad_end("42", 5) == "42   ");
  CHECK(pad_start("12345", 5) == "12345");
  CHECK(pad_end("12345", 5) == "12345");
  CHECK(pad_start("1234567", 3) == "1234567");
  CHECK(pad_end("1234567", 3) == "1234567");
  CHECK(pad_start("", 3) == "   ");
  CHECK(pad_end("", 0).empty());
  CHECK(pad_start("x", 0) == "x");
  CHECK(pad_start("8.4%", 8) == "    8.4%");
}

}  // namespace test_jsfmt
