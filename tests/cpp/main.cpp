// The suite's entry point: Catch2 provides main().
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
