// Inputs the fuzz targets once failed on (tests/fuzz-regressions/), fed through the same input
// handling as the fuzzers (fuzz/*_input.hpp): each must be refused or read cleanly, never crash.
// A target's folder that is missing or empty fails its test, which would otherwise replay nothing.
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

TEST_CASE("fuzzing regressions: a missing or empty folder is an error, not a pass", "[fuzz]")
{
    test::TempDir dir;
    CHECK_THROWS_WITH(test::readFuzzRegressions(dir.path()), Catch::Contains("holds no input"));
    CHECK_THROWS_WITH(
        test::readFuzzRegressions(dir.path() / "missing"), Catch::Contains("no fuzzing regression folder"));
    test::writeBytes(dir.file("README.md"), "what the folder keeps\n"); // notes are not inputs
    CHECK_THROWS_WITH(test::readFuzzRegressions(dir.path()), Catch::Contains("holds no input"));
    test::writeBytes(dir.file("empty-input.txt"), ""); // an empty input is an input
    const auto inputs = test::readFuzzRegressions(dir.path());
    REQUIRE(inputs.size() == 1);
    CHECK(inputs[0].name == "empty-input.txt");
    CHECK(inputs[0].bytes.empty());
}

TEST_CASE("fuzzing regressions: every target keeps inputs", "[fuzz]")
{
    for (const char* target : { "profile", "json_import", "spec", "gate_rule", "tile_selection" }) {
        INFO(target);
        CHECK_NOTHROW(test::fuzzRegressions(target));
    }
}

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
    for (const auto& input : test::fuzzRegressions("tile_selection")) {
        INFO(input.name);
        CHECK(
            fuzz::tileSelectionInput(reinterpret_cast<const uint8_t*>(input.bytes.data()), input.bytes.size())
            == 0);
    }
}
