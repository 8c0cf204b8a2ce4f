// poplin's conv / matmul vertex estimators and the planner (conv_cost.hpp, conv_planner.hpp).
// Every expected figure is worked by hand from the published formula (graphcore/poplibs
// lib/poplin/PerformanceEstimation.hpp and ConvModel.cpp); the working is in the comments.
// 6 workers throughout; "z" is the zeroing pass, "nz" the pass without zeroing.
#include "sim_test_helpers.hpp"

#include "popscope/sim/conv_planner.hpp"

#include <catch2/catch.hpp>

using namespace popscope::sim;

namespace {

const AmpUnits kAmp16 { 16, 16, 8 }; // Mk2 half in, float partials: weight load 16 x 32 B / 8 = 64
const AmpUnits kAmp8 { 8, 16, 8 }; // the 8-unit vertex on Mk2: 8 x 32 / 8 = 32
const AmpUnits kAmpFloat { 8, 8, 8 }; // Mk2 float in: 8 units x (8 weights x 4 B) / 8 = 32

ConvTileWork work(uint32_t batch, uint32_t height, uint32_t width, uint32_t kh, uint32_t kw)
{
    ConvTileWork w;
    w.batch = batch;
    w.outHeight = height;
    w.outWidth = width;
    w.kernelHeight = kh;
    w.kernelWidth = kw;
    return w;
}

} // namespace

TEST_CASE("dense dot product: widest dividing vector width sets the loop", "[conv]")
{
    // half, float partials: inner = 3 x 1 + 0 + 3 + 1 = 7.
    CHECK(denseDotProductCycles(4, false, true, 16) == 11); // 16 % 4 = 0: 7 + 16 / 4
    CHECK(denseDotProductCycles(4, false, true, 6) == 14); // width 2 (< 4 per 64 bits): 7 + 1 + 3 x 2
    CHECK(denseDotProductCycles(4, false, true, 5) == 18); // width 1: 7 + 1 + 5 x 2
}

TEST_CASE("partitionConvPartialByWorker: contiguous shares cut at row ends", "[conv]")
{
    using Rows = std::vector<std::vector<uint32_t>>;
    // 5 elements over 6 workers: [w 5 / 6, (w + 1) 5 / 6) = [0,0) [0,1) [1,2) [2,3) [3,4) [4,5).
    CHECK(partitionRowsByWorker(1, 1, 5, 6) == Rows { {}, { 1 }, { 1 }, { 1 }, { 1 }, { 1 } });
    // 2 x 1 x 4 = 8: [0,1) [1,2) [2,4) [4,5) [5,6) [6,8).
    CHECK(partitionRowsByWorker(2, 1, 4, 6) == Rows { { 1 }, { 1 }, { 2 }, { 1 }, { 1 }, { 2 } });
    // 3 rows of 2 over 2 workers: [0,3) = row 0 whole + row 1 x0; [3,6) = row 1 x1 + row 2.
    CHECK(partitionRowsByWorker(1, 3, 2, 2) == Rows { { 2, 1 }, { 1, 2 } });
}

TEST_CASE("horizontal MAC vertex at three shapes", "[conv]")
{
    // 1. A matrix-vector tile: 1 row of 14, 500 input channels, 1 output channel.
    //    rows 1: rowSplit 6 / gcd(6, 1) = 6, maxPartRows ceil(6 / 6) = 1 -> 0 whole, 1 part row of
    //    1 x (14 + 5) / 6 = 3. dot(500) = 7 + 500 / 4 = 132. Position 16 + 19 + 3 (7 + 132) = 452.
    //    Inner 6 x (452 + 16) = 2808. Outer 63 + 6 x 9 + (23 + (15 + (10 + 2808))) = 2973.
    //    Zeroing: ceil(14 / 6) = 3 per worker, ceil(3 / 2) + 5 = 7, x 6 = 42. Total 3015.
    ConvTileWork a = work(1, 1, 14, 1, 1);
    a.inChansPerGroup = 500;
    CHECK(horizontalMacCycles(a, 6) == 3015);
    // 2. Batch 2 x 3 rows of 8, 3x3 kernel, 8 input channels, 2 in groups, 4 out groups.
    //    rows 6: rowSplit 1, 1 whole row of 8. dot(8) = 9. Position 16 + 19 + 8 (7 + 9) = 163.
    //    Inner 6 x (9 x 163 + 16) = 8898. Outer 117 + (23 + 2 (15 + 4 (10 + 8898))) = 71434.
    //    Zeroing: 48 x 1 / 6 = 8, 4 + 5 = 9, x 6 x 4 groups = 216. Total 71650.
    ConvTileWork b = work(2, 3, 8, 3, 3);
    b.inChansPerGroup = 8;
    b.inGroups = 2;
    b.outGroups = 4;
    CHECK(horizontalMacCycles(b, 6) == 71650);
    // 3. Float activations, 4 rows of 10, 6 input channels, 2 out groups.
    //    rows 4: rowSplit 6 / 2 = 3, maxPartRows ceil(12 / 6) = 2 -> 0 whole, 2 part rows:
    //    2 x (10 + 2) / 3 = 8. dot float(6) = 7 + 6 / 2 = 10. Position 35 + 8 x 17 = 171.
    //    Inner 6 x (171 + 16) = 1122. Outer 58 + 54 + (23 + (15 + 2 (10 + 1122))) = 2414.
    //    Zeroing: ceil(40 / 6) = 7, 4 + 5 = 9, x 6 x 2 = 108. Total 2522.
    ConvTileWork c = work(1, 4, 10, 1, 1);
    c.inChansPerGroup = 6;
    c.outGroups = 2;
    c.floatActivations = true;
    CHECK(horizontalMacCycles(c, 6) == 2522);
}

