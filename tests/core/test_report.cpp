// Report: lazy parts, cached once, shared between threads, failures not cached.
#include "fixture_builder.hpp"
#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/report.hpp"
#include "popscope/summary.hpp"
#include "popscope/tile_memory.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <thread>
#include <vector>

using namespace popscope;
using popscope::test::TempDir;

TEST_CASE("a report reads the same parts as the profile", "[report]")
{
    TempDir dir;
    const std::string path = test::writeValidProfile(dir);
    auto report = Report::open(path);
    auto profile = Profile::open(path);
    const ProfileDocument doc = test::makeDocument();

    CHECK(report->path() == path);
    CHECK(report->profile().target() == doc.target);
    CHECK(report->numTiles() == 32);
    CHECK(report->variables() == doc.variables);
    CHECK(report->vertexTypes() == doc.vertexTypes);
    CHECK(report->computeSets() == doc.computeSets);
    CHECK(report->exchanges() == doc.exchanges);
    CHECK(report->tileMemory().totalIncludingGaps == queryTileMemory(*profile).totalIncludingGaps);
    const ProfileSummary direct = querySummary(*profile);
    CHECK(report->summary().totalUsedIncludingGaps == direct.totalUsedIncludingGaps);
    CHECK(report->summary().numVariables == 40);
    CHECK(report->summary().numVertices == 16 * (1 + 2 + 3));
    CHECK(report->summary().memoryByCategory.size() == direct.memoryByCategory.size());
    // Later calls return the cached object.
    CHECK(&report->variables() == &report->variables());
    CHECK(&report->summary() == &report->summary());
}

TEST_CASE("a variable digest holds every variable's name, size and always-live flag", "[report]")
{
    TempDir dir;
    const std::string path = test::writeValidProfile(dir);
    const ProfileDocument doc = test::makeDocument();
    const VariableDigest digest = Profile::open(path)->readVariableDigest();
    REQUIRE(digest.size() == doc.variables.size());
    for (size_t v = 0; v < doc.variables.size(); ++v) {
        INFO("variable " << v);
        CHECK(digest.name(v) == doc.variables[v].name);
        CHECK(digest.sizeBytes[v] == doc.variables[v].sizeBytes);
        CHECK(bool(digest.alwaysLive[v]) == doc.variables[v].alwaysLive);
    }
    size_t nameBytes = 0;
    for (const auto& variable : doc.variables)
        nameBytes += variable.name.size();
    CHECK(digest.names.textBytes() == nameBytes); // one after the other, nothing between
}

TEST_CASE(
    "a graph digest sums each compute set, vertex type and exchange, and fails as their reads do", "[report]")
{
    TempDir dir;
    const std::string path = test::writeValidProfile(dir);
    const ProfileDocument doc = test::makeDocument();
    const GraphDigest digest = Profile::open(path)->readGraphDigest();
    REQUIRE(digest.computeSetNames.size() == doc.computeSets.size());
    std::vector<uint64_t> instances(doc.vertexTypes.size(), 0);
    std::vector<std::set<uint32_t>> tiles(doc.vertexTypes.size());
    for (size_t c = 0; c < doc.computeSets.size(); ++c) {
        uint64_t inSet = 0;
        for (const ComputeSetVertices& v : doc.computeSets[c].vertices)
            for (const TileCount& tc : v.countByTile) {
                inSet += tc.count;
                instances[v.vertexType] += tc.count;
                if (tc.count > 0)
                    tiles[v.vertexType].insert(tc.tile);
            }
        CHECK(digest.computeSetNames[c] == doc.computeSets[c].name);
        CHECK(digest.computeSetInstances[c] == inSet);
    }
    CHECK(digest.vertexInstances == instances);
    for (size_t t = 0; t < tiles.size(); ++t)
        CHECK(digest.vertexTiles[t] == tiles[t].size());
    REQUIRE(digest.exchangeNames.size() == doc.exchanges.size());
    for (size_t e = 0; e < doc.exchanges.size(); ++e) {
        uint64_t code = 0;
        for (const TileBytes& tb : doc.exchanges[e].codeBytesByTile)
            code += tb.bytes;
        CHECK(digest.exchangeNames[e] == doc.exchanges[e].name);
        CHECK(digest.exchangeCode[e] == code);
        CHECK(digest.exchangeBytes[e] == doc.exchanges[e].totalBytes);
    }

    test::execSql(path, "UPDATE exchanges SET kind = 'teleport' WHERE id = 0");
    REQUIRE_THROWS_WITH(
        Profile::open(path)->readGraphDigest(), Catch::Contains(path) && Catch::Contains("teleport"));
    test::execSql(path, "UPDATE exchanges SET kind = 'internal'");
    test::execSql(path, "UPDATE compute_set_vertices SET count_by_tile = zeroblob(7) WHERE compute_set = 0");
    REQUIRE_THROWS_WITH(Profile::open(path)->readGraphDigest(), Catch::Contains("not a multiple of 8 bytes"));
}

