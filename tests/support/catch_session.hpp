#pragma once
// Runs the test cases the command line selects (Catch::Session, which only the one file that holds
// Catch's implementation can name: tests/support/catch_implementation.cpp).

namespace popscope::test {

int runCatchSession(int argc, char** argv);

} // namespace popscope::test
