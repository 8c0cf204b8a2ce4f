// The Operations page's FLOPs tab figures: an operation's FLOPs set against its layer (share,
// rank, the layer's FLOPs per cycle) and the report, and a report without FLOP estimates.
#include "popscope/operation_flops.hpp"

#include <catch2/catch.hpp>

using namespace popscope;

namespace {

struct Fixture {
    OperationTable table;
    OperationAnalysis analysis;
    void add(const char* name, const char* layer, uint64_t flops, uint64_t cycles)
    {
        table.append(name, layer, name, -1, flops, 0, cycles);
        OperationFigures f;
        f.flops = flops;
        f.cycles = cycles;
        analysis.figures.push_back(f);
    }
};

} // namespace

TEST_CASE("an operation's FLOPs against its layer's and the report's", "[operations][flops]")
{
    Fixture f;
    f.add("conv", "popart", 600, 100);
    f.add("matmul", "popart", 300, 300);
    f.add("relu", "popart", 300, 50); // ties matmul: ranked after it (file order)
    f.add("kernel", "poplin", 800, 200);
    f.table.setPrograms(std::vector<uint32_t>(4, 0), {});
    f.table.finish();

    const OperationFlops relu = operationFlops(f.table, f.analysis, 2);
    CHECK(relu.available);
    CHECK(relu.flops == 300);
    CHECK(relu.flopsPerCycle == Approx(6.0));
    CHECK(relu.layerFlops == 1200);
    CHECK(relu.layerCycles == 450);
    CHECK(relu.layerFlopsPerCycle == Approx(1200.0 / 450));
    CHECK(relu.totalFlops == 2000);
    CHECK(relu.shareOfLayer() == Approx(0.25));
    CHECK(relu.shareOfTotal() == Approx(0.15));
    CHECK(relu.rankInLayer == 3);
    CHECK(relu.layerOperations == 3);
    CHECK(operationFlops(f.table, f.analysis, 0).rankInLayer == 1);
    CHECK(operationFlops(f.table, f.analysis, 3).layerOperations == 1);
    CHECK_FALSE(operationFlops(f.table, f.analysis, 9).available); // past the operations
}

TEST_CASE("a report compiled without FLOP estimates has none to show", "[operations][flops]")
{
    Fixture f;
    f.add("conv", "popart", 0, 100);
    f.table.setPrograms({ 0 }, {});
    f.table.finish();
    CHECK_FALSE(operationFlops(f.table, f.analysis, 0).available);
}
