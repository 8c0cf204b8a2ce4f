// JSON interchange form -> ProfileDocument. Every problem names the JSON path that holds it.
#include "popscope/errors.hpp"
#include "popscope/json_interchange.hpp"
#include "popscope/profile_writer.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <limits>
#include <sstream>

namespace popscope {

using nlohmann::json;

namespace {

class Importer {
public:
    explicit Importer(std::string source)
        : m_source(std::move(source))
    {
    }

    [[noreturn]] void fail(const std::string& path, const std::string& problem) const
    {
        throw ProfileError(ErrorKind::InvalidInput, m_source, path + ": " + problem);
    }

    // Missing optional members read as null, which every getter below turns into its default.
    const json& at(const json& object, const char* key, const std::string& path) const
    {
        static const json null;
        if (object.is_null())
            return null;
        if (!object.is_object())
            fail(path, "expected an object");
        auto it = object.find(key);
        return it == object.end() ? null : *it;
    }

    uint64_t unsignedValue(const json& v, const std::string& path, uint64_t fallback = 0,
        uint64_t max = std::numeric_limits<int64_t>::max()) const
    {
        if (v.is_null())
            return fallback;
        if (!v.is_number_integer()
            || (v.is_number_integer() && !v.is_number_unsigned() && v.get<int64_t>() < 0))
            fail(path, "expected a non-negative integer, found " + v.dump());
        uint64_t value = v.get<uint64_t>();
        if (value > max)
            fail(path, std::to_string(value) + " is larger than " + std::to_string(max));
        return value;
    }
    uint32_t u32(const json& v, const std::string& path, uint32_t fallback = 0) const
    {
        return uint32_t(unsignedValue(v, path, fallback, std::numeric_limits<uint32_t>::max()));
    }
    int64_t reference(const json& v, const std::string& path) const
    {
        if (v.is_null())
            return -1;
        if (v.is_number_integer() && v.get<int64_t>() == -1)
            return -1;
        return int64_t(unsignedValue(v, path));
    }
    std::string text(const json& v, const std::string& path, const std::string& fallback = "") const
    {
        if (v.is_null())
            return fallback;
        if (!v.is_string())
            fail(path, "expected a string, found " + v.dump());
        return v.get<std::string>();
    }
    // Text that may be given as a JSON object (stored compactly) or as a string.
    std::string embedded(const json& v, const std::string& path) const
    {
        if (v.is_object())
            return v.dump();
        return text(v, path);
    }
    bool boolean(const json& v, const std::string& path) const
    {
        if (v.is_null())
            return false;
        if (!v.is_boolean())
            fail(path, "expected true or false, found " + v.dump());
        return v.get<bool>();
    }
    double number(const json& v, const std::string& path, double fallback) const
    {
        if (v.is_null())
            return fallback;
        if (!v.is_number())
            fail(path, "expected a number, found " + v.dump());
        return v.get<double>();
    }
    template <typename F> void each(const json& v, const std::string& path, F&& f) const
    {
        if (v.is_null())
            return;
        if (!v.is_array())
            fail(path, "expected an array");
        for (size_t i = 0; i < v.size(); ++i)
            f(v[i], path + "[" + std::to_string(i) + "]");
    }
    // each() with the element's index.
    template <typename F> void eachIndexed(const json& v, const std::string& path, F&& f) const
    {
        uint32_t index = 0;
        each(v, path, [&](const json& e, const std::string& p) { f(index++, e, p); });
    }
    template <typename T> std::vector<T> unsignedArray(const json& v, const std::string& path) const
    {
        std::vector<T> out;
        if (v.is_array())
            out.reserve(v.size());
        each(v, path, [&](const json& e, const std::string& p) {
            out.push_back(T(unsignedValue(e, p, 0, std::numeric_limits<T>::max())));
        });
        return out;
    }
    template <typename Pair>
    std::vector<Pair> pairs(
        const json& v, const std::string& path, uint32_t Pair::*first, uint32_t Pair::*second) const
    {
        std::vector<Pair> out;
        each(v, path, [&](const json& e, const std::string& p) {
            if (!e.is_array() || e.size() != 2)
                fail(p, "expected a pair [tile, value]");
            Pair pair {};
            pair.*first = u32(e[0], p + "[0]");
            pair.*second = u32(e[1], p + "[1]");
            out.push_back(pair);
        });
        return out;
    }
    MemoryRegion region(const json& v, const std::string& path) const
    {
        std::string name = text(v, path, "nonInterleaved");
        auto region = regionFromName(name);
        if (!region)
            fail(path, "unknown region '" + name + "' (nonInterleaved, interleaved or overflowed)");
        return *region;
    }

