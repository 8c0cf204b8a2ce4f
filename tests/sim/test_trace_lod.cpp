// The trace's level-of-detail summaries: every block is the sum of its parts, cells agree with
// analyseTrace and with each other when split, and the cache round-trips or is refused.
#include "fixture_builder.hpp"
#include "popscope/execution_trace.hpp"
#include "popscope/profile.hpp"
#include "popscope/trace_lod.hpp"
#include "sample_profiles.hpp"
#include "spilling_on.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace popscope;
using popscope::test::SpillingOn;
using popscope::test::TempDir;
using simtest::sampleProfile;

namespace {

double total(const StateTileCycles& cycles)
{
    double sum = 0;
    for (double c : cycles)
        sum += c;
    return sum;
}

void requireClose(const StateTileCycles& a, const StateTileCycles& b)
{
    for (size_t s = 0; s < kTraceStateCount; ++s) {
        INFO(traceStateName(TraceState(s)));
        CHECK(a[s] == Approx(b[s]).epsilon(1e-5).margin(1e-3 * std::max(1.0, total(a))));
    }
}

TraceLod lodOf(const Profile& profile)
{
    return TraceLod::build(profile, profile.readStepTable());
}

} // namespace

TEST_CASE("every LOD block is the sum of the blocks below it", "[trace][lod]")
{
    for (const char* name : { "sort-bitonic", "pipeline-grouped" }) {
        INFO(name);
        const auto profile = Profile::open(sampleProfile(name));
        const TraceLod lod = lodOf(*profile);
        for (uint32_t ipu = 0; ipu < lod.numIpus(); ++ipu) {
            REQUIRE(lod.levels(ipu) >= 2);
            size_t blocks = lod.lane(ipu).size();
            for (size_t level = 1; level < lod.levels(ipu); ++level) {
                const size_t below = blocks;
                blocks = (blocks + TraceLod::kFan - 1) / TraceLod::kFan;
                for (size_t b = 0; b < blocks; ++b)
                    for (uint32_t g = 0; g < lod.groupsPerIpu(); g += 7)
                        for (TraceState state :
                            { TraceState::Computing, TraceState::Exchanging, TraceState::StreamCopy }) {
                            double parts = 0;
                            for (size_t part = b * TraceLod::kFan;
                                 part < std::min(below, (b + 1) * TraceLod::kFan); ++part)
                                parts += lod.blockBusy(ipu, level - 1, part, g, state);
                            REQUIRE(lod.blockBusy(ipu, level, b, g, state) == Approx(parts).epsilon(1e-6));
                        }
            }
            REQUIRE(blocks == 1);
        }
    }
}

TEST_CASE("a cell over the whole run equals analyseTrace, and split cells add up", "[trace][lod]")
{
    for (const char* name : { "sort-single", "sort-bitonic", "pipeline-interleaved" }) {
        INFO(name);
        const auto profile = Profile::open(sampleProfile(name));
        const TraceLod lod = lodOf(*profile);
        const TraceSummary trace = analyseTrace(*profile);
        for (const IpuTrace& ipu : trace.ipus) {
            StateTileCycles expected {};
            for (size_t s = 0; s < kTraceStateCount; ++s)
                expected[s] = double(ipu.tileCycles[s]);
            const StateTileCycles whole
                = lod.cell(ipu.ipu, ipu.firstCycle, ipu.lastCycle, 0, lod.groupsPerIpu());
            requireClose(whole, expected);
            // Cut anywhere (through steps, too): the parts add up to the whole.
            for (uint64_t cut :
                { ipu.firstCycle + 1, (ipu.firstCycle + ipu.lastCycle) / 3, ipu.lastCycle - 7 }) {
                const StateTileCycles left = lod.cell(ipu.ipu, ipu.firstCycle, cut, 0, lod.groupsPerIpu());
                const StateTileCycles right = lod.cell(ipu.ipu, cut, ipu.lastCycle, 0, lod.groupsPerIpu());
                StateTileCycles sum {};
                for (size_t s = 0; s < kTraceStateCount; ++s)
                    sum[s] = left[s] + right[s];
                requireClose(sum, whole);
            }
            // Groups add up too.
            const uint32_t half = lod.groupsPerIpu() / 2;
            const StateTileCycles low = lod.cell(ipu.ipu, ipu.firstCycle, ipu.lastCycle, 0, half);
            const StateTileCycles high
                = lod.cell(ipu.ipu, ipu.firstCycle, ipu.lastCycle, half, lod.groupsPerIpu());
            StateTileCycles sum {};
            for (size_t s = 0; s < kTraceStateCount; ++s)
                sum[s] = low[s] + high[s];
            requireClose(sum, whole);
        }
    }
}

