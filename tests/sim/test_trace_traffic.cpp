// The traffic splits of a simulated report, against the bytes its workload describes: host
// streams and remote buffers in each direction, a global exchange's received and sent bytes; the
// same figures in `popscope-cli trace --json`; the sample pair with and without offloading.
#include "cli_runner.hpp"
#include "fixture_builder.hpp"
#include "popscope/execution_trace.hpp"
#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/units.hpp"
#include "sample_profiles.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace popscope;

namespace {

// Two IPUs of 16 tiles. Host streams: 16 × 256 B to IPU 0, 16 × 128 B from IPU 1. Remote buffers:
// 16 × 64 B to IPU 1 ("state/remoteLoad"), 16 × 32 B from IPU 0 ("weights", a name that does not
// say remote: the simulator's phase names do). A global exchange of 100 B on each of IPU 0's
// tiles 0-3, which an all-reduce both sends and receives.
ProfileDocument trafficWorkload()
{
    const sim::SimulationSpec spec = sim::parseSpecJson(R"({
      "workload": "custom",
      "target": { "preset": "Mk2", "numIpus": 2, "tilesPerIpu": 16 },
      "description": {
        "vertexTypes": [ { "name": "v" } ],
        "variables": [ { "name": "x", "elements": 64, "tiles": { "ipu": 0 } } ],
        "computeSets": [
          { "name": "work", "vertices": [ { "type": "v", "tiles": "all", "cost": { "kind": "fixed", "cycles": 900 } } ] } ],
        "exchanges": [ { "name": "allReduce", "kind": "global", "tiles": { "first": 0, "count": 4 }, "bytesPerTile": 100, "ringSteps": 2 } ],
        "streamCopies": [
          { "name": "in", "tiles": { "ipu": 0 }, "bytesPerTile": 256 },
          { "name": "out", "direction": "toHost", "tiles": { "ipu": 1 }, "bytesPerTile": 128 },
          { "name": "state/remoteLoad", "remote": true, "tiles": { "ipu": 1 }, "bytesPerTile": 64 },
          { "name": "weights", "remote": true, "direction": "toHost", "tiles": { "ipu": 0 }, "bytesPerTile": 32 } ],
        "controlPrograms": [ { "type": "Sequence", "name": "main", "children": [
          { "type": "StreamCopy", "streamCopy": "in" },
          { "type": "StreamCopy", "streamCopy": "state/remoteLoad" },
          { "type": "Execute", "computeSet": "work" },
          { "type": "Sync", "sync": "global" },
          { "type": "DoExchange", "exchange": "allReduce" },
          { "type": "StreamCopy", "streamCopy": "weights" },
          { "type": "StreamCopy", "streamCopy": "out" } ] } ]
      }
    })",
        "test");
    return sim::simulateSpec(spec);
}

// The IPU's cycles in StreamCopy steps whose program's name contains `part`.
uint64_t copyCycles(const ProfileDocument& doc, uint32_t ipu, const std::string& part)
{
    uint64_t cycles = 0;
    for (const ExecutionStep& step : doc.steps)
        if (step.type.starts_with("StreamCopy")
            && doc.programs[step.program].name.find(part) != std::string::npos)
            for (const StepIpu& si : step.ipus)
                cycles += si.ipu == ipu ? si.cycles : 0;
    return cycles;
}

} // namespace

