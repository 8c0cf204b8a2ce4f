#pragma once
// Cycle estimates of poplin's convolution / matrix-multiplication vertices, from poplibs'
// published estimators (graphcore/poplibs lib/poplin/PerformanceEstimation.hpp, as the planner
// lib/poplin/ConvModel.cpp calls them). Pure functions; docs/simulator.md lists every formula.
// The figures are tile cycles of one supervisor vertex: 6 x the slowest worker + supervisor code.
#include <cstdint>
#include <string>
#include <vector>

namespace popscope::sim {

// The vertices poplin's planner chooses among (ConvVertexType.cpp's methods; the AMP method has a
// 1x1 and an nx1 vertex). SLIC is not modelled (docs/simulator.md, "The convolution planner").
enum class ConvVertex {
    Amp1x1, // poplin::ConvPartial1x1Out: AMP, 1x1 kernel, 1-D field, one worklist entry per worker
    AmpNx1, // poplin::ConvPartialnx1: AMP, any kernel / field, kernel rows stacked in the AMP
    HorizontalMac, // poplin::ConvPartialHorizontalMac: dot products along the input channels
    VerticalMac, // poplin::ConvPartialVerticalMac: one channel, 4 conv groups at a time
    OuterProduct, // poplin::OuterProduct: one input channel (a weight update at batch 1)
};

// One row of the table: the codelet a profile names and the poplibs function priced with.
struct ConvVertexInfo {
    ConvVertex vertex;
    const char* name; // short name for messages and docs
    const char* codelet; // vertex type name written into profiles
    const char* estimator; // poplibs function the cycles follow
    uint32_t codeBytes, stateBytes, fieldBytes; // vertex type sizes (our estimate)
};
const ConvVertexInfo& convVertexInfo(ConvVertex vertex);
const std::vector<ConvVertexInfo>& convVertexTable();

// The AMP of the target (poplar::Target): conv units used, weights each unit holds, bytes of
// coefficients loaded per cycle.
struct AmpUnits {
    uint32_t convUnits = 16; // getFp16InFp32OutConvUnitsPerTile on IPU2, or 8 for the 8-unit vertex
    uint32_t weightsPerConvUnit = 16; // getWeightsPerConvUnit: 16 half / 8 float
    uint32_t coeffLoadBytesPerCycle = 8; // 64-bit loads (ConvOptions use128BitConvUnitLoad = false)
};

// The work of one vertex on one tile, in the terms of ConvModel.cpp's addPartialCalcCycleEstimate.
struct ConvTileWork {
    uint32_t convGroups = 1; // conv-group groups (numConvGroups)
    uint32_t inGroups = 1; // input-channel groups (numInGroups)
    uint32_t outGroups = 1; // output-channel groups (numOutGroups)
    uint32_t convGroupsPerGroup = 1;
    uint32_t inChansPerGroup = 1;
    uint32_t outChansPerGroup = 1; // partialChansPerGroup
    uint32_t batch = 1; // batch elements on the tile
    uint32_t outHeight = 1; // output rows: the product of every field dimension but the innermost
    uint32_t outWidth = 1; // innermost output field dimension
    uint32_t kernelHeight = 1; // product of every kernel dimension but the innermost
    uint32_t kernelWidth = 1;
    uint32_t convUnitWeightHeight = 1; // AMP: kernel rows per weight load (filterHeight)
    bool floatActivations = false;
    bool floatPartials = true;
};

// getDenseDotProductCycles: one output channel's dot product over `size` input channels.
uint64_t denseDotProductCycles(
    uint32_t activationsVectorWidth, bool floatActivations, bool floatPartials, uint32_t size);
// One worker's share of the output as row pieces, counted rather than listed: a first piece,
// `wholeRows` rows of `width`, a last piece (0: none).
struct WorkerRows {
    uint32_t first = 0;
    uint64_t wholeRows = 0;
    uint32_t width = 0;
    uint32_t last = 0;
    std::vector<uint32_t> list() const; // the pieces' widths, in order
};
// partitionConvPartialByWorker (unit strides): worker w takes elements [w n / W, (w + 1) n / W) of
// the `rows` (batch x outer field) rows of `width`, cut at row ends.
std::vector<WorkerRows> shareRowsByWorker(uint64_t rows, uint32_t width, uint32_t workers);
// The same, listed: per worker, the widths of its row pieces.
std::vector<std::vector<uint32_t>> partitionRowsByWorker(
    uint32_t batch, uint32_t rows, uint32_t width, uint32_t workers);
// estimateZeroSupervisorCycles / getZeroSupervisorVertexCycleEstimate: zeroing float partials.
uint64_t zeroPartialsCycles(
    uint64_t fieldElements, uint32_t groups, uint32_t outChansPerGroup, uint32_t workers);

// getConvPartial1x1SupervisorInnerLoopCycleEstimateHalfFloat.
uint64_t amp1x1InnerLoopCycles(const std::vector<WorkerRows>& workerRows, uint32_t workers,
    uint32_t convUnits, bool zeroing, bool floatActivations, bool floatPartials);
// getConvPartialnx1WorkerCycles: one worker's pass over its worklist at one kernel position.
uint64_t ampNx1WorkerCycles(
    const WorkerRows& rows, bool floatActivations, bool floatPartials, uint32_t convUnits);
// getConvPartialAmpSupervisorWeightLoadCycleEstimate.
uint64_t ampWeightLoadCycles(const AmpUnits& amp, uint32_t weightBytesPerConvUnit, uint32_t filterHeight);

// The vertices (ConvModel.cpp addPartialCalcCycleEstimate, one case each).
uint64_t amp1x1Cycles(const ConvTileWork& w, const AmpUnits& amp, uint32_t workers);
uint64_t ampNx1Cycles(const ConvTileWork& w, const AmpUnits& amp, uint32_t workers);
uint64_t horizontalMacCycles(const ConvTileWork& w, uint32_t workers);
uint64_t verticalMacCycles(const ConvTileWork& w, uint32_t workers);
uint64_t outerProductCycles(const ConvTileWork& w, uint32_t workers);
uint64_t convVertexCycles(ConvVertex vertex, const ConvTileWork& w, const AmpUnits& amp, uint32_t workers);

// getReduceCycleEstimate (general path, float partials, half output): reducing `depth` partials
// of `outputs` elements on one tile; and estimateCastCycles (depth 1: float partials to half).
uint64_t convReduceCycles(uint64_t outputs, uint32_t depth, uint32_t workers);

} // namespace popscope::sim
