#pragma once
// A small version of poplin's convolution planner (graphcore/poplibs lib/poplin/ConvPlan.cpp,
// ConvVertexType.cpp, ConvModel.cpp): for a layer shape and a number of tiles, the vertex and the
// split over tiles poplin would choose, and the per-tile cycles of that vertex (conv_cost.hpp).
// Deterministic; docs/simulator.md ("The convolution planner") lists its rules and simplifications.
#include "popscope/sim/conv_cost.hpp"
#include "popscope/sim/target_config.hpp"

#include <cstdint>

namespace popscope::sim {

// A convolution as poplin's ConvParams describe it (stride 1, same padding, no dilation).
struct ConvShape {
    uint64_t batch = 1;
    uint64_t fieldHeight = 1; // output field rows (1 for a 1-D field)
    uint64_t fieldWidth = 1; // output field columns
    uint64_t kernelHeight = 1;
    uint64_t kernelWidth = 1;
    uint64_t inChans = 1; // per conv group
    uint64_t outChans = 1; // per conv group
    uint64_t convGroups = 1;
    bool floatActivations = false; // half (the default) or float; partials are always float
    bool operator==(const ConvShape&) const = default;
    auto operator<=>(const ConvShape&) const = default;
};

// poplin MatMul.cpp getConvParams: C[rows x cols] = A[rows x inner] B[inner x cols] is a 1-D
// convolution with a 1x1 kernel over a field of `cols`, `inner` input channels and `rows` output
// channels. A dense layer's forward pass has rows = batch, inner = inputs, cols = outputs.
ConvShape matmulAsConv(uint64_t rows, uint64_t inner, uint64_t cols);

// The AMP of a target: conv units from its half (float) FLOPs per cycle per tile, each unit
// loading 4 half (2 float) activations a cycle, 16 half (8 float) weights per unit.
AmpUnits targetAmp(const TargetConfig& target, bool floatActivations);

struct ConvPlan {
    ConvVertex vertex = ConvVertex::AmpNx1;
    AmpUnits amp; // the AMP configuration (AMP vertices only)
    ConvTileWork tile; // the busiest tile's share
    uint32_t convGroupSplit = 1, batchSplit = 1, heightSplit = 1, widthSplit = 1;
    uint32_t inChanSplit = 1, outChanSplit = 1;
    uint32_t tiles = 1; // tiles the plan uses (the product of the splits)
    uint64_t computeCycles = 0; // the vertex on the busiest tile
    uint64_t exchangeCycles = 0; // inputs, weights and partials the busiest tile receives
    uint64_t reduceCycles = 0; // reducing the input-channel split's partials (or the cast to half)
    uint64_t totalCycles() const { return computeCycles + exchangeCycles + reduceCycles; }
};

// The plan with the fewest total cycles over the candidate vertices and splits onto at most
// `tiles` tiles; ties go to the earlier candidate (poplin's order) and the smaller splits.
ConvPlan planConvolution(const ConvShape& shape, const TargetConfig& target, uint32_t tiles);

} // namespace popscope::sim
