// Simulation specs the fuzz_spec target once failed on (tests/fuzz-regressions/spec/), fed through
// the same input handling (fuzz/spec_input.hpp): each must be refused or handled cleanly.
#include "fuzz_regressions.hpp"
#include "spec_input.hpp"

#include <catch2/catch.hpp>

TEST_CASE("fuzzing regressions: simulation specs are refused cleanly", "[fuzz]")
{
    for (const auto& input : popscope::test::fuzzRegressions("spec")) {
        INFO(input.name);
        CHECK(popscope::fuzz::specInput(
                  reinterpret_cast<const uint8_t*>(input.bytes.data()), input.bytes.size())
            == 0);
        // What `popscope-cli simulate` does first: a clean ProfileError naming the file.
        CHECK_THROWS_AS(popscope::sim::parseSpecJson(input.bytes, input.name), popscope::ProfileError);
    }
}
