#include "fixture_builder.hpp"

#include "popscope/profile_writer.hpp"

#include <sqlite3.h>

#include <atomic>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

namespace popscope::test {

namespace {

// Small deterministic generator; tests must not depend on std distributions' implementation.
struct Lcg {
    uint64_t state;
    uint32_t next(uint32_t bound)
    {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return uint32_t((state >> 33) % bound);
    }
};

// The compiler's estimates (format 1.2): compute sets 0 and 2 on every IPU (compute set 2 from
// tile 2 on, its last row past 16 bits, so packed in 32), one vertex of each compute set's entry,
// the DoExchange (program 2) on IPU 0 and the stream copy's Mid (program 6) on the last IPU's last tile.
void addEstimates(ProfileDocument& doc)
{
    const uint32_t tiles = doc.target.tilesPerIpu;
    for (uint32_t cs : { 0u, 2u })
        for (uint32_t ipu = 0; ipu < doc.target.numIpus && cs < tiles; ++ipu) { // from tile cs on
            EstimatedTileCycles row { cs, ipu, cs, {} };
            for (uint32_t t = cs; t < tiles; ++t)
                row.cycles.push_back(t % 2 ? 0 : 90 + 10 * t + cs);
            doc.estimates.computeSets.push_back(row);
        }
    doc.estimates.computeSets.back().cycles[0] = 80000;
    for (uint32_t cs = 0; cs < doc.computeSets.size(); ++cs)
        doc.estimates.vertices.push_back({ cs, 0, 40 + 10ull * cs });
    doc.estimates.programs.push_back({ 2, 0, 0, std::vector<uint32_t>(tiles, 206) });
    doc.estimates.programs.push_back({ 6, doc.target.numIpus - 1, tiles - 1, { 750 } });
}

} // namespace

ProfileDocument makeDocument(const FixtureOptions& o)
{
    ProfileDocument doc;
    Lcg rng { 42 };
    doc.target.architecture = "Mk2";
    doc.target.numIpus = o.numIpus;
    doc.target.ipusPerReplica = o.numIpus;
    doc.target.tilesPerIpu = o.tilesPerIpu;
    doc.target.bytesPerTile = o.bytesPerTile;
    doc.target.computeInstrumentation = "Tile";
    doc.info.poplarVersion = "3.1.0 (a027fa0bd5)";
    doc.info.timestamp = "2026-11-23T08:00:00Z";
    doc.info.generator = "popscope tests";
    doc.info.engineOptions = { { "autoReport.all", "true" }, { "debug.instrument", "true" },
        { "profiler.includeFlopEstimates", "true" } };
    doc.info.frameworkJson = R"({"framework":"PopTorch","version":"3.1.0"})";
    doc.info.appJson = R"({"name":"fixture","batch_size":4})";
    doc.info.numEdges = 1234;
    const uint32_t numTiles = o.numIpus * o.tilesPerIpu;
    for (uint32_t t = 0; t < numTiles; ++t)
        doc.physicalTileIds.push_back(t ^ 1u); // physical order swaps neighbours
    doc.ioTiles = { numTiles - 1 };

    const char* categories[]
        = { "variable", "vertexCode", "vertexInstanceState", "internalExchangeCode", "controlCode", "stack" };
    for (uint32_t ipu = 0; ipu < o.numIpus; ++ipu) {
        for (size_t c = 0; c < std::size(categories); ++c) {
            MemorySeries s { ipu, categories[c],
                c == 0 ? MemoryRegion::Interleaved : MemoryRegion::NonInterleaved, false, {} };
            for (uint32_t t = 0; t < o.tilesPerIpu; ++t)
                s.bytesByTile.push_back(1000 * uint32_t(c + 1) + 100 * t + rng.next(50));
            if (o.overCapacityTile && ipu == 0 && c == 0)
                s.bytesByTile[3] = uint32_t(o.bytesPerTile + 1000);
            doc.memory.push_back(s);
        }
        MemorySeries overlapped { ipu, "variable", MemoryRegion::Interleaved, true,
            std::vector<uint32_t>(o.tilesPerIpu, 256) };
        doc.memory.push_back(overlapped);
        doc.gaps.push_back({ ipu, MemoryRegion::NonInterleaved, std::vector<uint32_t>(o.tilesPerIpu, 128) });
        LivenessSplit split { ipu, {}, {} };
        for (uint32_t t = 0; t < o.tilesPerIpu; ++t) {
            split.alwaysLiveBytesByTile.push_back(4000 + t);
            split.notAlwaysLiveBytesByTile.push_back(2000 + t);
        }
        doc.liveness.push_back(split);
    }

    doc.debugContexts = { { -1, "poptorch", "model", R"({"op_name":"model"})" },
        { 0, "poptorch", "layer1/conv", R"({"op_name":"conv"})" }, { 1, "poplar", "Convolve", "{}" } };
    doc.vertexTypes
        = { { "poplin::ConvPartial1x1Out<half,float>", 2048, 64 }, { "popops::ScaledAdd<float>", 512, 24 } };
    for (uint32_t cs = 0; cs < 3; ++cs) {
        ComputeSet set { "layer1/conv/cs" + std::to_string(cs), cs == 0 ? 2 : -1, {} };
        ComputeSetVertices vertices { cs % 2, {} };
        for (uint32_t t = 0; t < numTiles; t += 2)
            vertices.countByTile.push_back({ t, 1 + cs });
        set.vertices.push_back(vertices);
        doc.computeSets.push_back(set);
    }
    doc.exchanges = { { "layer1/conv/exchange", "internal", 65536, { { 0, 300 }, { 1, 280 } } },
        { "host/input", "host", 4096, { { numTiles - 1, 120 } } } };

    // Program tree: Sequence(control) -> [Execute cs0, DoExchange, Repeat -> [Execute cs1, Execute cs2]]
    doc.programs = {
        { "Sequence", "main", { 1, 2, 3 }, -1, -1, 0, 0 },
        { "OnTileExecute", "layer1/conv/cs0", {}, 0, -1, 2, 0 },
        { "DoExchange", "layer1/conv/exchange", {}, -1, 0, -1, 0 },
        { "Repeat", "loop", { 4, 5 }, -1, -1, -1, 4 },
        { "OnTileExecute", "layer1/conv/cs1", {}, 1, -1, -1, 0 },
        { "OnTileExecute", "layer1/conv/cs2", {}, 2, -1, -1, 0 },
        { "StreamCopyMid", "host/input", {}, -1, 1, -1, 0 },
    };
    doc.controlPrograms = { 0 };
    doc.functions = { 6 };

    for (uint32_t s = 0; s < o.numLivenessSteps; ++s) {
        LivenessStep step { 1 + s % 5, {} };
        for (uint32_t ipu = 0; ipu < o.numIpus; ++ipu)
            step.notAlwaysLiveBytesByIpu.push_back(
                10000ull * (s < o.numLivenessSteps / 2 ? s + 1 : o.numLivenessSteps - s));
        doc.livenessSteps.push_back(step);
    }
    doc.tileLiveness.push_back({ 0, 0, std::vector<uint32_t>(o.tilesPerIpu, 77) });

    for (uint32_t v = 0; v < o.numVariables; ++v) {
        Variable var;
        var.name = "layer" + std::to_string(v % 4) + "/var" + std::to_string(v);
        var.category = v % 7 == 0 ? "constant" : "variable";
        var.elementType = v % 3 == 0 ? "float" : "half";
        var.alwaysLive = v % 2 == 0;
        var.debugContext = v % 5 == 0 ? 1 : -1;
        const uint32_t first = rng.next(numTiles);
        for (uint32_t k = 0; k < 1 + v % 3; ++k) {
            TileBytes tb { (first + k) % numTiles, 64u * (1 + rng.next(100)) };
            var.tiles.push_back(tb);
            var.sizeBytes += tb.bytes;
        }
        if (!var.alwaysLive && o.numLivenessSteps > 0)
            var.liveRanges.push_back({ v % o.numLivenessSteps, o.numLivenessSteps - 1 });
        doc.variables.push_back(var);
    }

    doc.runs = { { "Engine::run #0", 1000, 2500 } };
    uint64_t base = 0;
    const char* types[]
        = { "StreamCopyBegin", "StreamCopyMid", "StreamCopyEnd", "Sync", "DoExchange", "OnTileExecute" };
    const uint32_t programs[] = { 6, 6, 6, 0, 2, 1 };
    for (uint32_t s = 0; s < o.numSteps; ++s) {
        ExecutionStep step;
        step.type = types[s % 6];
        step.program = programs[s % 6];
        step.computeSet = step.type == "OnTileExecute" ? 0 : -1;
        for (uint32_t ipu = 0; ipu < o.numIpus; ++ipu) {
            StepIpu si;
            si.ipu = ipu;
            si.cycles = 100 + rng.next(5000);
            si.activeTiles = o.tilesPerIpu;
            si.cyclesBase = base;
            si.activeCyclesToMax = si.cycles;
            si.dataIn = s * 16;
            if (step.type == "OnTileExecute") {
                for (uint32_t t = 0; t < o.tilesPerIpu; ++t)
                    si.cyclesByTile.push_back(uint32_t(si.cycles) - t * 3);
                if (s % 2)
                    si.cyclesByTile[0] = 70000; // forces 32-bit packing
            }
            step.ipus.push_back(si);
        }
        base += 6000;
        doc.steps.push_back(step);
    }
    doc.operations = { { "conv", "poptorch", "layer1/conv", 1, { 1, 4, 5 }, 1'000'000'000ull, 4096, 123456 },
        { "update", "poplar", "", -1, { 2 }, 0, 512, 999 } };
    addEstimates(doc);
    return doc;
}

TempDir::TempDir()
{
    static std::atomic<int> counter { 0 };
    m_path = std::filesystem::temp_directory_path()
        / ("popscope-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(m_path);
    std::filesystem::create_directories(m_path);
}

TempDir::~TempDir()
{
    std::error_code ignored;
    std::filesystem::remove_all(m_path, ignored);
}

const std::filesystem::path& processScratchDir()
{
    static const TempDir dir;
    return dir.path();
}

std::string writeValidProfile(const TempDir& dir, const std::string& name)
{
    writeProfile(makeDocument(), dir.file(name));
    return dir.file(name);
}

std::string readBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

void writeBytes(const std::string& path, const std::string& bytes)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
}

void execSql(const std::string& path, const std::string& sql)
{
    sqlite3* db = nullptr;
    int rc = sqlite3_open(path.c_str(), &db);
    char* error = nullptr;
    if (rc == SQLITE_OK)
        rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    std::string message = error ? error : sqlite3_errstr(rc);
    sqlite3_free(error);
    sqlite3_close(db);
    if (rc != SQLITE_OK)
        throw std::runtime_error("execSql on " + path + " failed: " + message);
}

} // namespace popscope::test
