#include "fixture_builder.hpp"
#include "popscope/json_interchange.hpp"
#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"

#include <catch2/catch.hpp>

using namespace popscope;
using popscope::test::TempDir;

TEST_CASE("the fixture is a valid document", "[writer]")
{
    CHECK(validateDocument(test::makeDocument()) == "");
}

TEST_CASE("writer then reader gives back the same document", "[writer][reader]")
{
    TempDir dir;
    const ProfileDocument doc = test::makeDocument();
    const auto stats = writeProfile(doc, dir.file("fixture.pop"));
    CHECK(stats.rows > 100);
    CHECK(stats.bytes % 4096 == 0);

    auto profile = Profile::open(dir.file("fixture.pop"));
    CHECK(profile->formatMajor() == kFormatMajor);
    CHECK(profile->target() == doc.target);
    CHECK(profile->info() == doc.info);
    const ProfileDocument back = profile->readDocument();
    // Part by part first, so a failure names the part.
    CHECK(back.physicalTileIds == doc.physicalTileIds);
    CHECK(back.ioTiles == doc.ioTiles);
    CHECK(back.memory == doc.memory);
    CHECK(back.gaps == doc.gaps);
    CHECK(back.liveness == doc.liveness);
    CHECK(back.variables == doc.variables);
    CHECK(back.vertexTypes == doc.vertexTypes);
    CHECK(back.computeSets == doc.computeSets);
    CHECK(back.exchanges == doc.exchanges);
    CHECK(back.programs == doc.programs);
    CHECK(back.controlPrograms == doc.controlPrograms);
    CHECK(back.functions == doc.functions);
    CHECK(back.livenessSteps == doc.livenessSteps);
    CHECK(back.tileLiveness == doc.tileLiveness);
    CHECK(back.runs == doc.runs);
    CHECK(back.steps == doc.steps);
    CHECK(back.debugContexts == doc.debugContexts);
    CHECK(back.operations == doc.operations);
    CHECK(back == doc);
}

TEST_CASE("an empty profile (target only) round-trips", "[writer][reader]")
{
    TempDir dir;
    ProfileDocument doc;
    doc.target.numIpus = 1;
    doc.target.ipusPerReplica = 1;
    writeProfile(doc, dir.file("empty.pop"));
    CHECK(Profile::open(dir.file("empty.pop"))->readDocument() == doc);
}

TEST_CASE("tables of none, exactly, fewer and more rows than one INSERT of the writer carries round-trip",
    "[writer][reader]")
{
    TempDir dir;
    // variables: 0, 32 (one full INSERT), 31 and 65 rows; vars_info holds about twice as many.
    const uint32_t variableCounts[] = { 0, 32, 31, 65 };
    for (uint32_t variables : variableCounts) {
        test::FixtureOptions options;
        options.numVariables = variables;
        const ProfileDocument doc = test::makeDocument(options);
        const std::string path = dir.file("rows-" + std::to_string(variables) + ".pop");
        writeProfile(doc, path);
        CHECK(Profile::open(path)->readDocument().variables == doc.variables);
    }
}

TEST_CASE("the writer is deterministic: same document, same bytes", "[writer]")
{
    TempDir dir;
    const ProfileDocument doc = test::makeDocument();
    writeProfile(doc, dir.file("a.pop"));
    writeProfile(doc, dir.file("b.pop"));
    CHECK(test::readBytes(dir.file("a.pop")) == test::readBytes(dir.file("b.pop")));
}

TEST_CASE("the writer replaces an existing file atomically and leaves no temporary", "[writer]")
{
    TempDir dir;
    test::writeBytes(dir.file("out.pop"), "old contents");
    writeProfile(test::makeDocument(), dir.file("out.pop"));
    CHECK(Profile::open(dir.file("out.pop"))->target().numIpus == 2);
    size_t files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
        (void)entry;
        ++files;
    }
    CHECK(files == 1);
}