TEST_CASE("a simulated report's traffic splits hold the bytes its workload moves", "[trace][traffic]")
{
    const ProfileDocument doc = trafficWorkload();
    test::TempDir dir;
    const std::string path = dir.file("traffic.pop");
    writeProfile(doc, path);
    const TraceSummary trace = analyseTrace(*Profile::open(path));
    REQUIRE(trace.ipus.size() == 2);
    const size_t host = size_t(CopyOrigin::Host), remote = size_t(CopyOrigin::RemoteBuffer);
    const IpuTrace& ipu0 = trace.ipus[0];
    const IpuTrace& ipu1 = trace.ipus[1];
    CHECK(ipu0.streamCopies[host].toIpuBytes == 16 * 256);
    CHECK(ipu0.streamCopies[host].fromIpuBytes == 0);
    CHECK(ipu1.streamCopies[host].fromIpuBytes == 16 * 128);
    CHECK(ipu1.streamCopies[remote].toIpuBytes == 16 * 64);
    CHECK(ipu0.streamCopies[remote].fromIpuBytes == 16 * 32);
    CHECK(ipu0.streamCopies[remote].toIpuBytes == 0);
    CHECK(ipu0.globalExchange.receivedBytes == 4 * 100);
    CHECK(ipu0.globalExchange.sentBytes == 4 * 100);
    CHECK(ipu1.globalExchange == ExchangeTraffic {});
    // Every IPU takes part in every host copy's phases; the remote ones are the two remote copies'.
    for (const IpuTrace& ipu : trace.ipus) {
        CHECK(ipu.streamCopies[remote].cycles
            == copyCycles(doc, ipu.ipu, "remoteLoad/") + copyCycles(doc, ipu.ipu, "weights/remoteBuffer/"));
        CHECK(ipu.streamCopies[host].cycles + ipu.streamCopies[remote].cycles
            == ipu.stepCycles[size_t(TraceState::StreamCopy)]);
        CHECK(ipu.streamCopies[remote].cycles > 0);
    }
}

TEST_CASE("popscope-cli trace --json carries the traffic splits core computes", "[trace][traffic][cli]")
{
    test::TempDir dir;
    const std::string path = dir.file("traffic.pop");
    writeProfile(trafficWorkload(), path);
    const auto result = test::runCli("trace " + path + " --json");
    REQUIRE(result.status == 0);
    const auto json = nlohmann::json::parse(result.out);
    const auto& copies = json["traffic"]["streamCopies"];
    CHECK(copies["host"]["toIpuBytes"] == 16 * 256);
    CHECK(copies["host"]["fromIpuBytes"] == 16 * 128);
    CHECK(copies["remoteBuffer"]["toIpuBytes"] == 16 * 64);
    CHECK(copies["remoteBuffer"]["fromIpuBytes"] == 16 * 32);
    CHECK(json["traffic"]["globalExchange"]["receivedBytes"] == 400);
    CHECK(json["traffic"]["globalExchange"]["sentBytes"] == 400);
    const TraceSummary trace = analyseTrace(*Profile::open(path));
    for (size_t i = 0; i < 2; ++i) {
        const auto& ipu = json["ipus"][i]["traffic"];
        CHECK(ipu["streamCopies"]["remoteBuffer"]["cycles"] == trace.ipus[i].streamCopies[1].cycles);
        CHECK(ipu["streamCopies"]["host"]["toIpuBytes"] == trace.ipus[i].streamCopies[0].toIpuBytes);
        CHECK(ipu["globalExchange"]["sentBytes"] == trace.ipus[i].globalExchange.sentBytes);
    }
    const auto text = test::runCli("trace " + path);
    CHECK_THAT(text.out,
        Catch::Contains("stream copies, remote buffer → IPU " + formatBytes(16 * 64))
            && Catch::Contains(
                "global exchange, received " + formatBytes(400) + ", sent " + formatBytes(400)));
}

TEST_CASE("offloading the optimiser state moves it through remote buffers, both ways", "[trace][traffic]")
{
    const TraceSummary on = analyseTrace(*Profile::open(simtest::sampleProfile("offload-on")));
    const TraceSummary off = analyseTrace(*Profile::open(simtest::sampleProfile("offload-off")));
    const CopyTraffic remote = on.streamCopies(CopyOrigin::RemoteBuffer);
    CHECK(remote.toIpuBytes > 0);
    CHECK(remote.toIpuBytes == remote.fromIpuBytes); // each layer's state loaded, then stored
    CHECK(off.streamCopies(CopyOrigin::RemoteBuffer) == CopyTraffic {});
    // The host streams are the same model's in both.
    CHECK(on.streamCopies(CopyOrigin::Host).toIpuBytes == off.streamCopies(CopyOrigin::Host).toIpuBytes);
}