TEST_CASE("a report does not read a part until asked, and a failing part throws each time", "[report]")
{
    TempDir dir;
    const std::string path = test::writeValidProfile(dir);
    test::execSql(path, "UPDATE exchanges SET kind = 'teleport' WHERE id = 0");

    auto report = Report::open(path); // open reads the header only
    CHECK(report->summary().numExchanges == 2);
    CHECK(report->variables().size() == 40);
    CHECK(report->computeSets().size() == 3);
    for (int attempt = 0; attempt < 2; ++attempt) {
        try {
            report->exchanges();
            FAIL("exchanges() read a corrupt table without complaint");
        } catch (const ProfileError& error) {
            CHECK(error.kind() == ErrorKind::CorruptProfile);
            CHECK(error.path() == path);
            CHECK(std::string(error.what()).find(path) == 0);
            CHECK(std::string(error.what()).find("teleport") != std::string::npos);
        }
    }
    // The other parts are unaffected by the failure.
    CHECK(report->vertexTypes().size() == test::makeDocument().vertexTypes.size());
}

TEST_CASE("a corrupt variables table fails variables() but not the summary", "[report]")
{
    TempDir dir;
    const std::string path = test::writeValidProfile(dir);
    test::execSql(path, "UPDATE variables SET size_bytes = -5 WHERE id = 3");
    auto report = Report::open(path);
    CHECK(report->summary().numVariables == 40);
    CHECK_THROWS_AS(report->variables(), ProfileError);
    CHECK_THROWS_AS(report->variables(), ProfileError);
    CHECK(report->exchanges().size() == 2);
}

TEST_CASE("report open errors are the profile's", "[report]")
{
    TempDir dir;
    try {
        Report::open(dir.file("missing.pop"));
        FAIL("opened a missing file");
    } catch (const ProfileError& error) {
        CHECK(error.kind() == ErrorKind::FileNotFound);
    }
}

TEST_CASE("threads asking for the same part get the same object", "[report]")
{
    TempDir dir;
    const std::string path = test::writeValidProfile(dir);
    for (int round = 0; round < 20; ++round) {
        auto report = Report::open(path);
        constexpr int kThreads = 6;
        std::vector<const VariableTable*> variables(kThreads);
        std::vector<const ProfileSummary*> summaries(kThreads);
        std::vector<const TileMemory*> memories(kThreads);
        std::vector<std::thread> threads;
        for (int i = 0; i < kThreads; ++i)
            threads.emplace_back([&, i] {
                // Different orders, so parts are computed while others read the connection.
                if (i % 2) {
                    summaries[size_t(i)] = &report->summary();
                    variables[size_t(i)] = &report->variables();
                } else {
                    variables[size_t(i)] = &report->variables();
                    report->exchanges();
                    report->computeSets();
                    summaries[size_t(i)] = &report->summary();
                }
                memories[size_t(i)] = &report->tileMemory();
            });
        for (auto& t : threads)
            t.join();
        for (int i = 1; i < kThreads; ++i) {
            CHECK(variables[size_t(i)] == variables[0]);
            CHECK(summaries[size_t(i)] == summaries[0]);
            CHECK(memories[size_t(i)] == memories[0]);
        }
        CHECK(variables[0]->size() == 40);
    }
}
