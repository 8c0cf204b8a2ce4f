#pragma once
// Builds the variables, compute sets, exchanges, programs and operations of dense / convolution
// layers (forward, backward, weight update) for the network generators.
#include "popscope/sim/conv_planner.hpp"
#include "popscope/sim/target_config.hpp"
#include "popscope/sim/workload_builder.hpp"

#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace popscope::sim {

enum class LayerKind { Conv, MatMul };

struct LayerSpec {
    std::string name; // "layer3/conv"
    LayerKind kind = LayerKind::MatMul;
    uint64_t flops = 0; // forward, per (micro)batch
    uint64_t weights = 0; // elements (half)
    uint64_t activations = 0; // output elements per (micro)batch (half)
    uint32_t ipu = 0;
    TileSet tiles; // tiles the layer is spread over (one IPU)
    uint32_t batch = 1;
    uint64_t inChannels = 1; // dense: inputs; conv: input channels
    uint64_t outChannels = 1; // dense: outputs; conv: output channels
    uint64_t image = 1; // conv: output image side (same padding)
    uint64_t kernel = 1; // conv: kernel side
    uint32_t extraVariables = 0; // small constants per layer (large profiles)
};

// The three matrix products of a layer, each a convolution for poplin's planner.
enum class LayerPass { Forward, GradInput, GradWeights };
// The convolution poplin plans for a pass (docs/simulator.md, "The convolution planner"). A dense
// layer's rows are its flops / (2 x inputs x outputs): the batch, times the sequence in pipelines.
ConvShape passShape(const LayerSpec& spec, LayerPass pass);

struct ModelOptions {
    bool training = true;
    std::string optimizer = "momentum"; // sgd | momentum | adam
    bool offloadOptimizer = false; // optimiser state in remote buffers (Streaming Memory)
    uint32_t jitterPercent = 8;
    bool poorLayout = false; // inputs mapped badly: strided exchange + PreArrange copies
    std::vector<uint32_t> stashDepthByIpu; // pipeline FIFO depth (extra activation copies) per IPU
    uint32_t unevenPercent = 12; // large tensors' per-tile split varies by up to this (VariableDesc)
    bool interleavedWeights = true; // weights and partials in the interleaved region (AMP loads)
    // Also per-layer worklists, bias / normalisation parameters, their gradients and optimiser
    // state, as a real model's report lists them (demo).
    bool detailedVariables = false;
};

struct LayerPrograms {
    uint32_t forward = 0, backward = 0, update = 0; // Sequence programs (placed once by the caller)
    uint32_t output = 0; // output activation variable
};

class ModelBuilder {
public:
    ModelBuilder(WorkloadBuilder& builder, const TargetConfig& target, ModelOptions options);

    // `input`: variable holding the layer's input activations (-1 none). `inputElements` is its size.
    LayerPrograms addLayer(const LayerSpec& spec, int64_t input, uint64_t inputElements);
    // Sync(External) + GlobalExchange moving `elements` half values onto `tiles` (another IPU).
    uint32_t interIpuCopy(const std::string& name, const TileSet& tiles, uint64_t elements,
        const std::vector<uint32_t>& reads, const std::vector<uint32_t>& writes);
    // The plan of one pass of a layer on the layer's tiles (memoised by shape and tile count).
    const ConvPlan& plan(const LayerSpec& spec, LayerPass pass);
    const ModelOptions& options() const { return m_options; }

private:
    struct Layer; // model_layer.cpp
    void addLayerVariables(Layer& layer);
    void addDetailedVariables(Layer& layer);
    int64_t preArrange(const Layer& layer, uint64_t inputElements);
    uint32_t forwardPass(const Layer& layer, uint64_t inputElements);
    uint32_t backwardPass(Layer& layer, uint64_t inputElements);
    std::vector<uint32_t> remoteStateCopies(const Layer& layer);
    uint32_t updatePass(const Layer& layer);
    struct LayerVars;
    uint32_t tensor(const std::string& name, const std::string& type, uint64_t elements, const TileSet& tiles,
        bool alwaysLive, int64_t dc, bool interleaved = false);
    uint32_t matmulSet(const std::string& name, const LayerSpec& spec, LayerPass pass, uint64_t flops,
        int64_t dc, std::vector<uint32_t> reads, std::vector<uint32_t> writes);
    uint32_t elementwiseSet(const std::string& name, const std::string& vertex, const LayerSpec& spec,
        uint64_t elements, uint32_t cyclesPerElement, int64_t dc, std::vector<uint32_t> reads,
        std::vector<uint32_t> writes);
    int64_t exchangeOnto(const std::string& name, const LayerSpec& spec, uint64_t bytes, int64_t dc,
        std::vector<uint32_t> reads, std::vector<uint32_t> writes);
    void operation(const std::string& name, const std::string& layer, int64_t dc, std::vector<uint32_t> cs,
        std::vector<uint32_t> ex, std::vector<uint32_t> sc, uint64_t flops);

    WorkloadBuilder& m_b;
    const TargetConfig& m_target;
    ModelOptions m_options;
    std::map<std::pair<ConvShape, uint32_t>, ConvPlan> m_plans;
};

// One training (or inference) step over a stack of layers: stream the input in, forward through
// the layers (inter-IPU copies where the IPU changes), stream the loss out, backward in reverse,
// update. Returns the step's Sequence program.
struct StackOptions {
    bool training = true;
    std::vector<uint32_t> ioTiles; // non-empty: the input is prefetched onto these I/O tiles
                                   // (overlapping compute) and exchanged to the compute tiles
    std::function<void(uint32_t step)> beforeUpdate; // e.g. gradient all-reduce across replicas
};
uint32_t buildStack(WorkloadBuilder& b, ModelBuilder& m, const std::vector<LayerSpec>& layers,
    uint64_t inputElements, const StackOptions& options);

// Layer specs: dense layers batch x inputs -> batch x outputs; convolutions same-padded.
LayerSpec denseLayer(const std::string& name, uint32_t batch, uint64_t inputs, uint64_t outputs, uint32_t ipu,
    const TileSet& tiles);
LayerSpec convLayer(const std::string& name, uint32_t batch, uint64_t image, uint64_t inChannels,
    uint64_t outChannels, uint64_t kernel, uint32_t ipu, const TileSet& tiles);

} // namespace popscope::sim