    ProfileDocument read(const json& root)
    {
        if (!root.is_object())
            fail("(top level)", "expected a JSON object");
        ProfileDocument doc;
        const json& format = at(root, "format", "format");
        std::string name = text(at(format, "name", "format.name"), "format.name", kFormatName);
        if (name != kFormatName)
            fail("format.name", "'" + name + "' is not a popscope profile");
        uint32_t major = u32(at(format, "major", "format.major"), "format.major", kFormatMajor);
        if (major > uint32_t(kFormatMajor))
            throw ProfileError(ErrorKind::UnsupportedVersion, m_source,
                "format version " + std::to_string(major) + " is newer than this popscope reads ("
                    + std::to_string(kFormatMajor) + ".x)");
        doc.info.poplarVersion
            = text(at(at(root, "poplarVersion", ""), "string", "poplarVersion"), "poplarVersion.string");
        doc.info.generator = text(at(root, "generator", ""), "generator");
        doc.info.timestamp = text(at(root, "timestamp", ""), "timestamp");
        const json& instrumentation = at(root, "instrumentationSettings", "");
        doc.target.computeInstrumentation = text(at(instrumentation, "compute", "instrumentationSettings"),
            "instrumentationSettings.compute", "Off");
        doc.target.externalExchangeInstrumentation
            = text(at(instrumentation, "externalExchange", "instrumentationSettings"),
                "instrumentationSettings.externalExchange", "Off");
        readCompilation(at(root, "compilation", ""), doc);
        readExecution(at(root, "execution", ""), doc);
        each(at(root, "debugContexts", ""), "debugContexts", [&](const json& e, const std::string& p) {
            doc.debugContexts.push_back(
                { reference(at(e, "parent", p), p + ".parent"), text(at(e, "layer", p), p + ".layer"),
                    text(at(e, "name", p), p + ".name"), embedded(at(e, "json", p), p + ".json") });
        });
        each(at(root, "operations", ""), "operations", [&](const json& e, const std::string& p) {
            Operation op;
            op.name = text(at(e, "name", p), p + ".name");
            op.layer = text(at(e, "layer", p), p + ".layer", "poplar");
            op.debugName = text(at(e, "debugName", p), p + ".debugName");
            op.debugContext = reference(at(e, "debugContext", p), p + ".debugContext");
            op.programs = unsignedArray<uint32_t>(at(e, "programs", p), p + ".programs");
            op.flops = unsignedValue(at(e, "flops", p), p + ".flops");
            op.codeBytes = unsignedValue(at(e, "codeBytes", p), p + ".codeBytes");
            op.cycles = unsignedValue(at(e, "cycles", p), p + ".cycles");
            doc.operations.push_back(std::move(op));
        });
        doc.info.frameworkJson = embedded(at(root, "framework", ""), "framework");
        doc.info.appJson = embedded(at(root, "app", ""), "app");
        doc.info.simulationSpecJson = embedded(at(root, "simulation", ""), "simulation");
        if (std::string problem = validateDocument(doc); !problem.empty())
            throw ProfileError(ErrorKind::InvalidInput, m_source, problem);
        return doc;
    }

private:
    std::string m_source;

