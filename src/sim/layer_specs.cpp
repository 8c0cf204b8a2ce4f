// Layer specs of the network generators and the convolution each pass of a layer is for poplin.
#include "model_builder.hpp"

#include <algorithm>

namespace popscope::sim {

LayerSpec denseLayer(const std::string& name, uint32_t batch, uint64_t inputs, uint64_t outputs, uint32_t ipu,
    const TileSet& tiles)
{
    LayerSpec s;
    s.name = name;
    s.kind = LayerKind::MatMul;
    s.flops = 2 * uint64_t(batch) * inputs * outputs;
    s.weights = inputs * outputs;
    s.activations = uint64_t(batch) * outputs;
    s.ipu = ipu;
    s.tiles = tiles;
    s.batch = batch;
    s.inChannels = inputs;
    s.outChannels = outputs;
    return s;
}

LayerSpec convLayer(const std::string& name, uint32_t batch, uint64_t image, uint64_t inChannels,
    uint64_t outChannels, uint64_t kernel, uint32_t ipu, const TileSet& tiles)
{
    LayerSpec s;
    s.name = name;
    s.kind = LayerKind::Conv;
    s.flops = 2 * uint64_t(batch) * image * image * inChannels * outChannels * kernel * kernel;
    s.weights = inChannels * outChannels * kernel * kernel;
    s.activations = uint64_t(batch) * image * image * outChannels;
    s.ipu = ipu;
    s.tiles = tiles;
    s.batch = batch;
    s.inChannels = inChannels;
    s.outChannels = outChannels;
    s.image = image;
    s.kernel = kernel;
    return s;
}

// poplin MatMul.cpp getConvParams for the fully connected passes; a convolution's weight update
// as the matrix product poplin's transforms (expandDims, outChanFlattenDims) make of it.
ConvShape passShape(const LayerSpec& spec, LayerPass pass)
{
    const uint64_t in = std::max<uint64_t>(1, spec.inChannels), out = std::max<uint64_t>(1, spec.outChannels);
    if (spec.kind == LayerKind::MatMul) {
        const uint64_t rows = std::max<uint64_t>(1, spec.flops / (2 * in * out));
        return pass == LayerPass::Forward  ? matmulAsConv(rows, in, out)
            : pass == LayerPass::GradInput ? matmulAsConv(rows, out, in)
                                           : matmulAsConv(in, rows, out);
    }
    const uint64_t k = std::max<uint64_t>(1, spec.kernel), field = std::max<uint64_t>(1, spec.image);
    if (pass == LayerPass::GradWeights)
        return matmulAsConv(in * k * k, uint64_t(std::max<uint32_t>(1, spec.batch)) * field * field, out);
    ConvShape s;
    s.batch = std::max<uint32_t>(1, spec.batch);
    s.fieldHeight = s.fieldWidth = field;
    s.kernelHeight = s.kernelWidth = k;
    s.inChans = pass == LayerPass::Forward ? in : out;
    s.outChans = pass == LayerPass::Forward ? out : in;
    return s;
}

} // namespace popscope::sim
