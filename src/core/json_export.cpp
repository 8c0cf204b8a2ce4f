// ProfileDocument -> JSON interchange form (libpva-style attribute names).
#include "popscope/errors.hpp"
#include "popscope/json_interchange.hpp"
#include "popscope/output_file.hpp"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <fstream>

namespace popscope {

using nlohmann::json;

namespace {

// JSON text kept in the document (framework.json, debug layers) is shown as an object when that
// is lossless (the text is already compact canonical JSON), else as the original string.
json embeddedJson(const std::string& text)
{
    if (text.empty())
        return text;
    json parsed = json::parse(text, nullptr, false);
    if (!parsed.is_discarded() && parsed.is_object() && parsed.dump() == text)
        return parsed;
    return text;
}

template <typename Pair>
json pairs(const std::vector<Pair>& values, uint32_t Pair::*first, uint32_t Pair::*second)
{
    json out = json::array();
    for (const Pair& p : values)
        out.push_back({ p.*first, p.*second });
    return out;
}

// The compiler's estimates under what they estimate: a compute set's or exchange program's
// `estimatedCyclesByIpu` (one entry per IPU with a row), a vertex entry's `estimatedCycles`.
void addEstimates(json& c, const ProfileDocument& doc)
{
    const auto addRows = [](const std::vector<EstimatedTileCycles>& rows, json& items) {
        for (const EstimatedTileCycles& r : rows)
            items[r.id]["estimatedCyclesByIpu"].push_back(
                { { "ipu", r.ipu }, { "firstTile", r.firstTile }, { "cycles", r.cycles } });
    };
    addRows(doc.estimates.computeSets, c["computeSets"]);
    addRows(doc.estimates.programs, c["programs"]);
    for (const VertexEstimate& v : doc.estimates.vertices)
        c["computeSets"][v.computeSet]["vertices"][v.position]["estimatedCycles"] = v.cycles;
}

json targetJson(const Target& t)
{
    return { { "type", t.type }, { "architecture", t.architecture }, { "numIPUs", t.numIpus },
        { "tilesPerIpu", t.tilesPerIpu }, { "bytesPerTile", t.bytesPerTile }, { "clockFrequency", t.clockHz },
        { "numReplicas", t.numReplicas }, { "ipusPerReplica", t.ipusPerReplica } };
}

// Bytes by category, the gaps and the always-live split, per IPU and tile.
json memoryJson(const ProfileDocument& doc)
{
    json byCategory = json::array(), gaps = json::array(), liveness = json::array();
    for (const MemorySeries& s : doc.memory)
        byCategory.push_back(
            { { "ipu", s.ipu }, { "category", s.category }, { "region", regionName(s.region) },
                { "overlapped", s.overlapped }, { "bytesByTile", s.bytesByTile } });
    for (const GapSeries& g : doc.gaps)
        gaps.push_back(
            { { "ipu", g.ipu }, { "region", regionName(g.region) }, { "bytesByTile", g.bytesByTile } });
    for (const LivenessSplit& l : doc.liveness)
        liveness.push_back({ { "ipu", l.ipu }, { "alwaysLiveBytesByTile", l.alwaysLiveBytesByTile },
            { "notAlwaysLiveBytesByTile", l.notAlwaysLiveBytesByTile } });
    return { { "byCategory", byCategory }, { "gaps", gaps }, { "liveness", liveness } };
}

json variablesJson(const ProfileDocument& doc)
{
    json variables = json::array();
    for (const Variable& v : doc.variables) {
        json ranges = json::array();
        for (const StepRange& r : v.liveRanges)
            ranges.push_back({ r.first, r.last });
        variables.push_back(
            { { "name", v.name }, { "category", v.category.str() }, { "type", v.elementType.str() },
                { "size", v.sizeBytes }, { "alwaysLive", v.alwaysLive }, { "debugContext", v.debugContext },
                { "tiles", pairs(v.tiles, &TileBytes::tile, &TileBytes::bytes) }, { "liveRanges", ranges } });
    }
    return variables;
}

json computeSetsJson(const ProfileDocument& doc)
{
    json computeSets = json::array();
    for (const ComputeSet& cs : doc.computeSets) {
        json vertices = json::array();
        for (const ComputeSetVertices& v : cs.vertices)
            vertices.push_back({ { "type", v.vertexType },
                { "countByTile", pairs(v.countByTile, &TileCount::tile, &TileCount::count) } });
        computeSets.push_back(
            { { "name", cs.name }, { "debugContext", cs.debugContext }, { "vertices", vertices } });
    }
    return computeSets;
}

// Format 1.3 under each program: its own control code by IPU as run lists, and the variables it
// uses; written only where the profile has them.
void addProgramFacts(json& c, const ProfileDocument& doc)
{
    for (const ProgramControlCode& code : doc.programControlCode)
        c["programs"][code.program]["controlCodeByIpu"].push_back(
            { { "ipu", code.ipu }, { "runs", pairs(code.runs, &TileRun::tiles, &TileRun::bytes) } });
    for (const ProgramVariable& use : doc.programVariables)
        c["programs"][use.program]["variables"].push_back(use.variable);
}

json programsJson(const ProfileDocument& doc)
{
    json programs = json::array();
    for (const Program& p : doc.programs)
        programs.push_back({ { "type", p.type }, { "name", p.name }, { "children", p.children },
            { "computeSet", p.computeSet }, { "exchange", p.exchange }, { "debugContext", p.debugContext },
            { "repeatCount", p.repeatCount } });
    return programs;
}

// The liveness steps' not-always-live bytes, by IPU and by tile.
void addLiveness(json& c, const ProfileDocument& doc)
{
    json steps = json::array();
    for (const LivenessStep& s : doc.livenessSteps)
        steps.push_back({ { "program", s.program },
            { "notAlwaysLiveMemory", { { "bytesByIpu", s.notAlwaysLiveBytesByIpu } } } });
    c["livenessProgramSteps"] = steps;
    json byTile = json::array();
    for (const TileLiveness& t : doc.tileLiveness)
        byTile.push_back({ { "step", t.step }, { "ipu", t.ipu }, { "bytesByTile", t.bytesByTile } });
    c["livenessByTile"] = byTile;
}

json compilation(const ProfileDocument& doc)
{
    json c;
    c["target"] = targetJson(doc.target);
    c["graph"] = { { "numEdges", doc.info.numEdges } };
    json options = json::array();
    for (const auto& [name, value] : doc.info.engineOptions)
        options.push_back({ { "name", name }, { "value", value } });
    c["engineOptions"] = options;
    c["tiles"] = { { "physicalIds", doc.physicalTileIds }, { "ioTiles", doc.ioTiles } };
    c["memory"] = memoryJson(doc);
    c["variables"] = variablesJson(doc);
    json vertexTypes = json::array();
    for (const VertexType& v : doc.vertexTypes)
        vertexTypes.push_back(
            { { "name", v.name }, { "codeBytes", v.codeBytes }, { "stateBytes", v.stateBytes } });
    c["vertexTypes"] = vertexTypes;
    c["computeSets"] = computeSetsJson(doc);
    json exchanges = json::array();
    for (const Exchange& e : doc.exchanges)
        exchanges.push_back({ { "name", e.name }, { "kind", e.kind }, { "totalBytes", e.totalBytes },
            { "codeBytesByTile", pairs(e.codeBytesByTile, &TileBytes::tile, &TileBytes::bytes) } });
    c["exchanges"] = exchanges;
    c["programs"] = programsJson(doc);
    c["controlPrograms"] = doc.controlPrograms;
    c["functions"] = doc.functions;
    addLiveness(c, doc);
    addEstimates(c, doc);
    addProgramFacts(c, doc);
    return c;
}

json execution(const ProfileDocument& doc)
{
    json runs = json::array();
    for (const Run& r : doc.runs)
        runs.push_back({ { "name", r.name },
            { "microseconds", { { "start", r.microsecondsStart }, { "end", r.microsecondsEnd } } } });
    json steps = json::array();
    for (const ExecutionStep& s : doc.steps) {
        json ipus = json::array();
        for (const StepIpu& i : s.ipus)
            ipus.push_back({ { "ipu", i.ipu }, { "cycles", i.cycles }, { "activeTiles", i.activeTiles },
                { "cyclesBase", i.cyclesBase },
                { "activeCycles",
                    { { "cyclesFrom",
                          { { "min", i.activeCyclesFromMin }, { "max", i.activeCyclesFromMax } } },
                        { "cyclesTo",
                            { { "min", i.activeCyclesToMin }, { "max", i.activeCyclesToMax } } } } },
                { "dataIn", i.dataIn }, { "dataOut", i.dataOut }, { "cyclesByTile", i.cyclesByTile } });
        steps.push_back({ { "run", s.run }, { "type", s.type }, { "program", s.program },
            { "computeSet", s.computeSet }, { "ipus", ipus } });
    }
    return { { "runs", runs }, { "steps", steps } };
}

} // namespace

std::string documentToJson(const ProfileDocument& doc, int indent)
{
    json j;
    j["format"] = { { "name", kFormatName }, { "major", kFormatMajor }, { "minor", kFormatMinor } };
    j["poplarVersion"] = { { "string", doc.info.poplarVersion } };
    j["generator"] = doc.info.generator;
    j["timestamp"] = doc.info.timestamp;
    j["instrumentationSettings"] = { { "compute", doc.target.computeInstrumentation },
        { "externalExchange", doc.target.externalExchangeInstrumentation } };
    j["compilation"] = compilation(doc);
    j["execution"] = execution(doc);
    json contexts = json::array();
    for (const DebugContext& d : doc.debugContexts)
        contexts.push_back({ { "parent", d.parent }, { "layer", d.layer }, { "name", d.name },
            { "json", embeddedJson(d.json) } });
    j["debugContexts"] = contexts;
    json operations = json::array();
    for (const Operation& op : doc.operations)
        operations.push_back({ { "name", op.name }, { "layer", op.layer }, { "debugName", op.debugName },
            { "debugContext", op.debugContext }, { "programs", op.programs }, { "flops", op.flops },
            { "codeBytes", op.codeBytes }, { "cycles", op.cycles } });
    j["operations"] = operations;
    j["framework"] = embeddedJson(doc.info.frameworkJson);
    j["app"] = embeddedJson(doc.info.appJson);
    if (!doc.info.simulationSpecJson.empty())
        j["simulation"] = embeddedJson(doc.info.simulationSpecJson);
    return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

void writeJsonFile(const ProfileDocument& doc, const std::string& path)
{
    checkOutputFile(path);
    std::string text = documentToJson(doc);
    const std::string temporary = temporaryPathFor(path);
    {
        errno = 0;
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out)
            throw ProfileError(ErrorKind::WriteFailed, path,
                std::string("cannot create the file: ") + (errno ? std::strerror(errno) : "unknown error"));
        out << text << '\n';
        if (!out.flush()) {
            out.close();
            std::remove(temporary.c_str());
            throw ProfileError(ErrorKind::WriteFailed, path,
                std::string("cannot write the file: ") + (errno ? std::strerror(errno) : "disk full?"));
        }
    }
    moveIntoPlace(temporary, path);
}

} // namespace popscope