TEST_CASE("the heap sort's cell: tile 0 computes, the rest of its group waits", "[trace][lod]")
{
    const auto profile = Profile::open(sampleProfile("sort-single"));
    const TraceLod lod = lodOf(*profile);
    const TraceSummary trace = analyseTrace(*profile);
    const WaitingStep& heap = trace.waits.front();
    const StateTileCycles first = lod.cell(0, heap.cycleBase, heap.cycleBase + heap.cycles, 0, 1);
    CHECK(first[size_t(TraceState::Computing)] == Approx(double(heap.cycles)).epsilon(1e-6));
    CHECK(first[size_t(TraceState::WaitingForSync)] == Approx(15.0 * double(heap.cycles)).epsilon(1e-6));
    const StateTileCycles second = lod.cell(0, heap.cycleBase, heap.cycleBase + heap.cycles, 1, 2);
    CHECK(second[size_t(TraceState::Computing)] == 0);
}

TEST_CASE("the LOD cache round-trips, and a stale or damaged cache is refused", "[trace][lod][cache]")
{
    popscope::test::TempDir dir;
    const std::string path = sampleProfile("sort-bitonic");
    const auto profile = Profile::open(path);
    const TraceLod lod = lodOf(*profile);
    const std::string identity = TraceLod::identityOf(path);
    const std::string cache = dir.file("sort-bitonic.lod");
    REQUIRE(lod.save(cache, identity));

    TraceLod loaded;
    REQUIRE(loaded.load(cache, identity));
    REQUIRE(loaded.numIpus() == lod.numIpus());
    const uint64_t end = lod.endCycle();
    requireClose(
        loaded.cell(0, 0, end, 0, loaded.groupsPerIpu()), lod.cell(0, 0, end, 0, lod.groupsPerIpu()));
    requireClose(loaded.cell(0, end / 5, end / 2, 3, 40), lod.cell(0, end / 5, end / 2, 3, 40));

    // A cache that loads but names steps or lanes the profile does not hold is refused by fits().
    const Target& target = profile->target();
    const StepTable steps = profile->readStepTable();
    CHECK(loaded.fits(steps, target.numIpus, target.tilesPerIpu));
    CHECK_FALSE(loaded.fits(StepTable {}, target.numIpus, target.tilesPerIpu));
    CHECK_FALSE(loaded.fits(steps, target.numIpus + 1, target.tilesPerIpu));
    CHECK_FALSE(loaded.fits(steps, target.numIpus, target.tilesPerIpu / 2));

    TraceLod other;
    CHECK_FALSE(other.load(cache, identity + "-changed"));
    const std::string bytes = popscope::test::readBytes(cache);
    popscope::test::writeBytes(cache, bytes.substr(0, bytes.size() / 2));
    CHECK_FALSE(other.load(cache, identity));
    popscope::test::writeBytes(cache, std::string(bytes.size(), 'x'));
    CHECK_FALSE(other.load(cache, identity));
    CHECK(other.numIpus() == 0); // a refused load leaves the object alone
    CHECK_FALSE(other.load(dir.file("missing.lod"), identity));
}

TEST_CASE("building the LOD reports progress and can be cancelled", "[trace][lod]")
{
    const auto profile = Profile::open(sampleProfile("sort-bitonic"));
    const auto steps = profile->readStepTable();
    uint64_t lastDone = 0, lastTotal = 0;
    const TraceLod built = TraceLod::build(*profile, steps, [&](uint64_t done, uint64_t total) {
        lastDone = done;
        lastTotal = total;
        return true;
    });
    CHECK_FALSE(built.cancelled());
    CHECK(lastTotal > 0);
    CHECK(lastDone == lastTotal);
    const TraceLod cancelled = TraceLod::build(*profile, steps, [](uint64_t, uint64_t) { return false; });
    CHECK(cancelled.cancelled());
    CHECK(cancelled.numIpus() == 0);
}