    void readCompilation(const json& c, ProfileDocument& doc)
    {
        const std::string p = "compilation.target";
        const json& t = at(c, "target", "compilation");
        Target& target = doc.target;
        target.type = text(at(t, "type", p), p + ".type", target.type);
        target.architecture = text(at(t, "architecture", p), p + ".architecture", target.architecture);
        target.numIpus = u32(at(t, "numIPUs", p), p + ".numIPUs", target.numIpus);
        target.tilesPerIpu = u32(at(t, "tilesPerIpu", p), p + ".tilesPerIpu", target.tilesPerIpu);
        target.bytesPerTile
            = unsignedValue(at(t, "bytesPerTile", p), p + ".bytesPerTile", target.bytesPerTile);
        target.clockHz = number(at(t, "clockFrequency", p), p + ".clockFrequency", target.clockHz);
        target.numReplicas = u32(at(t, "numReplicas", p), p + ".numReplicas", 1);
        target.ipusPerReplica = u32(at(t, "ipusPerReplica", p), p + ".ipusPerReplica", target.numIpus);
        // Sizes of the per-tile arrays below depend on the target: check it first.
        ProfileDocument header;
        header.target = target;
        if (std::string problem = validateDocument(header); !problem.empty())
            throw ProfileError(ErrorKind::InvalidInput, m_source, problem);

        doc.info.numEdges = unsignedValue(
            at(at(c, "graph", "compilation"), "numEdges", "compilation.graph"), "compilation.graph.numEdges");
        each(at(c, "engineOptions", "compilation"), "compilation.engineOptions",
            [&](const json& e, const std::string& q) {
                doc.info.engineOptions.emplace_back(
                    text(at(e, "name", q), q + ".name"), text(at(e, "value", q), q + ".value"));
            });
        const json& tiles = at(c, "tiles", "compilation");
        doc.physicalTileIds = unsignedArray<uint32_t>(
            at(tiles, "physicalIds", "compilation.tiles"), "compilation.tiles.physicalIds");
        doc.ioTiles
            = unsignedArray<uint32_t>(at(tiles, "ioTiles", "compilation.tiles"), "compilation.tiles.ioTiles");
        readMemory(at(c, "memory", "compilation"), doc);
        readGraph(c, doc);
        readEstimates(c, doc);
        readProgramFacts(at(c, "programs", "compilation"), doc);
        each(at(c, "livenessProgramSteps", "compilation"), "compilation.livenessProgramSteps",
            [&](const json& e, const std::string& q) {
                LivenessStep step;
                step.program = u32(at(e, "program", q), q + ".program");
                const json& memory = at(e, "notAlwaysLiveMemory", q);
                step.notAlwaysLiveBytesByIpu = unsignedArray<uint64_t>(
                    at(memory, "bytesByIpu", q), q + ".notAlwaysLiveMemory.bytesByIpu");
                doc.livenessSteps.push_back(std::move(step));
            });
        each(at(c, "livenessByTile", "compilation"), "compilation.livenessByTile",
            [&](const json& e, const std::string& q) {
                doc.tileLiveness.push_back(
                    { u32(at(e, "step", q), q + ".step"), u32(at(e, "ipu", q), q + ".ipu"),
                        unsignedArray<uint32_t>(at(e, "bytesByTile", q), q + ".bytesByTile") });
            });
    }

    void readMemory(const json& m, ProfileDocument& doc)
    {
        const std::string p = "compilation.memory";
        each(at(m, "byCategory", p), p + ".byCategory", [&](const json& e, const std::string& q) {
            MemorySeries s;
            s.ipu = u32(at(e, "ipu", q), q + ".ipu");
            s.category = text(at(e, "category", q), q + ".category");
            s.region = region(at(e, "region", q), q + ".region");
            s.overlapped = boolean(at(e, "overlapped", q), q + ".overlapped");
            s.bytesByTile = unsignedArray<uint32_t>(at(e, "bytesByTile", q), q + ".bytesByTile");
            doc.memory.push_back(std::move(s));
        });
        each(at(m, "gaps", p), p + ".gaps", [&](const json& e, const std::string& q) {
            doc.gaps.push_back({ u32(at(e, "ipu", q), q + ".ipu"), region(at(e, "region", q), q + ".region"),
                unsignedArray<uint32_t>(at(e, "bytesByTile", q), q + ".bytesByTile") });
        });
        each(at(m, "liveness", p), p + ".liveness", [&](const json& e, const std::string& q) {
            doc.liveness.push_back({ u32(at(e, "ipu", q), q + ".ipu"),
                unsignedArray<uint32_t>(at(e, "alwaysLiveBytesByTile", q), q + ".alwaysLiveBytesByTile"),
                unsignedArray<uint32_t>(
                    at(e, "notAlwaysLiveBytesByTile", q), q + ".notAlwaysLiveBytesByTile") });
        });
    }

