// poplin's convolution vertex estimators (graphcore/poplibs lib/poplin/PerformanceEstimation.hpp
// and the per-method cases of lib/poplin/ConvModel.cpp addPartialCalcCycleEstimate), written
// from the published formulas for half or float activations with float or half partials.
#include "popscope/sim/conv_cost.hpp"
#include "ceil_div.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <numeric>

namespace popscope::sim {

namespace {

// Poplin's zeroPartialsRetentionSavings: worker cycles saved by retained state when zeroing.
uint64_t zeroRetentionSavings(bool floatPartials)
{
    return floatPartials ? 9 : 10;
}

// Tracks the slowest and fastest of a vertex's workers, each figure already x workers (the
// estimators' maxWorkerCycles / minWorkerCycles; min starts at 0 when a worker has no entry).
struct WorkerSpread {
    uint64_t max = 0;
    uint64_t min = std::numeric_limits<uint64_t>::max();
    void add(uint64_t cycles)
    {
        max = std::max(max, cycles);
        min = std::min(min, cycles);
    }
};

// The single busiest worker's rows, as estimateConvPartialHorizontalMacInnerLoopCycles and
// estimateConvPartialVerticalMacInnerLoopCycles split `rows` rows of `width` over the workers.
struct BusiestWorkerRows {
    uint32_t rowSplitFactor = 1;
    uint64_t wholeRows = 0;
    uint32_t partRows = 0;
};
BusiestWorkerRows busiestWorkerRows(uint64_t rows, uint32_t workers)
{
    BusiestWorkerRows b;
    b.rowSplitFactor = uint32_t(workers / std::gcd(uint64_t(workers), std::max<uint64_t>(1, rows)));
    const uint64_t maxPartRows = ceilDiv(rows * b.rowSplitFactor, workers);
    b.wholeRows = maxPartRows / b.rowSplitFactor;
    b.partRows = uint32_t(maxPartRows % b.rowSplitFactor);
    return b;
}

// getConvPartialHorizontalMacCycleEstimate: one kernel position of one worker whose entries are
// `count` rows of `size` then one of `last` (0: none).
uint64_t horizontalMacPositionCycles(const ConvTileWork& w, uint64_t count, uint32_t size, uint32_t last)
{
    const uint64_t dot = denseDotProductCycles(
        w.floatActivations ? 2 : 4, w.floatActivations, w.floatPartials, w.inChansPerGroup);
    uint64_t outChans = w.outChansPerGroup;
    auto entry = [&](uint64_t n) { return n == 0 ? 7 : 19 + n * (7 + outChans * dot); };
    uint64_t cycles = 16;
    if (w.floatPartials || size == 0) {
        cycles += count * entry(size);
    } else {
        // Half partials: two channels per inner loop, the channel count halved at every entry as
        // published, so after a few entries it is 0.
        for (; count > 0 && outChans > 0; --count) {
            outChans /= 2;
            cycles += entry(size);
        }
        cycles += count * entry(size);
    }
    if (last > 0) {
        if (!w.floatPartials)
            outChans /= 2;
        cycles += entry(last);
    }
    return cycles;
}

// getVerticalMacDotProductCycles.
uint64_t verticalMacDotCycles(uint32_t size, uint32_t channels)
{
    const uint64_t steps = size == 0 ? 0 : size - 1;
    return 3 + (channels >= 8 ? 3 * steps * (channels / 8) : 2 * steps * (channels / 4));
}

// getConvPartialVerticalMacCycleEstimate: one worker's worklist of `count` entries of `size` and
// `partCount` of `partSize`.
uint64_t verticalMacWorkerCycles(
    const ConvTileWork& w, uint64_t count, uint32_t size, uint64_t partCount, uint32_t partSize)
{
    const uint32_t groups = w.convGroupsPerGroup;
    if (groups >= 8 && !w.floatPartials) {
        const uint64_t per8 = count * (7 + 15 + verticalMacDotCycles(size, 8))
            + partCount * (7 + 15 + verticalMacDotCycles(partSize, 8));
        return (groups == 8 ? 13 : 25) + per8 * (groups == 8 ? 1 : 2);
    }
    const uint64_t store = 7 + (w.floatPartials ? 5 : 3);
    return (w.floatPartials ? 19 : 18) + count * (store + verticalMacDotCycles(size, groups))
        + partCount * (store + verticalMacDotCycles(partSize, groups));
}

// One worker's worklist entry of n field elements in
// getConvPartial1x1SupervisorInnerLoopCycleEstimateHalfFloat, before the retained-state saving.
uint64_t amp1x1WorkerCycles(
    uint32_t n, bool zeroing, bool floatActivations, bool common, uint64_t zeroPerGroup)
{
    const uint64_t z = zeroing ? 1 : 0;
    const uint64_t core = floatActivations ? 8 : 4;
    const uint64_t flag = zeroing ? 1 : 2; // the common code path's zeroing branch
    if (floatActivations) {
        if (n == 0)
            return 24;
        if (n <= 2)
            return (n == 1 ? 47 : 46) + (2 + zeroPerGroup * n) * z;
        return 46 + (2 + zeroPerGroup * n) * z + (n - 3) * core;
    }
    if (common) {
        if (n < 3)
            return (n == 0 ? 20 : n == 1 ? 31 : 40) + flag;
        return (zeroing ? 37 : 38) + (n - 3) * core;
    }
    if (n == 0)
        return 24;
    if (n <= 2)
        return (n == 1 ? 39 : 40) + (2 + zeroPerGroup * n) * z;
    return 41 + (2 + zeroPerGroup * n) * z + (n - 3) * core;
}

} // namespace

// The vertices, each with the codelet a profile names and the poplibs estimator it is priced with.
const std::vector<ConvVertexInfo>& convVertexTable()
{
    static const std::vector<ConvVertexInfo> table = {
        { ConvVertex::Amp1x1, "AMP 1x1", "poplin::ConvPartial1x1Out<half,float,true,false>",
            "getConvPartial1x1SupervisorCycleEstimate", 3400, 48, 24 },
        { ConvVertex::AmpNx1, "AMP nx1", "poplin::ConvPartialnx1<half,float,true,false>",
            "getConvPartialnx1SupervisorCycleEstimate", 4200, 56, 32 },
        { ConvVertex::HorizontalMac, "horizontal MAC", "poplin::ConvPartialHorizontalMac<half,float,true>",
            "getConvPartialHorizontalMacSupervisorCycleEstimate", 2600, 48, 24 },
        { ConvVertex::VerticalMac, "vertical MAC", "poplin::ConvPartialVerticalMac<half,float,true,4>",
            "getConvPartialVerticalMacSupervisorCycleEstimate", 2400, 48, 24 },
        { ConvVertex::OuterProduct, "outer product", "poplin::OuterProduct<half>",
            "getOuterProductCycleEstimate", 1200, 32, 16 },
    };
    return table;
}

const ConvVertexInfo& convVertexInfo(ConvVertex vertex)
{
    return convVertexTable().at(size_t(vertex));
}

// PerformanceEstimation.hpp getDenseDotProductCycles: the widest vector width (a power of two up
// to the activations' vector width) dividing the size sets the loop; narrower than 64 bits costs
// two cycles a step and one warm-up cycle per output channel.
uint64_t denseDotProductCycles(
    uint32_t activationsVectorWidth, bool floatActivations, bool floatPartials, uint32_t size)
{
    const uint32_t actsPer64Bits = floatActivations ? 2 : 4;
    const bool halfHalf = !floatActivations && !floatPartials;
    const uint64_t outChans = halfHalf ? 2 : 1;
    const uint64_t inner = 3 * outChans + (halfHalf ? 1 : 0) + 3 + 1;
    uint32_t width = std::bit_ceil(std::max<uint32_t>(1, activationsVectorWidth));
    for (; width > 1; width /= 2)
        if (size % width == 0)
            break;
    const uint64_t perStep = width >= actsPer64Bits ? 1 : 2;
    const uint64_t warmUp = width < actsPer64Bits ? outChans : 0;
    return inner + warmUp + uint64_t(size / width) * perStep;
}

std::vector<uint32_t> WorkerRows::list() const
{
    std::vector<uint32_t> out;
    if (first > 0)
        out.push_back(first);
    out.insert(out.end(), wholeRows, width);
    if (last > 0)
        out.push_back(last);
    return out;
}

// ConvUtilInternal.cpp partitionConvPartialByWorker with unit strides and dilations.
std::vector<WorkerRows> shareRowsByWorker(uint64_t rows, uint32_t width, uint32_t workers)
{
    std::vector<WorkerRows> out(workers);
    const uint64_t n = rows * width;
    for (uint32_t w = 0; w < workers && width > 0; ++w) {
        const uint64_t begin = w * n / workers, end = (w + 1) * n / workers;
        if (begin == end)
            continue;
        const uint64_t firstRow = begin / width, lastRow = (end - 1) / width;
        WorkerRows& r = out[w];
        r.width = width;
        if (firstRow == lastRow) {
            r.first = uint32_t(end - begin);
            continue;
        }
        r.first = uint32_t(width - begin % width);
        r.wholeRows = lastRow - firstRow - 1;
        r.last = uint32_t((end - 1) % width + 1);
    }
    return out;
}

std::vector<std::vector<uint32_t>> partitionRowsByWorker(
    uint32_t batch, uint32_t rows, uint32_t width, uint32_t workers)
{
    std::vector<std::vector<uint32_t>> out;
    for (const WorkerRows& r : shareRowsByWorker(uint64_t(batch) * rows, width, workers))
        out.push_back(r.list());
    return out;
}

// ConvModel.cpp estimateZeroSupervisorCycles -> getZeroSupervisorVertexCycleEstimate (float
// partials, 64-bit data path): per worker ceil(elements / 2) vectors + 14 - 9 retained cycles.
uint64_t zeroPartialsCycles(
    uint64_t fieldElements, uint32_t groups, uint32_t outChansPerGroup, uint32_t workers)
{
    const uint64_t perWorker = ceilDiv(fieldElements * outChansPerGroup, workers);
    const uint64_t worker = ceilDiv(perWorker, 2) + 14 - zeroRetentionSavings(true);
    return worker * workers * groups;
}

// PerformanceEstimation.hpp getConvPartial1x1SupervisorInnerLoopCycleEstimateHalfFloat.
uint64_t amp1x1InnerLoopCycles(const std::vector<WorkerRows>& workerRows, uint32_t workers,
    uint32_t convUnits, bool zeroing, bool floatActivations, bool floatPartials)
{
    const bool retains = !floatActivations && (floatPartials || convUnits == 16);
    const uint64_t retention = retains ? 7 : 0;
    const uint64_t zeroPerGroup = floatActivations && convUnits == 16 ? 8 : floatPartials ? 4 : 2;
    const bool common = (!floatActivations && convUnits == 16) || floatPartials;
    WorkerSpread spread;
    if (workerRows.size() < workers)
        spread.min = 0;
    for (const WorkerRows& rows : workerRows) {
        uint64_t cycles = 0;
        if (rows.first > 0) // the vertex takes one worklist entry: the worker's first piece
            cycles
                = amp1x1WorkerCycles(rows.first, zeroing, floatActivations, common, zeroPerGroup) - retention;
        spread.add(workers * cycles);
    }
    return std::max(spread.max, spread.min + 14); // the supervisor's tag cost
}

// PerformanceEstimation.hpp getConvPartialnx1WorkerCycles (retained state saves 9 cycles an entry).
uint64_t ampNx1WorkerCycles(
    const WorkerRows& rows, bool floatActivations, bool floatPartials, uint32_t convUnits)
{
    const uint64_t core = floatActivations ? 8 : 4;
    const bool extraStride
        = !floatActivations && ((!floatPartials && convUnits == 16) || (floatPartials && convUnits == 8));
    auto entry = [&](uint64_t n) -> uint64_t {
        const uint64_t body = n == 0 ? 17
            : n == 1                 ? (floatActivations ? 33 : 29)
            : n == 2                 ? (floatActivations ? 44 : 33 + (extraStride ? 1 : 0))
                                     : (floatActivations ? 45 : 34) + (n - 3) * core;
        return 3 + body - 9;
    };
    uint64_t cycles = 17 + (floatPartials ? 0 : 1);
    if (rows.first > 0)
        cycles += entry(rows.first);
    cycles += rows.wholeRows * entry(rows.width);
    if (rows.last > 0)
        cycles += entry(rows.last);
    return cycles;
}

// PerformanceEstimation.hpp getConvPartialAmpSupervisorWeightLoadCycleEstimate.
uint64_t ampWeightLoadCycles(const AmpUnits& amp, uint32_t weightBytesPerConvUnit, uint32_t filterHeight)
{
    uint32_t perCycle = std::max<uint32_t>(1, amp.coeffLoadBytesPerCycle);
    if (filterHeight == 4 && perCycle > 8)
        perCycle /= 2; // filter height 4 cannot use 128-bit loads
    return uint64_t(amp.convUnits) * weightBytesPerConvUnit / perCycle;
}

// ConvModel.cpp (AMP case, 1x1 vertex): the 1x1 inner loops with and without zeroing inside
// PerformanceEstimation.hpp getConvPartial1x1SupervisorOuterLoopCycleEstimateHalfFloat.
uint64_t amp1x1Cycles(const ConvTileWork& w, const AmpUnits& amp, uint32_t workers)
{
    const auto rows = shareRowsByWorker(uint64_t(w.batch) * w.outHeight, w.outWidth, workers);
    const uint32_t units = std::max<uint32_t>(1, amp.convUnits);
    const uint64_t innerZero
        = amp1x1InnerLoopCycles(rows, workers, units, true, w.floatActivations, w.floatPartials);
    const uint64_t inner
        = amp1x1InnerLoopCycles(rows, workers, units, false, w.floatActivations, w.floatPartials);
    const uint64_t passes = ceilDiv(w.outChansPerGroup, units);
    const uint64_t loads = ampWeightLoadCycles(amp, amp.weightsPerConvUnit * (w.floatActivations ? 4 : 2), 1);
    const bool retains = !w.floatActivations && (w.floatPartials || units == 16);
    const uint64_t retainAll = retains ? 7 : 0, retainInput = retains ? 3 : 0;
    const uint64_t c = ((!w.floatActivations && units == 16) || w.floatPartials) ? 1 : 0;
    const uint64_t cg = w.convGroups, ig = w.inGroups, og = w.outGroups;
    const uint64_t laterInGroups = (ig - 1) * (15 - c + 1 + og * (19 + passes * (6 + loads + inner)));
    const uint64_t firstInGroup = 10 + 1 + og * (19 - c + passes * (7 + loads + innerZero));
    return 50 + workers * (retainAll + retainInput * (ig * cg - 1))
        + cg * (12 + c + laterInGroups + firstInGroup);
}

// ConvModel.cpp (AMP case, nx1 vertex): getConvPartialnx1InnerLoopCycleEstimate ->
// getConvPartialnx1SupervisorInnerLoopCycleEstimateHalfFloat (same worklist at every kernel
// position), getConvPartialnx1SupervisorOuterLoopCycleEstimateHalfFloat, plus
// estimateZeroSupervisorCycles for the partials.
uint64_t ampNx1Cycles(const ConvTileWork& w, const AmpUnits& amp, uint32_t workers)
{
    const uint32_t units = std::max<uint32_t>(1, amp.convUnits);
    const uint32_t filterHeight = std::max<uint32_t>(1, w.convUnitWeightHeight);
    const uint64_t kernelOuter = ceilDiv(w.kernelHeight, filterHeight), kernelInner = w.kernelWidth;
    const uint64_t passes = w.outChansPerGroup / units;
    const uint64_t loadExtra = filterHeight == 4 ? 60
        : filterHeight == 2                      ? 46
        : filterHeight == 1                      ? 15
                                                 : 20 * filterHeight;
    const uint64_t innermost
        = ampWeightLoadCycles(amp, amp.weightsPerConvUnit * (w.floatActivations ? 4 : 2), filterHeight)
        + loadExtra + 3;
    uint64_t inner = kernelOuter * (14 + kernelInner * (17 - 5 + passes * innermost));
    WorkerSpread spread;
    for (const WorkerRows& rows : shareRowsByWorker(uint64_t(w.batch) * w.outHeight, w.outWidth, workers))
        spread.add(workers * ampNx1WorkerCycles(rows, w.floatActivations, w.floatPartials, units));
    inner += std::max(spread.max, spread.min + 9) * passes * kernelOuter * kernelInner;
    const uint64_t cg = w.convGroups, ig = w.inGroups, og = w.outGroups;
    const uint64_t outer = 109 + workers * 9 + workers * zeroRetentionSavings(w.floatPartials)
        + cg * (og * 17 + (og - 1) * 6 + 1) + (cg - 1) * 6 + 1 + cg * (16 + ig * (14 + og * (14 + inner)));
    const uint64_t field = uint64_t(w.batch) * w.outHeight * w.outWidth;
    return outer + zeroPartialsCycles(field, w.outGroups * w.convGroups, w.outChansPerGroup, workers);
}

// ConvModel.cpp (HMAC case): estimateConvPartialHorizontalMacInnerLoopCycles (the busiest
// worker's rows at every kernel position, + 16), getConvPartialHorizontalMacSupervisorOuterLoop-
// CycleEstimate (overhead 63 half / 58 float), plus estimateZeroSupervisorCycles.
uint64_t horizontalMacCycles(const ConvTileWork& w, uint32_t workers)
{
    const uint64_t rows = uint64_t(w.batch) * w.outHeight;
    const BusiestWorkerRows b = busiestWorkerRows(rows, workers);
    const uint64_t whole = w.outWidth > 0 ? b.wholeRows : 0;
    const auto part = w.outWidth > 0
        ? uint32_t(uint64_t(b.partRows) * (w.outWidth + b.rowSplitFactor - 1) / b.rowSplitFactor)
        : 0;
    const uint64_t kernel = uint64_t(w.kernelHeight) * w.kernelWidth;
    const uint64_t inner = workers * (kernel * horizontalMacPositionCycles(w, whole, w.outWidth, part) + 16);
    const uint64_t overhead = w.floatActivations ? 58 : 63;
    const uint64_t outer = overhead + workers * zeroRetentionSavings(w.floatPartials)
        + uint64_t(w.convGroups) * (23 + uint64_t(w.inGroups) * (15 + uint64_t(w.outGroups) * (10 + inner)));
    return outer
        + zeroPartialsCycles(rows * w.outWidth, w.outGroups * w.convGroups, w.outChansPerGroup, workers);
}

// ConvModel.cpp (VMAC case): estimateConvPartialVerticalMacInnerLoopCycles, then
// getConvPartialVerticalMacSupervisorOuterLoopCycleEstimate with the zeroing and the reduction
// of the workers' partials. One input and one output channel per group.
uint64_t verticalMacCycles(const ConvTileWork& w, uint32_t workers)
{
    const uint64_t rows = uint64_t(w.outHeight) * w.outWidth * w.batch;
    const BusiestWorkerRows b = busiestWorkerRows(rows, workers);
    // Each kernel row adds the busiest worker's whole outputs (kw each) and parts.
    const uint64_t inner = workers
        * verticalMacWorkerCycles(w, uint64_t(w.kernelHeight) * b.wholeRows, w.kernelWidth,
            uint64_t(w.kernelHeight) * b.partRows, uint32_t(ceilDiv(w.kernelWidth, b.rowSplitFactor)));
    const bool fp = w.floatPartials;
    const uint64_t outElems = uint64_t(w.outHeight) * w.outWidth;
    const uint64_t zero = 4 + ceilDiv(outElems, fp ? 2 : 4);
    const uint64_t perWorker = ceilDiv(outElems, workers);
    const uint64_t reduction = 10 - (fp ? 1 : 0)
        + (7 + (fp ? 2 : 0) + (fp ? 2 : 1) * uint64_t(workers - 1)) * perWorker
            / std::max<uint32_t>(1, w.convGroupsPerGroup);
    const uint64_t outerLoop = 32 + uint64_t(w.inGroups) * (24 + inner);
    // Supervisor 61, worker VMAC set-up 14, and the published state-retention term
    // `25 + floatPartials ? 1 : 0`, which C++ precedence makes 1.
    return 61 + 14 + 1 + (zero + outerLoop + reduction) * w.convGroups;
}

// ConvModel.cpp (outer-product case): getOuterProductCycleEstimate for a worker's share of the
// width (half output unless the activations are float), x the workers. The unrolled fast path
// needs enough channels per group, a repeat count under 4096 and a stride under 512.
uint64_t outerProductCycles(const ConvTileWork& w, uint32_t workers)
{
    const uint64_t width = ceilDiv(w.outWidth, workers);
    const uint64_t perGroup = std::max<uint32_t>(1, w.outChansPerGroup);
    const uint64_t groups = uint64_t(w.outGroups) * w.convGroups;
    uint64_t cycles = 0;
    if (w.floatActivations) {
        const bool fast
            = perGroup >= 6 && perGroup % 2 == 0 && perGroup / 2 - 3 < 4096 && perGroup / 2 + 1 < 512;
        cycles = 25 + groups * (11 + width * (fast ? 6 + (perGroup - 6) / 2 : 10 + perGroup * 2));
    } else {
        const bool fast
            = perGroup >= 12 && perGroup % 4 == 0 && perGroup / 4 - 3 < 4096 && perGroup / 4 + 1 < 512;
        cycles = 25 + groups * (10 + width * (fast ? 6 + (perGroup - 12) / 4 : 10 + perGroup * 5 / 2));
    }
    return cycles * workers;
}

// The table's dispatch: the estimator of each vertex (the functions above).
uint64_t convVertexCycles(ConvVertex vertex, const ConvTileWork& w, const AmpUnits& amp, uint32_t workers)
{
    switch (vertex) {
    case ConvVertex::Amp1x1:
        return amp1x1Cycles(w, amp, workers);
    case ConvVertex::AmpNx1:
        return ampNx1Cycles(w, amp, workers);
    case ConvVertex::HorizontalMac:
        return horizontalMacCycles(w, workers);
    case ConvVertex::VerticalMac:
        return verticalMacCycles(w, workers);
    case ConvVertex::OuterProduct:
        return outerProductCycles(w, workers);
    }
    return 0;
}

// PerformanceEstimation.hpp getReduceCycleEstimate (general path: float partials, half output,
// accumulating 4 a loop, 3 cycles per partial a loop) and, at depth 1, estimateCastCycles.
uint64_t convReduceCycles(uint64_t outputs, uint32_t depth, uint32_t workers)
{
    if (depth == 0 || outputs == 0)
        return 0;
    if (depth == 1) {
        const uint64_t perWorker = ceilDiv(outputs, workers);
        return (std::max(ceilDiv(perWorker, 2), ceilDiv(perWorker, 4)) + 26) * workers;
    }
    uint64_t loops = outputs / 4 + (outputs & 1) + ((outputs >> 1) & 1);
    uint64_t perWorker = loops / workers;
    uint64_t cycles = 32;
    if (loops % workers != 0) {
        if (outputs & 3)
            cycles += 2 * uint64_t(depth) + 13;
        else
            ++perWorker;
    }
    cycles += (3 * uint64_t(depth) + 6) * perWorker;
    return cycles * workers;
}

} // namespace popscope::sim