TEST_CASE("a lane's column gives each group's cell", "[trace][lod]")
{
    const auto profile = Profile::open(sampleProfile("pipeline-grouped"));
    const TraceLod lod = lodOf(*profile);
    std::vector<StateTileCycles> column;
    const uint64_t end = lod.endCycle();
    for (uint32_t ipu = 0; ipu < lod.numIpus(); ++ipu)
        for (const auto& [from, to] :
            { std::pair<uint64_t, uint64_t> { 0, end }, { end / 7, end / 7 + 1 }, { end / 3, end / 2 } }) {
            lod.column(ipu, from, to, column);
            REQUIRE(column.size() == lod.groupsPerIpu());
            for (uint32_t g = 0; g < lod.groupsPerIpu(); g += 5)
                requireClose(column[g], lod.cell(ipu, from, to, g, g + 1));
        }
}

TEST_CASE("a window's figures: step cycles by kind agree with analyseTrace over the run", "[trace][lod]")
{
    const auto profile = Profile::open(sampleProfile("sort-single"));
    const TraceLod lod = lodOf(*profile);
    const TraceSummary trace = analyseTrace(*profile);
    const IpuTrace& ipu = trace.ipus[0];
    const TraceLod::RangeFigures figures = lod.range(ipu.firstCycle, ipu.lastCycle);
    for (size_t s = 0; s < kTraceStateCount; ++s)
        CHECK(figures.stepCycles[0][s] == Approx(double(ipu.stepCycles[s])));
    CHECK(figures.parallelEfficiency() == Approx(trace.parallelEfficiency()).epsilon(1e-6));
    CHECK(figures.share(TraceState::Computing)
        == Approx(double(ipu.stepCycles[0]) / double(ipu.lastCycle - ipu.firstCycle)));
}

TEST_CASE("a LOD spilled, built or read from its cache, reads as it does in memory", "[trace][lod][spill]")
{
    TempDir dir;
    const auto profile = Profile::open(sampleProfile("sort-bitonic"));
    const StepTable steps = profile->readStepTable();
    const TraceLod inMemory = TraceLod::build(*profile, steps);
    const std::string identity = TraceLod::identityOf(profile->path());
    const std::string cache = dir.file("bitonic.lod");

    const SpillingOn spilling;
    const uint64_t mappedBefore = spill::mappedBytes();
    const TraceLod built = TraceLod::build(*profile, steps);
    CHECK(spill::mappedBytes() > mappedBefore); // its arrays went to spill files
    REQUIRE(built.save(cache, identity));
    TraceLod loaded;
    const uint64_t mappedBeforeLoad = spill::mappedBytes();
    REQUIRE(loaded.load(cache, identity));
    CHECK(spill::mappedBytes() > mappedBeforeLoad); // read into spill files too
    CHECK(loaded.lane(0).isSpilled());
    CHECK(loaded.fits(steps, profile->target().numIpus, profile->target().tilesPerIpu));
    spill::releaseResidentPages(); // read back from the page cache
    for (const TraceLod* lod : { &built, static_cast<const TraceLod*>(&loaded) }) {
        REQUIRE(lod->numIpus() == inMemory.numIpus());
        for (uint32_t ipu = 0; ipu < lod->numIpus(); ++ipu) {
            REQUIRE(lod->lane(ipu).size() == inMemory.lane(ipu).size());
            for (size_t k = 0; k < lod->lane(ipu).size(); ++k)
                CHECK(lod->lane(ipu)[k].base == inMemory.lane(ipu)[k].base);
            const uint64_t end = lod->endCycle();
            requireClose(lod->cell(ipu, 0, end, 0, lod->groupsPerIpu()),
                inMemory.cell(ipu, 0, end, 0, inMemory.groupsPerIpu()));
            requireClose(lod->cell(ipu, end / 3, end / 2, 1, 5), inMemory.cell(ipu, end / 3, end / 2, 1, 5));
        }
    }
}