TEST_CASE("AMP 1x1 vertex at three shapes", "[conv]")
{
    // 1. 45 wide, 4 in groups, 16 partial channels, 16 units. Workers 7, 8, 7, 8, 7, 8 elements.
    //    Common half/float path, retention 7: z 37 + 4 (n - 3) - 7 -> 46 / 50, max(300, 276 + 14)
    //    = 300; nz 38 + ... -> 47 / 51, max(306, 296) = 306. Passes 1, loads 64, c = 1.
    //    50 + 6 (7 + 3 (4 - 1)) = 146; later groups 3 (15 + (19 + (6 + 64 + 306))) = 1230;
    //    first group 11 + (18 + (7 + 64 + 300)) = 400. Total 146 + 12 + 1 + 1230 + 400 = 1789.
    ConvTileWork a = work(1, 1, 45, 1, 1);
    a.inChansPerGroup = 16;
    a.outChansPerGroup = 16;
    a.inGroups = 4;
    CHECK(amp1x1Cycles(a, kAmp16, 6) == 1789);
    // 2. 5 wide on the 8-unit vertex, 2 out groups of 8, 3 conv groups. Workers 0, 1, 1, 1, 1, 1.
    //    z: 31 + 1 - 7 = 25 -> max(150, 0 + 14) = 150; nz: 26 -> 156. Loads 32.
    //    50 + 6 (7 + 3 (3 - 1)) = 128; first group 11 + 2 (18 + (7 + 32 + 150)) = 425.
    //    Total 128 + 3 (12 + 1 + 425) = 1442.
    ConvTileWork b = work(1, 1, 5, 1, 1);
    b.inChansPerGroup = 16;
    b.outChansPerGroup = 8;
    b.outGroups = 2;
    b.convGroups = 3;
    CHECK(amp1x1Cycles(b, kAmp8, 6) == 1442);
    // 3. Float activations, 20 wide, 2 in groups, 8 partial channels on 8 units, no retention.
    //    Workers 3, 3, 4, 3, 3, 4. z: 46 + (2 + 4 n) + 8 (n - 3) -> 60 / 72 -> max(432, 374) = 432;
    //    nz: 46 + 8 (n - 3) -> 46 / 54 -> 324. Loads 32. 50 + 0; later 15 + (19 + (6 + 32 + 324))
    //    = 396; first 11 + (18 + (7 + 32 + 432)) = 500. Total 50 + 12 + 1 + 396 + 500 = 959.
    ConvTileWork c = work(1, 1, 20, 1, 1);
    c.inChansPerGroup = 8;
    c.outChansPerGroup = 8;
    c.inGroups = 2;
    c.floatActivations = true;
    CHECK(amp1x1Cycles(c, kAmpFloat, 6) == 959);
}