    void readGraph(const json& c, ProfileDocument& doc)
    {
        const std::string p = "compilation";
        each(at(c, "variables", p), p + ".variables", [&](const json& e, const std::string& q) {
            Variable v;
            v.name = text(at(e, "name", q), q + ".name");
            v.category = text(at(e, "category", q), q + ".category", "variable");
            v.elementType = text(at(e, "type", q), q + ".type");
            v.sizeBytes = unsignedValue(at(e, "size", q), q + ".size");
            v.alwaysLive = boolean(at(e, "alwaysLive", q), q + ".alwaysLive");
            v.debugContext = reference(at(e, "debugContext", q), q + ".debugContext");
            v.tiles = pairs(at(e, "tiles", q), q + ".tiles", &TileBytes::tile, &TileBytes::bytes);
            for (const StepRange& r :
                pairs(at(e, "liveRanges", q), q + ".liveRanges", &StepRange::first, &StepRange::last))
                v.liveRanges.push_back(r);
            doc.variables.push_back(std::move(v));
        });
        each(at(c, "vertexTypes", p), p + ".vertexTypes", [&](const json& e, const std::string& q) {
            doc.vertexTypes.push_back(
                { text(at(e, "name", q), q + ".name"), u32(at(e, "codeBytes", q), q + ".codeBytes"),
                    u32(at(e, "stateBytes", q), q + ".stateBytes") });
        });
        each(at(c, "computeSets", p), p + ".computeSets", [&](const json& e, const std::string& q) {
            ComputeSet cs;
            cs.name = text(at(e, "name", q), q + ".name");
            cs.debugContext = reference(at(e, "debugContext", q), q + ".debugContext");
            each(at(e, "vertices", q), q + ".vertices", [&](const json& v, const std::string& r) {
                cs.vertices.push_back({ u32(at(v, "type", r), r + ".type"),
                    pairs(
                        at(v, "countByTile", r), r + ".countByTile", &TileCount::tile, &TileCount::count) });
            });
            doc.computeSets.push_back(std::move(cs));
        });
        each(at(c, "exchanges", p), p + ".exchanges", [&](const json& e, const std::string& q) {
            doc.exchanges.push_back(
                { text(at(e, "name", q), q + ".name"), text(at(e, "kind", q), q + ".kind", "internal"),
                    unsignedValue(at(e, "totalBytes", q), q + ".totalBytes"),
                    pairs(at(e, "codeBytesByTile", q), q + ".codeBytesByTile", &TileBytes::tile,
                        &TileBytes::bytes) });
        });
        each(at(c, "programs", p), p + ".programs", [&](const json& e, const std::string& q) {
            Program prog;
            prog.type = text(at(e, "type", q), q + ".type");
            prog.name = text(at(e, "name", q), q + ".name");
            prog.children = unsignedArray<uint32_t>(at(e, "children", q), q + ".children");
            prog.computeSet = reference(at(e, "computeSet", q), q + ".computeSet");
            prog.exchange = reference(at(e, "exchange", q), q + ".exchange");
            prog.debugContext = reference(at(e, "debugContext", q), q + ".debugContext");
            prog.repeatCount = u32(at(e, "repeatCount", q), q + ".repeatCount");
            doc.programs.push_back(std::move(prog));
        });
        doc.controlPrograms = unsignedArray<uint32_t>(at(c, "controlPrograms", p), p + ".controlPrograms");
        doc.functions = unsignedArray<uint32_t>(at(c, "functions", p), p + ".functions");
    }

    // `estimatedCyclesByIpu` of each item of `items` (compute sets or programs), in item order.
    void readTileEstimates(const json& items, const std::string& path, std::vector<EstimatedTileCycles>& rows)
    {
        eachIndexed(items, path, [&](uint32_t id, const json& e, const std::string& q) {
            each(at(e, "estimatedCyclesByIpu", q), q + ".estimatedCyclesByIpu",
                [&](const json& i, const std::string& r) {
                    rows.push_back(
                        { id, u32(at(i, "ipu", r), r + ".ipu"), u32(at(i, "firstTile", r), r + ".firstTile"),
                            unsignedArray<uint32_t>(at(i, "cycles", r), r + ".cycles") });
                });
        });
    }

    // Format 1.3 under each program: `controlCodeByIpu` (run lists) and `variables`.
    void readProgramFacts(const json& programs, ProfileDocument& doc)
    {
        eachIndexed(programs, "compilation.programs", [&](uint32_t id, const json& e, const std::string& q) {
            each(at(e, "controlCodeByIpu", q), q + ".controlCodeByIpu",
                [&](const json& i, const std::string& r) {
                    doc.programControlCode.push_back({ id, u32(at(i, "ipu", r), r + ".ipu"),
                        pairs(at(i, "runs", r), r + ".runs", &TileRun::tiles, &TileRun::bytes) });
                });
            std::vector<uint32_t> variables
                = unsignedArray<uint32_t>(at(e, "variables", q), q + ".variables");
            std::sort(variables.begin(), variables.end());
            variables.erase(std::unique(variables.begin(), variables.end()), variables.end());
            for (uint32_t v : variables)
                doc.programVariables.push_back({ id, v });
        });
    }

