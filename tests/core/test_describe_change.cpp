// What changed in words: describeChange is the sentence the What changed page shows.
#include "popscope/report_comparison.hpp"

#include <catch2/catch.hpp>

using namespace popscope;

namespace {
ChangeLine makeLine(std::string metric, std::string subject, std::string table, std::string rowKey,
    int64_t source, int64_t target, std::string unit)
{
    ChangeLine l;
    l.metric = std::move(metric);
    l.subject = std::move(subject);
    l.table = std::move(table);
    l.rowKey = std::move(rowKey);
    l.sourceValue = source;
    l.targetValue = target;
    l.diff = signedDiff(uint64_t(source), uint64_t(target));
    l.unit = std::move(unit);
    return l;
}
} // namespace

TEST_CASE("describeChange says what grew, shrank, appeared or went, with the figures")
{
    const MemoryUnit b = MemoryUnit::Binary;
    CHECK(describeChange(makeLine("total memory", "Total memory (including gaps)", "", "", 1024 * 1024,
                             3 * 1024 * 1024, "bytes"),
              b)
        == "Total memory (including gaps) grew by 2.00 MiB (200.0%)");
    CHECK(
        describeChange(makeLine("variable size", "layer1/w", "variables", "layer1/w", 4096, 1024, "bytes"), b)
        == "Variable size of layer1/w shrank by 3.00 KiB (75.0%)");
    CHECK(describeChange(makeLine("new variable", "layer2/x", "variables", "layer2/x", 0, 2048, "bytes"), b)
        == "New variable: layer2/x, 2.00 KiB");
    CHECK(describeChange(makeLine("removed variable", "old", "variables", "old", 512, 0, "bytes"), b)
        == "Removed variable: old, was 512 B");
    CHECK(describeChange(makeLine("tiles over capacity", "Tiles over capacity", "", "", 2, 5, "tiles"), b)
        == "Tiles over capacity rose by 3 tiles (150.0%)");
    CHECK(describeChange(makeLine("tiles over capacity", "Tiles over capacity", "", "", 0, 0, "tiles"), b)
        == "Tiles over capacity is unchanged (0 tiles)");
    CHECK(describeChange(makeLine("category memory", "Vertex state", "categories", "vertexInstanceState", 16,
                             6406144, "bytes"),
              b)
        == "Vertex state memory grew by 6.11 MiB (x400,384)");
    CHECK(describeChange(
              makeLine("category memory", "Internal exchange code", "categories", "x", 0, 1024, "bytes"), b)
        == "Internal exchange code memory grew by 1.00 KiB (from none)");
}

TEST_CASE("Shares (the execution trace's parallel efficiency) read as percent and percentage points")
{
    const MemoryUnit b = MemoryUnit::Binary;
    const ChangeLine efficiency
        = makeLine("parallel efficiency", "Parallel efficiency", "", "", 9, 9416, "percent");
    CHECK(formatValue(9416, "percent", b) == "94.16%");
    CHECK(formatValue(9, "percent", b) == "0.09%");
    CHECK(formatDiff(efficiency.diff, "percent", b) == "+94.07 pp");
    CHECK(formatDiff(signedDiff(uint64_t(9416), uint64_t(9000)), "percent", b) == "-4.16 pp");
    CHECK(describeChange(efficiency, b)
        == "Parallel efficiency rose by 94.07 percentage points (0.09% -> 94.16%)");
}
