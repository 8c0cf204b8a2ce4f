// validateDocument: the consistency rules every written profile obeys (and the reader re-checks).
#include "popscope/profile_writer.hpp"

#include "format_limits.hpp"
#include "popscope/cycle_estimates.hpp"
#include "program_cycles.hpp"

#include <cmath>
#include <set>
#include <tuple>
#include <type_traits>
#include <vector>

namespace popscope {

namespace {

using limits::kMaxBytesPerTile;
using limits::kMaxCycles;
using limits::kMaxIpus;
using limits::kMaxReplicas;
using limits::kMaxTilesPerIpu;

struct Checker {
    const ProfileDocument& doc;
    std::string problem;

    bool fail(const std::string& what)
    {
        if (problem.empty())
            problem = what;
        return false;
    }
    // `what` names the element checked: a string, or a callable returning one. A callable builds
    // the name only when the check fails, so checking millions of valid elements stays cheap.
    template <typename What> static std::string name(const What& what)
    {
        if constexpr (std::is_invocable_v<const What&>)
            return what();
        else
            return std::string(what);
    }

    template <typename What> bool index(int64_t value, size_t size, const What& what, bool optional = true)
    {
        if (optional && value == -1)
            return true;
        if (value < 0 || uint64_t(value) >= size)
            return fail(name(what) + " refers to " + std::to_string(value) + ", out of range (0.."
                + std::to_string(size) + ")");
        return true;
    }
    template <typename What> bool perTile(size_t size, const What& what)
    {
        if (size != doc.target.tilesPerIpu)
            return fail(name(what) + " has " + std::to_string(size) + " values, expected one per tile ("
                + std::to_string(doc.target.tilesPerIpu) + ")");
        return true;
    }
    template <typename What> bool ipu(uint32_t value, const What& what)
    {
        return value < doc.target.numIpus
            || fail(name(what) + " names IPU " + std::to_string(value) + " of "
                + std::to_string(doc.target.numIpus));
    }
    template <typename What> bool tile(uint32_t value, const What& what)
    {
        return value < doc.target.numTiles()
            || fail(name(what) + " names tile " + std::to_string(value) + " of "
                + std::to_string(doc.target.numTiles()));
    }

    void target()
    {
        const Target& t = doc.target;
        if (t.numIpus < 1 || t.numIpus > kMaxIpus)
            fail("target.numIPUs must be 1.." + std::to_string(kMaxIpus) + ", is "
                + std::to_string(t.numIpus));
        if (t.tilesPerIpu < 1 || t.tilesPerIpu > kMaxTilesPerIpu)
            fail("target.tilesPerIpu must be 1.." + std::to_string(kMaxTilesPerIpu) + ", is "
                + std::to_string(t.tilesPerIpu));
        if (t.bytesPerTile < 1 || t.bytesPerTile > kMaxBytesPerTile)
            fail("target.bytesPerTile must be 1..2^31, is " + std::to_string(t.bytesPerTile));
        if (!std::isfinite(t.clockHz) || t.clockHz < 1e3 || t.clockHz > 1e12)
            fail("target.clockFrequency must be a frequency in Hz (1 kHz..1 THz)");
        if (t.numReplicas < 1 || t.numReplicas > kMaxReplicas)
            fail("target.numReplicas must be 1.." + std::to_string(kMaxReplicas) + ", is "
                + std::to_string(t.numReplicas));
        if (t.ipusPerReplica != t.numIpus)
            fail("target.ipusPerReplica (" + std::to_string(t.ipusPerReplica)
                + ") must equal target.numIPUs (" + std::to_string(t.numIpus)
                + "): a profile holds one replica");
    }

