// Catch2's implementation, compiled once for the three test programs, whose main.cpp files hold only
// main(). Under ASan it took as long to compile as a batch of tests, once per program.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "catch_session.hpp"

int popscope::test::runCatchSession(int argc, char** argv)
{
    return Catch::Session().run(argc, argv);
}
