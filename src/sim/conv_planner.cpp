// The convolution planner: candidate vertices as poplin's ConvVertexType.cpp lists them, splits
// over tiles as ConvPlan.cpp partitions a convolution, costs as ConvModel.cpp adds them up
// (exchange of inputs, weights and partials + the vertex + the reduction).
#include "popscope/sim/conv_planner.hpp"
#include "ceil_div.hpp"

#include <algorithm>
#include <limits>
#include <optional>
#include <tuple>

namespace popscope::sim {

namespace {

uint64_t roundUp(uint64_t a, uint64_t b)
{
    return ceilDiv(a, b) * b;
}
uint32_t narrow(uint64_t v)
{
    return uint32_t(std::min<uint64_t>(v, std::numeric_limits<uint32_t>::max()));
}

enum class Method { Amp, HorizontalMac, VerticalMac, OuterProduct };

// ConvVertexType: method, groupings and (AMP) conv units. For the horizontal MAC the input-channel
// group is the tile's whole share (inChansPerGroup 0 here), the grouping its estimate favours.
struct Candidate {
    Method method = Method::Amp;
    uint32_t convGroupsPerGroup = 1;
    uint32_t inChansPerGroup = 1;
    uint32_t partialChansPerGroup = 1;
    AmpUnits amp;
    uint32_t inGrain() const { return inChansPerGroup == 0 ? 2 : inChansPerGroup; }
};

// ConvVertexType.cpp getConvVertexAMPCandidates: conv units (and 8 on a 16-unit AMP), input
// channels per group dividing the unit's weights with 64-bit aligned loads, partial channels equal
// to the units or to the weights the units use.
void addAmpCandidates(const ConvShape& s, const TargetConfig& t, std::vector<Candidate>& out)
{
    const AmpUnits full = targetAmp(t, s.floatActivations);
    if (full.convUnits == 0)
        return;
    std::vector<uint32_t> units { full.convUnits }, partials { full.convUnits, full.weightsPerConvUnit };
    if (full.convUnits > 8) {
        units.push_back(8);
        partials.push_back(8);
    }
    const uint32_t bits = s.floatActivations ? 32 : 16;
    for (uint32_t u : units)
        for (uint32_t in = full.weightsPerConvUnit; in >= 1; --in)
            for (uint32_t p : partials) {
                const uint32_t used = full.weightsPerConvUnit * u / full.convUnits;
                if ((p != u && p != used) || full.weightsPerConvUnit % in != 0 || p % u != 0
                    || in * bits % 64 != 0)
                    continue;
                const uint32_t perUnit = in == full.weightsPerConvUnit ? in : used;
                if (perUnit % in != 0)
                    continue;
                Candidate c { Method::Amp, 1, in, p, full };
                c.amp.convUnits = u;
                const bool seen = std::any_of(out.begin(), out.end(), [&](const Candidate& o) {
                    return o.inChansPerGroup == in && o.partialChansPerGroup == p && o.amp.convUnits == u;
                });
                if (!seen)
                    out.push_back(c);
            }
}

// getConvVertexTypeCandidates (AMP, HMAC, VMAC, outer product; SLIC not modelled), ordered as
// sortConvVertexTypeCandidates orders them: most useful MACs per cycle after padding, then least
// padding, then the order found.
std::vector<Candidate> candidates(const ConvShape& s, const TargetConfig& t)
{
    std::vector<Candidate> out;
    addAmpCandidates(s, t, out);
    out.push_back({ Method::HorizontalMac, 1, 0, 1, {} });
    if (!s.floatActivations)
        out.push_back({ Method::VerticalMac, 4, 1, 1, {} });
    if (s.inChans == 1 && s.kernelHeight == 1 && s.kernelWidth == 1)
        out.push_back({ Method::OuterProduct, 1, 1, s.floatActivations ? 2u : 4u, {} });
    // In the order ConvVertexType's operator< gives (duplicates were left out above).
    std::stable_sort(out.begin(), out.end(), [](const Candidate& a, const Candidate& b) {
        return std::tuple(
                   a.method, a.convGroupsPerGroup, a.inChansPerGroup, a.partialChansPerGroup, a.amp.convUnits)
            < std::tuple(
                b.method, b.convGroupsPerGroup, b.inChansPerGroup, b.partialChansPerGroup, b.amp.convUnits);
    });
    const uint32_t vectorWidth = s.floatActivations ? 2 : 4;
    struct Rank {
        double useful, padding;
        size_t index;
    };
    std::vector<Rank> ranks;
    for (size_t i = 0; i < out.size(); ++i) {
        const Candidate& c = out[i];
        const double size = double(s.inChans) * double(s.outChans);
        const double padded
            = double(roundUp(s.inChans, c.inGrain())) * double(roundUp(s.outChans, c.partialChansPerGroup));
        const double padding = (padded - size) / padded;
        const double macs = c.method == Method::Amp
            ? double(std::min(c.amp.convUnits, c.partialChansPerGroup) * vectorWidth)
            : double(vectorWidth);
        ranks.push_back({ macs * (1 - padding), padding, i });
    }
    std::stable_sort(ranks.begin(), ranks.end(), [](const Rank& a, const Rank& b) {
        return a.useful != b.useful ? a.useful > b.useful : a.padding < b.padding;
    });
    std::vector<Candidate> sorted;
    for (const Rank& r : ranks)
        sorted.push_back(out[r.index]);
    return sorted;
}

// Splits tried for a dimension of `n` grains with `limit` tiles left: powers of two and the most
// that fits.
std::vector<uint32_t> splitsOf(uint64_t n, uint64_t limit)
{
    const uint64_t most = std::max<uint64_t>(1, std::min(n, limit));
    std::vector<uint32_t> out;
    for (uint64_t s = 1; s < most; s *= 2)
        out.push_back(uint32_t(s));
    out.push_back(uint32_t(most));
    return out;
}

struct Split {
    uint32_t groups = 1, batch = 1, height = 1, width = 1, in = 1, out = 1;
    uint64_t tiles() const { return uint64_t(groups) * batch * height * width * in * out; }
};

// The busiest tile's share of the convolution under a split (the ceiling of every dimension).
ConvTileWork tileWork(const ConvShape& s, const Candidate& c, const Split& p, const TargetConfig& t)
{
    ConvTileWork w;
    w.convGroupsPerGroup = c.convGroupsPerGroup;
    w.outChansPerGroup = c.partialChansPerGroup;
    w.convGroups = narrow(ceilDiv(ceilDiv(s.convGroups, c.convGroupsPerGroup), p.groups));
    w.outGroups = narrow(ceilDiv(ceilDiv(s.outChans, c.partialChansPerGroup), p.out));
    const uint64_t inGrains = ceilDiv(ceilDiv(s.inChans, c.inGrain()), p.in);
    w.inGroups = c.inChansPerGroup == 0 ? 1 : narrow(inGrains);
    w.inChansPerGroup = c.inChansPerGroup == 0 ? narrow(inGrains * c.inGrain()) : c.inChansPerGroup;
    w.batch = narrow(ceilDiv(s.batch, p.batch));
    w.outHeight = narrow(ceilDiv(s.fieldHeight, p.height));
    w.outWidth = narrow(ceilDiv(s.fieldWidth, p.width));
    w.kernelHeight = narrow(s.kernelHeight);
    w.kernelWidth = narrow(s.kernelWidth);
    w.floatActivations = s.floatActivations;
    w.floatPartials = true;
    if (c.method == Method::Amp) {
        // ConvModel.cpp: fewer input channels than a unit's weights stack kernel rows in the unit.
        const AmpUnits full = targetAmp(t, s.floatActivations);
        const uint32_t perUnit = c.inChansPerGroup == full.weightsPerConvUnit
            ? full.weightsPerConvUnit
            : full.weightsPerConvUnit / std::max<uint32_t>(1, full.convUnits / c.amp.convUnits);
        w.convUnitWeightHeight = std::max<uint32_t>(1, perUnit / c.inChansPerGroup);
    }
    return w;
}

// ConvModel.cpp's AMP case: the 1x1 vertex needs one weight row per unit, a 1x1 kernel, batch 1
// and a 1-D field on the tile (canUseConvPartial1x1Vertex); otherwise the nx1 vertex.
ConvVertex vertexOf(const ConvShape& s, const Candidate& c, const ConvTileWork& w)
{
    switch (c.method) {
    case Method::Amp: {
        const bool oneByOne = w.convUnitWeightHeight == 1 && s.kernelHeight * s.kernelWidth == 1
            && s.batch == 1 && w.outHeight == 1;
        return oneByOne ? ConvVertex::Amp1x1 : ConvVertex::AmpNx1;
    }
    case Method::HorizontalMac:
        return ConvVertex::HorizontalMac;
    case Method::VerticalMac:
        return ConvVertex::VerticalMac;
    case Method::OuterProduct:
        return ConvVertex::OuterProduct;
    }
    return ConvVertex::HorizontalMac;
}

// ConvModel.cpp addExchangeCycleEstimates (one level: the tiles of one IPU): the inputs the tile
// needs (its output range widened by the kernel, clipped to the input) less the share already
// there (1 / output-channel split), the weights less 1 / (field x batch split), and the float
// partials it sends on, each at exchangeBytesPerCycle.
uint64_t exchangeCycles(const ConvShape& s, const ConvTileWork& w, const Split& p, const TargetConfig& t)
{
    const uint64_t actBytes = s.floatActivations ? 4 : 2;
    const uint64_t inRows = std::min<uint64_t>(w.outHeight + s.kernelHeight - 1, s.fieldHeight);
    const uint64_t inCols = std::min<uint64_t>(w.outWidth + s.kernelWidth - 1, s.fieldWidth);
    const uint64_t groups = uint64_t(w.convGroups) * w.convGroupsPerGroup;
    const uint64_t inChans = uint64_t(w.inGroups) * w.inChansPerGroup;
    const uint64_t outChans = uint64_t(w.outGroups) * w.outChansPerGroup;
    const uint64_t inputs = inRows * inCols * w.batch * inChans * groups;
    const uint64_t weights = s.kernelHeight * s.kernelWidth * inChans * outChans * groups;
    const uint64_t fieldTiles = uint64_t(p.batch) * p.height * p.width;
    const uint64_t partials = uint64_t(w.outHeight) * w.outWidth * w.batch * outChans * groups;
    const uint64_t perCycle = std::max<uint32_t>(1, t.exchangeBytesPerCycle);
    return ceilDiv((inputs - inputs / p.out) * actBytes, perCycle)
        + ceilDiv((weights - weights / fieldTiles) * actBytes, perCycle) + ceilDiv(partials * 4, perCycle);
}

// One candidate under one split; nullopt when the vertex cannot take the tile's share (the
// vertical MAC takes one output channel per tile, the outer product one batch element).
std::optional<ConvPlan> evaluate(
    const ConvShape& s, const Candidate& c, const Split& p, const TargetConfig& t)
{
    const ConvTileWork w = tileWork(s, c, p, t);
    if ((c.method == Method::VerticalMac && uint64_t(w.outGroups) * w.outChansPerGroup > 1)
        || (c.method == Method::OuterProduct && w.batch > 1))
        return std::nullopt;
    ConvPlan plan;
    plan.vertex = vertexOf(s, c, w);
    plan.amp = c.amp;
    plan.tile = w;
    plan.convGroupSplit = p.groups;
    plan.batchSplit = p.batch;
    plan.heightSplit = p.height;
    plan.widthSplit = p.width;
    plan.inChanSplit = p.in;
    plan.outChanSplit = p.out;
    plan.tiles = narrow(p.tiles());
    plan.computeCycles = convVertexCycles(plan.vertex, w, c.amp, t.workers);
    plan.exchangeCycles = exchangeCycles(s, w, p, t);
    // ConvModel.cpp addReduceCycleEstimate: the tile's partials reduced over the input split.
    const uint64_t partials = uint64_t(w.outHeight) * w.outWidth * w.batch * w.outGroups * w.outChansPerGroup
        * w.convGroups * w.convGroupsPerGroup;
    plan.reduceCycles = convReduceCycles(ceilDiv(partials, p.in), p.in, t.workers);
    return plan;
}

// The field's share of the tiles goes to the batch, then the rows, then the columns.
Split fieldSplit(const ConvShape& s, Split p, uint64_t budget)
{
    p.batch = narrow(std::max<uint64_t>(1, std::min(s.batch, budget)));
    p.height = narrow(std::max<uint64_t>(1, std::min(s.fieldHeight, budget / p.batch)));
    p.width = narrow(std::max<uint64_t>(1, std::min(s.fieldWidth, budget / (uint64_t(p.batch) * p.height))));
    return p;
}

} // namespace

ConvShape matmulAsConv(uint64_t rows, uint64_t inner, uint64_t cols)
{
    ConvShape s;
    s.fieldWidth = std::max<uint64_t>(1, cols);
    s.inChans = std::max<uint64_t>(1, inner);
    s.outChans = std::max<uint64_t>(1, rows);
    return s;
}

AmpUnits targetAmp(const TargetConfig& t, bool floatActivations)
{
    AmpUnits a;
    // A unit multiplies 4 half (2 float) activations a cycle: 2 flops each.
    a.convUnits = floatActivations ? t.flopsPerCycleFloat / 4 : t.flopsPerCycleHalf / 8;
    a.weightsPerConvUnit = floatActivations ? 8 : 16;
    a.coeffLoadBytesPerCycle = 8;
    return a;
}

ConvPlan planConvolution(const ConvShape& shape, const TargetConfig& target, uint32_t tiles)
{
    const uint64_t all = std::max<uint32_t>(1, tiles);
    std::optional<ConvPlan> best;
    for (const Candidate& c : candidates(shape, target)) {
        const uint64_t outGrains = ceilDiv(shape.outChans, c.partialChansPerGroup);
        for (uint32_t g : splitsOf(ceilDiv(shape.convGroups, c.convGroupsPerGroup), all))
            for (uint32_t o : splitsOf(outGrains, all / g)) {
                if (c.method == Method::VerticalMac && o != outGrains)
                    continue;
                for (uint32_t i : splitsOf(ceilDiv(shape.inChans, c.inGrain()), all / (uint64_t(g) * o))) {
                    const uint64_t budget = all / (uint64_t(g) * o * i);
                    for (uint32_t f : splitsOf(budget, budget)) {
                        const auto plan
                            = evaluate(shape, c, fieldSplit(shape, { g, 1, 1, 1, i, o }, f), target);
                        if (plan && (!best || plan->totalCycles() < best->totalCycles()))
                            best = plan;
                    }
                }
            }
    }
    return best.value_or(ConvPlan {});
}

} // namespace popscope::sim