    void memory()
    {
        if (!doc.physicalTileIds.empty() && doc.physicalTileIds.size() != doc.target.numTiles())
            fail("tiles.physicalIds must have one entry per tile");
        for (uint32_t t : doc.ioTiles)
            tile(t, "tiles.ioTiles");
        std::set<std::tuple<uint32_t, std::string, int, bool>> seen;
        for (const MemorySeries& s : doc.memory) {
            auto what
                = [&] { return "memory series (" + s.category + ", IPU " + std::to_string(s.ipu) + ")"; };
            if (s.category.empty())
                fail("a memory series has no category");
            ipu(s.ipu, what);
            perTile(s.bytesByTile.size(), what);
            if (!seen.insert({ s.ipu, s.category, int(s.region), s.overlapped }).second)
                fail(what() + " appears twice for the same region and overlap");
            if (int(s.region) >= kMemoryRegionCount)
                fail(what() + " has an unknown region");
        }
        for (const GapSeries& g : doc.gaps) {
            ipu(g.ipu, "a gap series");
            perTile(g.bytesByTile.size(), [&] { return "gap series of IPU " + std::to_string(g.ipu); });
        }
        uint64_t stored = 0;
        for (const MemorySeries& s : doc.memory)
            stored += s.bytesByTile.size();
        for (const GapSeries& g : doc.gaps)
            stored += g.bytesByTile.size();
        for (const LivenessSplit& l : doc.liveness)
            stored += l.alwaysLiveBytesByTile.size() + l.notAlwaysLiveBytesByTile.size();
        if (std::string problem = limits::unbackedTilesProblem(doc.target.numTiles(), stored);
            !problem.empty())
            fail(problem);
        for (const LivenessSplit& l : doc.liveness) {
            ipu(l.ipu, "a liveness split");
            perTile(l.alwaysLiveBytesByTile.size(),
                [&] { return "always-live bytes of IPU " + std::to_string(l.ipu); });
            perTile(l.notAlwaysLiveBytesByTile.size(),
                [&] { return "not-always-live bytes of IPU " + std::to_string(l.ipu); });
        }
    }

    void graph()
    {
        for (size_t i = 0; i < doc.variables.size() && problem.empty(); ++i) {
            const Variable& v = doc.variables[i];
            auto what = [&] { return "variable '" + v.name + "'"; };
            index(v.debugContext, doc.debugContexts.size(), [&] { return what() + " debug context"; });
            for (const TileBytes& tb : v.tiles)
                tile(tb.tile, what);
            for (const StepRange& r : v.liveRanges) {
                if (r.first > r.last || r.last >= doc.livenessSteps.size())
                    fail(what() + " has a live range outside the liveness steps");
            }
        }
        for (const ComputeSet& cs : doc.computeSets) {
            auto what = [&] { return "compute set '" + cs.name + "'"; };
            index(cs.debugContext, doc.debugContexts.size(), [&] { return what() + " debug context"; });
            for (const ComputeSetVertices& v : cs.vertices) {
                index(
                    v.vertexType, doc.vertexTypes.size(), [&] { return what() + " vertex type"; }, false);
                for (const TileCount& tc : v.countByTile)
                    tile(tc.tile, what);
            }
        }
        for (const Exchange& e : doc.exchanges) {
            if (e.kind != "internal" && e.kind != "host" && e.kind != "global")
                fail("exchange '" + e.name + "' has kind '" + e.kind + "' (internal, host or global)");
            for (const TileBytes& tb : e.codeBytesByTile)
                tile(tb.tile, [&] { return "exchange '" + e.name + "'"; });
        }
    }

    void programs()
    {
        const size_t n = doc.programs.size();
        for (size_t i = 0; i < n; ++i) {
            const Program& p = doc.programs[i];
            auto what = [&](const char* part) {
                return "program " + std::to_string(i) + " (" + p.type + ")" + part;
            };
            if (p.type.empty())
                fail(what(" has no type"));
            for (uint32_t c : p.children)
                index(
                    c, n, [&] { return what(" child"); }, false);
            index(p.computeSet, doc.computeSets.size(), [&] { return what(" compute set"); });
            index(p.exchange, doc.exchanges.size(), [&] { return what(" exchange"); });
            index(p.debugContext, doc.debugContexts.size(), [&] { return what(" debug context"); });
        }
        for (uint32_t r : doc.controlPrograms)
            index(r, n, "control program", false);
        for (uint32_t r : doc.functions)
            index(r, n, "function", false);
        if (problem.empty())
            acyclic();
    }

