#include "generator_params.hpp"

#include "popscope/errors.hpp"

#include <charconv>

namespace popscope::sim {

namespace {

struct Entry {
    GeneratorInfo info;
    GeneratorFn fn;
};

const std::vector<Entry>& entries()
{
    static const std::vector<Entry> e = {
        { { "sort",
              "sort N float keys: heap sort on one tile (every other tile waits) or bitonic across all tiles",
              { { "n", "65536", "number of elements" },
                  { "algorithm", "single",
                      "single (HeapSortVertex on tile 0) | bitonic (CompareAndSwapAtDistance steps)" },
                  { "keyValue", "false", "sort key-value pairs (doubles the heap-sort cost)" } } },
            generateSort },
        { { "matmul",
              "a stack of dense (matmul) layers split over the tiles of one or more IPUs, trained with SGD",
              { { "batch", "4", "batch size" }, { "inputs", "2048", "input features of every layer" },
                  { "outputs", "2048", "output features of every layer" },
                  { "layers", "4", "number of layers" }, { "ipus", "1", "IPUs the layers are sharded over" },
                  { "training", "true", "forward + backward + update (false: inference)" },
                  { "iterations", "1", "device iterations (Repeat count)" } } },
            generateMatmul },
        { { "conv", "a stack of 2-D convolution layers split over the tiles, trained with SGD + momentum",
              { { "batch", "4", "batch size" }, { "image", "112", "height = width of the feature maps" },
                  { "channels", "128", "input = output channels" },
                  { "kernel", "3", "kernel height = width" }, { "layers", "6", "number of layers" },
                  { "training", "true", "forward + backward + update (false: inference)" },
                  { "iterations", "1", "device iterations (Repeat count)" } } },
            generateConv },
        { { "pipeline",
              "a model pipelined over IPUs (one stage per IPU) with grouped, interleaved or sequential "
              "schedule",
              { { "schedule", "grouped", "grouped | interleaved | sequential" },
                  { "stages", "4", "pipeline stages = IPUs" },
                  { "gradientAccumulation", "8",
                      "micro-batches per weight update (>= 2 x stages - 1 unless sequential)" },
                  { "deviceIterations", "2", "weight updates per run (Repeat count)" },
                  { "batch", "4", "micro-batch size" }, { "hidden", "1024", "hidden size" },
                  { "sequence", "128", "sequence length (activations are batch x sequence x hidden x 4)" },
                  { "layersPerStage", "2", "dense layers per stage" } } },
            generatePipeline },
        { { "replicas", "data-parallel training replicated over R IPUs: gradients all-reduced over IPU-Links",
              { { "replicas", "4", "number of replicas (1 = no global exchange)" },
                  { "batch", "8", "batch size per replica" }, { "hidden", "2048", "hidden size" },
                  { "layers", "4", "dense layers" } } },
            generateReplicas },
        { { "offload",
              "training with Adam; optimiser state on chip or offloaded to remote buffers (Streaming Memory)",
              { { "offload", "true", "keep the optimiser state in remote buffers" },
                  { "batch", "8", "batch size" }, { "hidden", "1536", "hidden size" },
                  { "layers", "6", "dense layers" } } },
            generateOffload },
        { { "io-tiles",
              "inference fed by host streams, with or without I/O tiles overlapping the copies with compute",
              { { "ioTiles", "64", "I/O tiles per IPU (even; 0 = stream straight to the compute tiles)" },
                  { "inputBytes", "4194304", "bytes streamed from the host per iteration" },
                  { "batch", "16", "batch size" }, { "layers", "4", "convolution layers" },
                  { "iterations", "8", "iterations (Repeat count)" } } },
            generateIoTiles },
        { { "strided",
              "layers whose inputs are mapped well, or badly (strided: PreArrange copies, large exchange "
              "code)",
              { { "strided", "true", "map inputs element by element over the tiles (poor layout)" },
                  { "batch", "8", "batch size" }, { "hidden", "2048", "hidden size" },
                  { "layers", "4", "dense layers" } } },
            generateStrided },
        { { "demo", "a small CNN + classifier trained on 2 Mk2 IPUs: the profile the GUI opens by default",
              { { "ipus", "2", "IPUs the model is sharded over (1 or 2)" }, { "batch", "16", "batch size" },
                  { "iterations", "2", "training steps (Repeat count)" } } },
            generateDemo },
        { { "bench",
              "a large sharded model for benchmarks (bench-large: 4 IPUs, >= 200k variables, >= 50k steps)",
              { { "ipus", "4", "IPUs" }, { "layersPerIpu", "800", "layers on every IPU" },
                  { "variablesPerLayer", "70",
                      "small constant variables per layer (besides weights, activations...)" },
                  { "tilesPerLayer", "92", "tiles each layer is spread over" } } },
            generateBench },
    };
    return e;
}

} // namespace

const std::vector<GeneratorInfo>& generatorInfos()
{
    static const std::vector<GeneratorInfo> infos = [] {
        std::vector<GeneratorInfo> out;
        for (const auto& e : entries())
            out.push_back(e.info);
        return out;
    }();
    return infos;
}

const GeneratorInfo* findGenerator(const std::string& name)
{
    for (const auto& g : generatorInfos())
        if (g.name == name)
            return &g;
    return nullptr;
}

Workload generateWorkload(const std::string& name, const std::map<std::string, std::string>& params,
    TargetConfig& target, uint64_t seed, const std::string& source)
{
    for (const auto& e : entries()) {
        if (e.info.name != name)
            continue;
        GeneratorParams p(e.info, params, source);
        return e.fn(p, target, seed);
    }
    std::string known;
    for (const auto& e : entries())
        known += (known.empty() ? "" : ", ") + e.info.name;
    throw ProfileError(
        ErrorKind::InvalidInput, source, "unknown workload '" + name + "' (known: " + known + ")");
}

GeneratorParams::GeneratorParams(
    const GeneratorInfo& info, const std::map<std::string, std::string>& given, std::string source)
    : m_info(info)
    , m_source(std::move(source))
{
    for (const auto& p : info.params)
        m_values[p.name] = p.defaultValue;
    for (const auto& [key, value] : given) {
        if (!m_values.count(key)) {
            std::string known;
            for (const auto& p : info.params)
                known += (known.empty() ? "" : ", ") + p.name;
            throw ProfileError(ErrorKind::InvalidInput, m_source,
                "workload '" + info.name + "' has no parameter '" + key + "' (parameters: " + known + ")");
        }
        m_values[key] = value;
    }
}

void GeneratorParams::fail(const std::string& key, const std::string& problem) const
{
    throw ProfileError(ErrorKind::InvalidInput, m_source,
        "parameter '" + key + "' of workload '" + m_info.name + "': " + problem);
}

const std::string& GeneratorParams::raw(const std::string& key) const
{
    auto it = m_values.find(key);
    if (it == m_values.end())
        fail(key, "not declared (internal error)");
    return it->second;
}

uint64_t GeneratorParams::integer(const std::string& key, uint64_t min, uint64_t max) const
{
    const std::string& v = raw(key);
    uint64_t out = 0;
    auto r = std::from_chars(v.data(), v.data() + v.size(), out);
    if (r.ec != std::errc() || r.ptr != v.data() + v.size() || out < min || out > max)
        fail(key,
            "expected an integer in " + std::to_string(min) + ".." + std::to_string(max) + ", got '" + v
                + "'");
    return out;
}

bool GeneratorParams::flag(const std::string& key) const
{
    const std::string& v = raw(key);
    if (v == "true" || v == "1" || v == "on" || v == "yes")
        return true;
    if (v == "false" || v == "0" || v == "off" || v == "no")
        return false;
    fail(key, "expected true or false, got '" + v + "'");
}

std::string GeneratorParams::choice(const std::string& key, const std::vector<std::string>& allowed) const
{
    const std::string& v = raw(key);
    std::string list;
    for (const auto& a : allowed) {
        if (a == v)
            return v;
        list += (list.empty() ? "" : ", ") + a;
    }
    fail(key, "expected one of " + list + ", got '" + v + "'");
}

} // namespace popscope::sim