TEST_CASE("AMP nx1 vertex at three shapes", "[conv]")
{
    // 1. 2 rows of 6, 3x3 kernel, filter height 1, 2 in groups, 16 partial channels, 16 units.
    //    Kernel 3 outer x 3 inner, 1 pass; innermost 64 + 15 + 3 = 82; 3 (14 + 3 (12 + 82)) = 888.
    //    Every worker [2]: 17 + 3 + 33 - 9 = 44 -> max(264, 264 + 9) = 273, x 9 = 2457.
    //    Outer 109 + 54 + 54 + 18 + 1 + (16 + 2 (14 + (14 + 3345))) = 6998.
    //    Zeroing: 12 x 16 / 6 = 32 -> 16 + 5 = 21, x 6 = 126. Total 7124.
    ConvTileWork a = work(1, 2, 6, 3, 3);
    a.inChansPerGroup = 16;
    a.outChansPerGroup = 16;
    a.inGroups = 2;
    CHECK(ampNx1Cycles(a, kAmp16, 6) == 7124);
    // 2. Batch 2 x 1 x 4, 3x3 kernel, filter height 2 on 8 units, 3 out groups of 8, 2 conv groups.
    //    Outer kernel ceil(3 / 2) = 2; innermost 32 + 46 + 3 = 81; 2 (14 + 3 (12 + 81)) = 586.
    //    Workers [1] [1] [2] [1] [1] [2] (extra stride: 8 units): 40, 40, 45 ->
    //    max(270, 249) = 270, x 2 x 3 = 1620; inner 2206.
    //    Outer 217 + 2 (51 + 12 + 1) + 7 + 2 (16 + (14 + 3 (14 + 2206))) = 13732.
    //    Zeroing: 8 x 8 / 6 -> 11 -> 6 + 5 = 11, x 6 x 6 groups = 396. Total 14128.
    ConvTileWork b = work(2, 1, 4, 3, 3);
    b.inChansPerGroup = 4;
    b.outChansPerGroup = 8;
    b.outGroups = 3;
    b.convGroups = 2;
    b.convUnitWeightHeight = 2;
    CHECK(ampNx1Cycles(b, kAmp8, 6) == 14128);
    // 3. A 1x1 kernel, 13 wide, filter height 4 (4 input channels on 16 units).
    //    Innermost 64 + 60 + 3 = 127; 1 (14 + (12 + 127)) = 153. Workers [2] x 5, [3]: 44, 45 ->
    //    max(270, 264 + 9) = 273. Outer 217 + 18 + 1 + (16 + (14 + (14 + 426))) = 706.
    //    Zeroing: 13 x 16 / 6 -> 35 -> 18 + 5 = 23, x 6 = 138. Total 844.
    ConvTileWork c = work(1, 1, 13, 1, 1);
    c.inChansPerGroup = 4;
    c.outChansPerGroup = 16;
    c.convUnitWeightHeight = 4;
    CHECK(ampNx1Cycles(c, kAmp16, 6) == 844);
}

TEST_CASE("vertical MAC vertex at three shapes", "[conv]")
{
    // 4 conv groups per group, one channel, float partials.
    // 1. 6 x 6 field, 3x3 kernel, 2 conv groups. 36 rows: 6 whole rows of 3 per kernel row -> 18
    //    entries of 7 + 5 + (3 + 2 x 2 x 1) = 19; worker 19 + 18 x 19 = 361, x 6 = 2166.
    //    Zero 4 + 36 / 2 = 22; reduction 9 + 19 x 6 / 4 = 37; loop 32 + (24 + 2166) = 2222.
    //    Total 61 + 14 + 1 + 2 (22 + 2222 + 37) = 4638.
    ConvTileWork a = work(1, 6, 6, 3, 3);
    a.convGroupsPerGroup = 4;
    a.convGroups = 2;
    CHECK(verticalMacCycles(a, 6) == 4638);
    // 2. Batch 2 x 1 x 5, 1x3 kernel, 3 in groups. 10 rows: rowSplit 3, maxPartRows 5 -> 1 whole
    //    [3] + 2 parts [1]: 19 + (12 + 7) + 2 (12 + 3) = 68, x 6 = 408.
    //    Zero 4 + 3 = 7; reduction 9 + 19 x 1 / 4 = 13; loop 32 + 3 (24 + 408) = 1328.
    //    Total 76 + 7 + 1328 + 13 = 1424.
    ConvTileWork b = work(2, 1, 5, 1, 3);
    b.convGroupsPerGroup = 4;
    b.inGroups = 3;
    CHECK(verticalMacCycles(b, 6) == 1424);
    // 3. One output, 1x1 kernel, 1000 in groups (a dot product): one part row [1]: 19 + 15 = 34,
    //    x 6 = 204. Zero 5, reduction 13, loop 32 + 1000 (24 + 204) = 228032. Total 228126.
    ConvTileWork c = work(1, 1, 1, 1, 1);
    c.convGroupsPerGroup = 4;
    c.inGroups = 1000;
    CHECK(verticalMacCycles(c, 6) == 228126);
}

TEST_CASE("outer product vertex at three shapes", "[conv]")
{
    // 1. Half, 4 channels a group (slow path), 2 groups, 100 wide: ceil(100 / 6) = 17 per worker.
    //    25 + 2 (10 + 17 (10 + 4 x 5 / 2)) = 725, x 6 = 4350.
    ConvTileWork a = work(1, 1, 100, 1, 1);
    a.outChansPerGroup = 4;
    a.outGroups = 2;
    CHECK(outerProductCycles(a, 6) == 4350);
    // 2. Half, 16 channels (fast path), 12 wide: 2 per worker. 25 + (10 + 2 (6 + 4 / 4)) = 49, x 6.
    ConvTileWork b = work(1, 1, 12, 1, 1);
    b.outChansPerGroup = 16;
    CHECK(outerProductCycles(b, 6) == 294);
    // 3. Float, 2 channels (slow), 3 groups, 7 wide: 2 per worker. 25 + 3 (11 + 2 (10 + 4)) = 142.
    ConvTileWork c = work(1, 1, 7, 1, 1);
    c.outChansPerGroup = 2;
    c.outGroups = 3;
    c.floatActivations = true;
    CHECK(outerProductCycles(c, 6) == 852);
}