TEST_CASE("the writer refuses an inconsistent document and names the problem", "[writer]")
{
    TempDir dir;
    ProfileDocument doc = test::makeDocument();
    doc.memory[0].bytesByTile.pop_back();
    try {
        writeProfile(doc, dir.file("bad.pop"));
        FAIL("no error");
    } catch (const ProfileError& error) {
        CHECK(error.kind() == ErrorKind::InvalidInput);
        CHECK_THAT(error.what(), Catch::Contains("bad.pop") && Catch::Contains("expected one per tile"));
    }
    CHECK_FALSE(std::filesystem::exists(dir.file("bad.pop")));
}

TEST_CASE("JSON interchange round trip is lossless", "[json]")
{
    TempDir dir;
    const ProfileDocument doc = test::makeDocument();
    const std::string json = documentToJson(doc);

    SECTION("document -> JSON -> document")
    {
        CHECK(documentFromJson(json, "mem.json") == doc);
    }
    SECTION("JSON -> .pop -> JSON gives the same text")
    {
        writeJsonFile(doc, dir.file("in.json"));
        writeProfile(readJsonFile(dir.file("in.json")), dir.file("p.pop"));
        writeJsonFile(Profile::open(dir.file("p.pop"))->readDocument(), dir.file("out.json"));
        CHECK(test::readBytes(dir.file("in.json")) == test::readBytes(dir.file("out.json")));
    }
    SECTION("libpva-style attribute names")
    {
        CHECK_THAT(json,
            Catch::Contains("\"numIPUs\"") && Catch::Contains("\"clockFrequency\"")
                && Catch::Contains("\"livenessProgramSteps\"") && Catch::Contains("\"cyclesByTile\""));
    }
    SECTION("embedded framework JSON is shown as an object")
    {
        CHECK_THAT(json, Catch::Contains("\"framework\": {"));
    }
}

TEST_CASE("a minimal hand-written JSON profile imports with defaults", "[json]")
{
    const std::string text
        = R"({"compilation": {"target": {"architecture": "Mk1", "numIPUs": 1, "tilesPerIpu": 4,
        "bytesPerTile": 262144, "clockFrequency": 1.6e9},
        "memory": {"byCategory": [{"ipu": 0, "category": "variable", "bytesByTile": [1, 2, 3, 4]}]}}})";
    const ProfileDocument doc = documentFromJson(text, "hand.json");
    CHECK(doc.target.architecture == "Mk1");
    CHECK(doc.target.ipusPerReplica == 1);
    REQUIRE(doc.memory.size() == 1);
    CHECK(doc.memory[0].region == MemoryRegion::NonInterleaved);
    CHECK(doc.memory[0].bytesByTile == std::vector<uint32_t> { 1, 2, 3, 4 });
}

TEST_CASE("bad JSON is refused with the file and the JSON path", "[json]")
{
    auto problem = [](const std::string& text) {
        try {
            documentFromJson(text, "spec.json");
        } catch (const ProfileError& error) {
            CHECK(error.kind() != ErrorKind::CorruptProfile);
            return std::string(error.what());
        }
        return std::string("no error");
    };
    CHECK_THAT(problem("{not json"), Catch::StartsWith("spec.json: not valid JSON"));
    CHECK_THAT(problem(R"({"compilation": {"target": {"numIPUs": -2}}})"),
        Catch::Contains("compilation.target.numIPUs") && Catch::Contains("non-negative"));
    CHECK_THAT(problem(R"({"compilation": {"target": {"numIPUs": 1, "tilesPerIpu": 2},
        "memory": {"byCategory": [{"ipu": 0, "category": "x", "region": "attic", "bytesByTile": [1, 2]}]}}})"),
        Catch::Contains("compilation.memory.byCategory[0].region") && Catch::Contains("attic"));
    CHECK_THAT(problem(R"({"format": {"major": 9}})"), Catch::Contains("newer"));
    CHECK_THAT(problem(R"({"compilation": {"target": {"numIPUs": 1, "tilesPerIpu": 2},
        "programs": [{"type": "Sequence", "children": [0]}]}})"),
        Catch::Contains("cycle"));
}