    void acyclic()
    {
        if (auto node = findProgramCycle(doc.programs))
            fail("program " + std::to_string(*node) + " contains itself (a cycle in the program tree)");
    }

    void liveness()
    {
        for (size_t i = 0; i < doc.livenessSteps.size() && problem.empty(); ++i) {
            const LivenessStep& s = doc.livenessSteps[i];
            index(
                s.program, doc.programs.size(),
                [&] { return "liveness step " + std::to_string(i) + " program"; }, false);
            if (s.notAlwaysLiveBytesByIpu.size() != doc.target.numIpus)
                fail("liveness step " + std::to_string(i) + " must have one byte count per IPU");
        }
        for (const TileLiveness& t : doc.tileLiveness) {
            index(t.step, doc.livenessSteps.size(), "per-tile liveness step", false);
            ipu(t.ipu, "per-tile liveness");
            perTile(
                t.bytesByTile.size(), [&] { return "per-tile liveness of step " + std::to_string(t.step); });
        }
    }

    void execution()
    {
        for (size_t i = 0; i < doc.steps.size() && problem.empty(); ++i) {
            const ExecutionStep& s = doc.steps[i];
            auto what = [&](const char* part) { return "execution step " + std::to_string(i) + part; };
            index(
                s.run, doc.runs.size(), [&] { return what(" run"); }, false);
            index(
                s.program, doc.programs.size(), [&] { return what(" program"); }, false);
            index(s.computeSet, doc.computeSets.size(), [&] { return what(" compute set"); });
            std::vector<bool> listed(doc.target.numIpus);
            for (const StepIpu& si : s.ipus) {
                if (!ipu(si.ipu, [&] { return what(""); }))
                    continue;
                if (listed[si.ipu])
                    fail(what(" lists IPU ") + std::to_string(si.ipu) + " twice");
                listed[si.ipu] = true;
                if (!si.cyclesByTile.empty())
                    perTile(si.cyclesByTile.size(), [&] { return what(" cycles by tile"); });
                if (si.activeTiles > doc.target.tilesPerIpu)
                    fail(what(" has more active tiles than the IPU has"));
                // Readers bound the step's end (start + duration), so the writer does too.
                if (si.cycles > uint64_t(kMaxCycles) || si.cyclesBase > uint64_t(kMaxCycles) - si.cycles)
                    fail(what(" ends beyond 2^48 cycles (58 hours at 1.33 GHz)"));
            }
        }
    }

    void operations()
    {
        for (size_t i = 0; i < doc.debugContexts.size(); ++i) {
            int64_t parent = doc.debugContexts[i].parent;
            if (parent != -1 && (parent < 0 || uint64_t(parent) >= i))
                fail("debug context " + std::to_string(i) + " must have an earlier parent or none");
        }
        for (const Operation& op : doc.operations) {
            auto what = [&](const char* part) { return "operation '" + op.name + "'" + part; };
            index(op.debugContext, doc.debugContexts.size(), [&] { return what(" debug context"); });
            for (uint32_t p : op.programs)
                index(
                    p, doc.programs.size(), [&] { return what(" program"); }, false);
            if (op.cycles > uint64_t(kMaxCycles))
                fail(what(" has more than 2^48 cycles"));
        }
    }

    // A row covers at least one tile, and only tiles of its IPU.
    template <typename What> bool tileRun(const EstimatedTileCycles& r, const What& what)
    {
        const uint32_t tiles = doc.target.tilesPerIpu;
        return (!r.cycles.empty() && r.firstTile < tiles && r.cycles.size() <= tiles - r.firstTile)
            || fail(name(what) + " covers tiles " + std::to_string(r.firstTile) + " to "
                + std::to_string(int64_t(r.firstTile) + int64_t(r.cycles.size()) - 1)
                + ", expected at least one tile of 0.." + std::to_string(tiles - 1));
    }

