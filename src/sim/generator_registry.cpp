#include "generator_params.hpp"

#include "popscope/errors.hpp"

#include <charconv>

namespace popscope::sim {

namespace {

struct Entry {
    GeneratorInfo info;
    GeneratorFn fn;
};

ParamInfo count(const char* name, const char* value, uint64_t minimum, uint64_t maximum, const char* unit,
    const char* help)
{
    return { name, value, help, ParamKind::Integer, minimum, maximum, unit, {} };
}

ParamInfo flag(const char* name, const char* value, const char* help)
{
    return { name, value, help, ParamKind::Flag, 0, 0, "", {} };
}

ParamInfo choice(const char* name, const char* value, std::vector<std::string> choices, const char* help)
{
    return { name, value, help, ParamKind::Choice, 0, 0, "", std::move(choices) };
}

// The one data table of the generators: every parameter with its kind, range and unit, which the
// CLI's checks, `simulate --help` and the window's fields all follow.
const std::vector<Entry>& entries()
{
    constexpr uint64_t kMaxElements = uint64_t(1) << 26;
    constexpr uint64_t kMaxInputBytes = uint64_t(1) << 34;
    static const std::vector<Entry> e = {
        { { "sort",
              "sort N float keys: heap sort on one tile (every other tile waits) or bitonic across all tiles",
              { count("n", "65536", 2, kMaxElements, "elements", "number of elements"),
                  choice("algorithm", "single", { "single", "bitonic" },
                      "single (HeapSortVertex on tile 0) | bitonic (CompareAndSwapAtDistance steps)"),
                  flag("keyValue", "false", "sort key-value pairs (doubles the heap-sort cost)") } },
            generateSort },
        { { "matmul",
              "a stack of dense (matmul) layers split over the tiles of one or more IPUs, trained with SGD",
              { count("batch", "4", 1, 4096, "samples", "batch size"),
                  count("inputs", "2048", 1, 65536, "features", "input features of every layer"),
                  count("outputs", "2048", 1, 65536, "features", "output features of every layer"),
                  count("layers", "4", 1, 1000, "", "number of layers"),
                  count("ipus", "1", 1, 64, "IPUs", "IPUs the layers are sharded over"),
                  flag("training", "true", "forward + backward + update (false: inference)"),
                  count("iterations", "1", 1, 10000, "", "device iterations (Repeat count)") } },
            generateMatmul },
        { { "conv", "a stack of 2-D convolution layers split over the tiles, trained with SGD + momentum",
              { count("batch", "4", 1, 1024, "samples", "batch size"),
                  count("image", "112", 1, 1024, "pixels", "height = width of the feature maps"),
                  count("channels", "128", 1, 4096, "channels", "input = output channels"),
                  count("kernel", "3", 1, 11, "pixels", "kernel height = width"),
                  count("layers", "6", 1, 500, "", "number of layers"),
                  flag("training", "true", "forward + backward + update (false: inference)"),
                  count("iterations", "1", 1, 10000, "", "device iterations (Repeat count)") } },
            generateConv },
        { { "pipeline",
              "a model pipelined over IPUs (one stage per IPU) with grouped, interleaved or sequential "
              "schedule",
              { choice("schedule", "grouped", { "grouped", "interleaved", "sequential" },
                    "grouped | interleaved | sequential"),
                  count("stages", "4", 2, 16, "IPUs", "pipeline stages = IPUs"),
                  count("gradientAccumulation", "8", 1, 1024, "micro-batches",
                      "micro-batches per weight update (>= 2 x stages - 1 unless sequential)"),
                  count("deviceIterations", "2", 1, 1000, "", "weight updates per run (Repeat count)"),
                  count("batch", "4", 1, 256, "samples", "micro-batch size"),
                  count("hidden", "1024", 8, 16384, "features", "hidden size"),
                  count("sequence", "128", 1, 4096, "tokens",
                      "sequence length (activations are batch x sequence x hidden x 4)"),
                  count("layersPerStage", "2", 1, 64, "", "dense layers per stage") } },
            generatePipeline },
        { { "replicas", "data-parallel training replicated over R IPUs: gradients all-reduced over IPU-Links",
              { count("replicas", "4", 1, 64, "IPUs", "number of replicas (1 = no global exchange)"),
                  count("batch", "8", 1, 4096, "samples", "batch size per replica"),
                  count("hidden", "2048", 8, 16384, "features", "hidden size"),
                  count("layers", "4", 1, 500, "", "dense layers") } },
            generateReplicas },
        { { "offload",
              "training with Adam; optimiser state on chip or offloaded to remote buffers (Streaming Memory)",
              { flag("offload", "true", "keep the optimiser state in remote buffers"),
                  count("batch", "8", 1, 4096, "samples", "batch size"),
                  count("hidden", "1536", 8, 16384, "features", "hidden size"),
                  count("layers", "6", 1, 500, "", "dense layers") } },
            generateOffload },
        { { "io-tiles",
              "inference fed by host streams, with or without I/O tiles overlapping the copies with compute",
              { count("ioTiles", "64", 0, 736, "tiles",
                    "I/O tiles per IPU (even, at most half the tiles; 0 = stream straight to the compute "
                    "tiles)"),
                  count("inputBytes", "4194304", 1024, kMaxInputBytes, "bytes",
                      "bytes streamed from the host per iteration"),
                  count("batch", "16", 1, 4096, "samples", "batch size"),
                  count("layers", "4", 1, 200, "", "convolution layers"),
                  count("iterations", "8", 1, 10000, "", "iterations (Repeat count)") } },
            generateIoTiles },
        { { "strided",
              "layers whose inputs are mapped well, or badly (strided: PreArrange copies, large exchange "
              "code)",
              { flag("strided", "true", "map inputs element by element over the tiles (poor layout)"),
                  count("batch", "8", 1, 4096, "samples", "batch size"),
                  count("hidden", "2048", 8, 16384, "features", "hidden size"),
                  count("layers", "4", 1, 500, "", "dense layers") } },
            generateStrided },
        { { "demo", "a small CNN + classifier trained on 2 Mk2 IPUs: the profile the GUI opens by default",
              { count("ipus", "2", 1, 2, "IPUs", "IPUs the model is sharded over (1 or 2)"),
                  count("batch", "16", 1, 64, "samples", "batch size"),
                  count("iterations", "2", 1, 100, "", "training steps (Repeat count)") } },
            generateDemo },
        { { "bench",
              "a large sharded model for benchmarks (bench-large: 4 IPUs, >= 200k variables, >= 50k steps)",
              { count("ipus", "4", 1, 16, "IPUs", "IPUs the model is sharded over"),
                  count("layersPerIpu", "800", 1, 100000, "", "layers on every IPU"),
                  count("variablesPerLayer", "70", 0, 10000, "",
                      "small constant variables per layer (besides weights, activations...)"),
                  count("tilesPerLayer", "92", 1, 1472, "tiles",
                      "tiles each layer is spread over (at most the tiles of an IPU)") } },
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

std::string parameterDomain(const ParamInfo& param)
{
    if (param.kind == ParamKind::Flag)
        return "true | false";
    std::string out;
    if (param.kind == ParamKind::Choice) {
        for (const auto& c : param.choices)
            out += (out.empty() ? "" : " | ") + c;
        return out;
    }
    out = std::to_string(param.minimum) + ".." + std::to_string(param.maximum);
    return param.unit.empty() ? out : out + " " + param.unit;
}

void checkParameters(
    const std::string& name, const std::map<std::string, std::string>& params, const std::string& source)
{
    const GeneratorInfo* info = findGenerator(name);
    if (!info)
        throw ProfileError(ErrorKind::InvalidInput, source, "unknown workload '" + name + "'");
    const GeneratorParams p(*info, params, source);
    for (const ParamInfo& param : info->params) {
        if (param.kind == ParamKind::Integer)
            p.integer(param.name);
        else if (param.kind == ParamKind::Flag)
            p.flag(param.name);
        else
            p.choice(param.name);
    }
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

const ParamInfo& GeneratorParams::declared(const std::string& key) const
{
    for (const ParamInfo& p : m_info.params)
        if (p.name == key)
            return p;
    fail(key, "not declared (internal error)");
}

uint64_t GeneratorParams::integer(const std::string& key) const
{
    const ParamInfo& p = declared(key);
    return integer(key, p.minimum, p.maximum);
}

std::string GeneratorParams::choice(const std::string& key) const
{
    return choice(key, declared(key).choices);
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