    void readEstimates(const json& c, ProfileDocument& doc)
    {
        readTileEstimates(
            at(c, "computeSets", "compilation"), "compilation.computeSets", doc.estimates.computeSets);
        readTileEstimates(at(c, "programs", "compilation"), "compilation.programs", doc.estimates.programs);
        const json& sets = at(c, "computeSets", "compilation");
        eachIndexed(sets, "compilation.computeSets", [&](uint32_t set, const json& e, const std::string& q) {
            eachIndexed(at(e, "vertices", q), q + ".vertices",
                [&](uint32_t position, const json& v, const std::string& r) {
                    const json& cycles = at(v, "estimatedCycles", r);
                    if (!cycles.is_null())
                        doc.estimates.vertices.push_back(
                            { set, position, unsignedValue(cycles, r + ".estimatedCycles") });
                });
        });
    }

    void readExecution(const json& x, ProfileDocument& doc)
    {
        const std::string p = "execution";
        each(at(x, "runs", p), p + ".runs", [&](const json& e, const std::string& q) {
            const json& us = at(e, "microseconds", q);
            doc.runs.push_back({ text(at(e, "name", q), q + ".name"),
                unsignedValue(at(us, "start", q), q + ".microseconds.start"),
                unsignedValue(at(us, "end", q), q + ".microseconds.end") });
        });
        each(at(x, "steps", p), p + ".steps", [&](const json& e, const std::string& q) {
            ExecutionStep step;
            step.run = u32(at(e, "run", q), q + ".run");
            step.type = text(at(e, "type", q), q + ".type");
            step.program = u32(at(e, "program", q), q + ".program");
            step.computeSet = reference(at(e, "computeSet", q), q + ".computeSet");
            each(at(e, "ipus", q), q + ".ipus", [&](const json& i, const std::string& r) {
                StepIpu si;
                si.ipu = u32(at(i, "ipu", r), r + ".ipu");
                si.cycles = unsignedValue(at(i, "cycles", r), r + ".cycles");
                si.activeTiles = u32(at(i, "activeTiles", r), r + ".activeTiles");
                si.cyclesBase = unsignedValue(at(i, "cyclesBase", r), r + ".cyclesBase");
                const json& active = at(i, "activeCycles", r);
                const json& from = at(active, "cyclesFrom", r);
                const json& to = at(active, "cyclesTo", r);
                si.activeCyclesFromMin
                    = unsignedValue(at(from, "min", r), r + ".activeCycles.cyclesFrom.min");
                si.activeCyclesFromMax
                    = unsignedValue(at(from, "max", r), r + ".activeCycles.cyclesFrom.max");
                si.activeCyclesToMin = unsignedValue(at(to, "min", r), r + ".activeCycles.cyclesTo.min");
                si.activeCyclesToMax = unsignedValue(at(to, "max", r), r + ".activeCycles.cyclesTo.max");
                si.dataIn = unsignedValue(at(i, "dataIn", r), r + ".dataIn");
                si.dataOut = unsignedValue(at(i, "dataOut", r), r + ".dataOut");
                si.cyclesByTile = unsignedArray<uint32_t>(at(i, "cyclesByTile", r), r + ".cyclesByTile");
                step.ipus.push_back(std::move(si));
            });
            doc.steps.push_back(std::move(step));
        });
    }
};

} // namespace

ProfileDocument documentFromJson(const std::string& text, const std::string& sourceName)
{
    json root;
    try {
        root = json::parse(text);
    } catch (const json::exception& error) {
        // parse_error, and out_of_range for a number beyond double's range (1e400).
        throw ProfileError(
            ErrorKind::InvalidInput, sourceName, std::string("not valid JSON: ") + error.what());
    }
    return Importer(sourceName).read(root);
}

ProfileDocument readJsonFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw ProfileError(ErrorKind::FileNotFound, path, "cannot open the file");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return documentFromJson(buffer.str(), path);
}

} // namespace popscope