    // Per-tile estimates of compute sets (`programs` false) or exchange programs, in key order.
    void tileEstimates(const std::vector<EstimatedTileCycles>& rows, bool programs)
    {
        const char* kind = programs ? "program" : "compute set";
        const size_t owners = programs ? doc.programs.size() : doc.computeSets.size();
        for (size_t i = 0; i < rows.size() && problem.empty(); ++i) {
            const EstimatedTileCycles& r = rows[i];
            auto what = [&] {
                return std::string("the estimate of ") + kind + " " + std::to_string(r.id) + " on IPU "
                    + std::to_string(r.ipu);
            };
            if (!index(r.id, owners, what, false) || !ipu(r.ipu, what) || !tileRun(r, what))
                continue;
            if (i > 0 && std::tie(rows[i - 1].id, rows[i - 1].ipu) >= std::tie(r.id, r.ipu))
                fail(what() + " comes twice or out of order (by " + kind + ", then IPU)");
            if (programs && !isEstimatedProgramType(doc.programs[r.id].type))
                fail(what() + " is for a " + doc.programs[r.id].type
                    + " program; only exchanges and stream-copy phases have estimates");
        }
    }

    void estimates()
    {
        const CycleEstimates& e = doc.estimates;
        tileEstimates(e.computeSets, false);
        tileEstimates(e.programs, true);
        for (size_t i = 0; i < e.vertices.size() && problem.empty(); ++i) {
            const VertexEstimate& v = e.vertices[i];
            auto what = [&] {
                return "the estimate of vertex " + std::to_string(v.position) + " of compute set "
                    + std::to_string(v.computeSet);
            };
            if (!index(v.computeSet, doc.computeSets.size(), what, false)
                || !index(v.position, doc.computeSets[v.computeSet].vertices.size(), what, false))
                continue;
            if (i > 0
                && std::tie(e.vertices[i - 1].computeSet, e.vertices[i - 1].position)
                    >= std::tie(v.computeSet, v.position))
                fail(what() + " comes twice or out of order (by compute set, then position)");
            if (v.cycles > uint64_t(kMaxCycles))
                fail(what() + " has more than 2^48 cycles");
        }
    }

    // Format 1.3: programs' own control code in runs of at least one tile covering the IPU exactly, and
    // the variables they use, each in key order.
    void programFacts()
    {
        const auto& rows = doc.programControlCode;
        for (size_t i = 0; i < rows.size() && problem.empty(); ++i) {
            const ProgramControlCode& r = rows[i];
            auto what = [&] {
                return "the control code of program " + std::to_string(r.program) + " on IPU "
                    + std::to_string(r.ipu);
            };
            if (!index(r.program, doc.programs.size(), what, false) || !ipu(r.ipu, what))
                continue;
            if (i > 0 && std::tie(rows[i - 1].program, rows[i - 1].ipu) >= std::tie(r.program, r.ipu))
                fail(what() + " comes twice or out of order (by program, then IPU)");
            uint64_t tiles = 0;
            for (const TileRun& run : r.runs)
                tiles += run.tiles == 0 ? uint64_t(1) << 40 : run.tiles; // a run of 0 tiles never adds up
            if (tiles != doc.target.tilesPerIpu)
                fail(what() + " does not cover the IPU's " + std::to_string(doc.target.tilesPerIpu)
                    + " tiles in runs of at least one tile");
        }
        const auto& uses = doc.programVariables;
        for (size_t i = 0; i < uses.size() && problem.empty(); ++i) {
            const ProgramVariable& u = uses[i];
            auto what = [&] {
                return "program " + std::to_string(u.program) + "'s variable " + std::to_string(u.variable);
            };
            if (!index(u.program, doc.programs.size(), what, false)
                || !index(u.variable, doc.variables.size(), what, false))
                continue;
            if (i > 0
                && std::tie(uses[i - 1].program, uses[i - 1].variable) >= std::tie(u.program, u.variable))
                fail(what() + " comes twice or out of order (by program, then variable)");
        }
    }
};

} // namespace

std::string validateDocument(const ProfileDocument& doc)
{
    Checker checker { doc, {} };
    checker.target();
    if (!checker.problem.empty())
        return checker.problem;
    checker.memory();
    checker.graph();
    checker.programs();
    checker.liveness();
    checker.execution();
    checker.operations();
    checker.estimates();
    checker.programFacts();
    return checker.problem;
}

} // namespace popscope