TEST_CASE("reduction of partials and the cast to half", "[conv]")
{
    // Depth 1: cast, ceil(100 / 6) = 17 -> max(ceil(17 / 2), ceil(17 / 4)) + 26 = 35, x 6.
    CHECK(convReduceCycles(100, 1, 6) == 210);
    // Depth 4, 109 outputs: loops 27 + 1 (bit 0) = 28, 4 per worker, remainder with 109 & 3 != 0:
    // 32 + 2 x 4 + 13 = 53, + (3 x 4 + 6) x 4 = 125, x 6 = 750.
    CHECK(convReduceCycles(109, 4, 6) == 750);
    // Depth 2, 40 outputs: loops 10, 1 per worker, remainder with 40 & 3 == 0 -> 2 per worker:
    // 32 + (3 x 2 + 6) x 2 = 56, x 6 = 336.
    CHECK(convReduceCycles(40, 2, 6) == 336);
}

TEST_CASE("the vertex table names each vertex's codelet and estimator", "[conv]")
{
    for (const auto& v : convVertexTable()) {
        CHECK(&convVertexInfo(v.vertex) == &v);
        CHECK(std::string(v.codelet).rfind("poplin::", 0) == 0);
        CHECK(std::string(v.estimator).find("Estimate") != std::string::npos);
    }
}

TEST_CASE("planner: a matrix-vector product is not AMP-friendly, a large square matmul is", "[conv]")
{
    const TargetConfig mk2 = TargetConfig::preset("Mk2");
    // poplin's fully connected forward pass: field = outputs, input channels = inputs, output
    // channels = batch. One output channel would fill 1 of the AMP's 16 partial channels.
    const ConvPlan mv = planConvolution(matmulAsConv(1, 1000, 10000), mk2, 1472);
    CHECK(mv.vertex == ConvVertex::HorizontalMac);
    CHECK(mv.tiles <= 1472);
    CHECK(mv.computeCycles == horizontalMacCycles(mv.tile, 6));
    // Batch 1024, 1024 x 1024: every AMP channel is used.
    const ConvPlan square = planConvolution(matmulAsConv(1024, 1024, 1024), mk2, 1472);
    CHECK(square.vertex == ConvVertex::Amp1x1);
    CHECK(square.tile.outChansPerGroup == 16);
    CHECK(square.computeCycles == amp1x1Cycles(square.tile, square.amp, 6));
    // A depthwise convolution (one channel per group) takes the vertical MAC.
    ConvShape depthwise;
    depthwise.batch = 4;
    depthwise.fieldHeight = depthwise.fieldWidth = 56;
    depthwise.kernelHeight = depthwise.kernelWidth = 3;
    depthwise.convGroups = 128;
    CHECK(planConvolution(depthwise, mk2, 1472).vertex == ConvVertex::VerticalMac);
    // Deterministic: the same shape gives the same plan.
    const ConvPlan again = planConvolution(matmulAsConv(1, 1000, 10000), mk2, 1472);
    CHECK(again.totalCycles() == mv.totalCycles());
    CHECK(again.widthSplit == mv.widthSplit);
    CHECK(again.inChanSplit == mv.inChanSplit);
}

TEST_CASE("matmul workload: the matrix-vector layer runs the planner's horizontal MAC", "[conv]")
{
    const auto doc = simtest::simulate("matmul",
        { { "batch", "1" }, { "inputs", "1000" }, { "outputs", "10000" }, { "layers", "1" },
            { "training", "false" } });
    const ConvPlan p = planConvolution(matmulAsConv(1, 1000, 10000), TargetConfig::preset("Mk2"), 1472);
    bool found = false;
    for (const auto& s : doc.steps) {
        if (s.type != "OnTileExecute" || s.computeSet < 0)
            continue;
        const auto& cs = doc.computeSets[size_t(s.computeSet)];
        if (cs.name != "layer1/matmul/MatMul")
            continue;
        found = true;
        REQUIRE(cs.vertices.size() == 1);
        CHECK(doc.vertexTypes[cs.vertices[0].vertexType].name == convVertexInfo(p.vertex).codelet);
        CHECK(s.ipus[0].activeTiles == p.tiles);
        // The estimate on the slowest tile, scaled by up to 8 % jitter.
        CHECK(s.ipus[0].cycles >= p.computeCycles);
        CHECK(s.ipus[0].cycles <= p.computeCycles * 108 / 100 + 1);
    }
    CHECK(found);
}
