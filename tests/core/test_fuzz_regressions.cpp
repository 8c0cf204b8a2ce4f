// Inputs the fuzz targets once failed on (tests/fuzz-regressions/), fed through the same input
// handling as the fuzzers (fuzz/*_input.hpp): each must be refused or read cleanly, never crash.
#include "fixture_builder.hpp"
#include "fuzz_regressions.hpp"
#include "gate_rule_input.hpp"
#include "json_import_input.hpp"
#include "profile_input.hpp"
#include "tile_selection_input.hpp"

#include "popscope/gate_rule.hpp"
#include "popscope/json_interchange.hpp"
#include "popscope/profile.hpp"

#include <catch2/catch.hpp>

using namespace popscope;

TEST_CASE("fuzzing regressions: damaged profiles are refused with ProfileError", "[fuzz]")
{
    for (const auto& input : test::fuzzRegressions("profile")) {
        INFO(input.name);
        const auto* bytes = reinterpret_cast<const uint8_t*>(input.bytes.data());
        CHECK(fuzz::profileInput(bytes, input.bytes.size()) == 0);
        // What `popscope-cli check` does: a clean ProfileError, nothing else.
        test::TempDir dir;
        const std::string path = dir.file("regression.pop");
        test::writeBytes(path, input.bytes);
        CHECK_THROWS_AS(Profile::open(path)->readDocument(), ProfileError);
    }
}

TEST_CASE("fuzzing regressions: the JSON importer refuses cleanly", "[fuzz]")
{
    for (const auto& input : test::fuzzRegressions("json_import")) {
        INFO(input.name);
        CHECK(fuzz::jsonImportInput(reinterpret_cast<const uint8_t*>(input.bytes.data()), input.bytes.size())
            == 0);
        // What `popscope-cli import` does: a clean ProfileError naming the file.
        CHECK_THROWS_AS(documentFromJson(input.bytes, input.name), ProfileError);
    }
}

TEST_CASE("fuzzing regressions: gate rules parse or are refused cleanly", "[fuzz]")
{
    for (const auto& input : test::fuzzRegressions("gate_rule")) {
        INFO(input.name);
        CHECK(fuzz::gateRuleInput(reinterpret_cast<const uint8_t*>(input.bytes.data()), input.bytes.size())
            == 0);
    }
}

TEST_CASE("fuzzing regressions: tile selections parse or are refused cleanly", "[fuzz]")
{
    const auto inputs = test::fuzzRegressions("tile_selection");
    REQUIRE_FALSE(inputs.empty());
    for (const auto& input : inputs) {
        INFO(input.name);
        CHECK(
            fuzz::tileSelectionInput(reinterpret_cast<const uint8_t*>(input.bytes.data()), input.bytes.size())
            == 0);
    }
}
