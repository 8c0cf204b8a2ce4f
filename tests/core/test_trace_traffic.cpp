// The execution trace's traffic splits on a hand-made profile whose every byte and cycle is
// written below: stream copies by direction and by host stream or remote buffer (told by the
// copy program's name), global exchanges by direction, and the cycle proportions.
#include "fixture_builder.hpp"
#include "popscope/execution_trace.hpp"
#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"

#include <catch2/catch.hpp>

using namespace popscope;

namespace {

StepIpu stepOn(uint32_t ipu, uint64_t base, uint64_t cycles, uint64_t dataIn, uint64_t dataOut)
{
    StepIpu si;
    si.ipu = ipu;
    si.cyclesBase = base;
    si.cycles = cycles;
    si.activeCyclesToMax = cycles;
    si.activeTiles = 16;
    si.dataIn = dataIn;
    si.dataOut = dataOut;
    return si;
}

// Two IPUs of 16 tiles; five steps after the fixture's programs (7..10 added here):
//   0 host copy in       IPU 0: 1,000 cycles from 0, 4,096 B in; IPU 1: 1,000 from 0, 2,048 B in
//   1 remote load (Mid)  IPU 0: 500 from 1,000, 8,192 B in;        IPU 1: 500 from 1,000, nothing
//   2 remote store Begin IPU 0: 300 from 1,500
//   3 host copy out      IPU 1: 200 from 1,500, 1,024 B out
//   4 global exchange    IPU 0: 700 from 1,800, 640 B in, 512 out; IPU 1: 700 from 1,800, 256 in, 384 out
ProfileDocument trafficDocument()
{
    test::FixtureOptions options;
    options.numSteps = 0;
    ProfileDocument doc = test::makeDocument(options);
    doc.programs.push_back({ "StreamCopyMid", "data/fromHost/StreamCopyMid", {}, -1, 1, -1, 0 }); // 7
    doc.programs.push_back(
        { "StreamCopyMid", "layer0/optimizer/remoteLoad/StreamCopyMid", {}, -1, 1, -1, 0 });
    doc.programs.push_back({ "StreamCopyBegin", "RemoteBuffer3/StreamCopyBegin", {}, -1, 1, -1, 0 }); // 9
    doc.programs.push_back({ "GlobalExchange", "layer0/allReduce", {}, -1, -1, -1, 0 }); // 10
    auto step = [&](const char* type, uint32_t program, std::vector<StepIpu> ipus) {
        ExecutionStep s;
        s.type = type;
        s.program = program;
        s.ipus = std::move(ipus);
        doc.steps.push_back(std::move(s));
    };
    step("StreamCopyMid", 7, { stepOn(0, 0, 1000, 4096, 0), stepOn(1, 0, 1000, 2048, 0) });
    step("StreamCopyMid", 8, { stepOn(0, 1000, 500, 8192, 0), stepOn(1, 1000, 500, 0, 0) });
    step("StreamCopyBegin", 9, { stepOn(0, 1500, 300, 0, 0) });
    step("StreamCopyMid", 6, { stepOn(1, 1500, 200, 0, 1024) }); // the fixture's "host/input"
    step("GlobalExchange", 10, { stepOn(0, 1800, 700, 640, 512), stepOn(1, 1800, 700, 256, 384) });
    return doc;
}

std::string writeTrafficProfile(const test::TempDir& dir)
{
    const std::string path = dir.file("traffic.pop");
    writeProfile(trafficDocument(), path);
    return path;
}

} // namespace

TEST_CASE("a remote buffer's copy is told by a component of its program's name", "[trace][traffic]")
{
    CHECK(namesRemoteBuffer("layer0/optimizer/remoteLoad/StreamCopyMid"));
    CHECK(namesRemoteBuffer("RemoteBuffer3/StreamCopyBegin"));
    CHECK(namesRemoteBuffer("weights/remoteBuffer/StreamCopyEnd"));
    CHECK(namesRemoteBuffer("REMOTE"));
    CHECK_FALSE(namesRemoteBuffer("data/fromHost/StreamCopyMid"));
    CHECK_FALSE(namesRemoteBuffer("promote/StreamCopyMid")); // "remote" inside a word is not one
    CHECK_FALSE(namesRemoteBuffer("remot/e"));
    CHECK_FALSE(namesRemoteBuffer(""));
}

TEST_CASE("stream copies split by direction and origin, global exchanges by direction", "[trace][traffic]")
{
    test::TempDir dir;
    const TraceSummary trace = analyseTrace(*Profile::open(writeTrafficProfile(dir)));
    REQUIRE(trace.ipus.size() == 2);
    const auto& ipu0 = trace.ipus[0];
    const auto& ipu1 = trace.ipus[1];
    const size_t host = size_t(CopyOrigin::Host), remote = size_t(CopyOrigin::RemoteBuffer);
    CHECK(ipu0.streamCopies[host] == CopyTraffic { 4096, 0, 1000 });
    CHECK(ipu0.streamCopies[remote] == CopyTraffic { 8192, 0, 800 });
    CHECK(ipu1.streamCopies[host] == CopyTraffic { 2048, 1024, 1200 });
    CHECK(ipu1.streamCopies[remote] == CopyTraffic { 0, 0, 500 });
    CHECK(ipu0.globalExchange == ExchangeTraffic { 640, 512, 700 });
    CHECK(ipu1.globalExchange == ExchangeTraffic { 256, 384, 700 });
    CHECK(trace.streamCopies(CopyOrigin::Host) == CopyTraffic { 6144, 1024, 2200 });
    CHECK(trace.streamCopies(CopyOrigin::RemoteBuffer) == CopyTraffic { 8192, 0, 1300 });
    CHECK(trace.globalExchange() == ExchangeTraffic { 896, 896, 1400 });
    // The totals the summary showed before the split are the split's sums.
    CHECK(ipu0.streamCopyBytes == 4096 + 8192);
    CHECK(ipu1.globalExchangeBytes == 256 + 384);
}

TEST_CASE("the cycle proportions are each kind's share of the IPU's span", "[trace][traffic]")
{
    test::TempDir dir;
    const TraceSummary trace = analyseTrace(*Profile::open(writeTrafficProfile(dir)));
    // IPU 0 runs from 0 to 2,500: 1,800 cycles of stream copies, 700 of global exchange.
    const IpuTrace& ipu0 = trace.ipus[0];
    CHECK(ipu0.stepShare(TraceState::StreamCopy) == Approx(1800.0 / 2500.0));
    CHECK(ipu0.stepShare(TraceState::Exchanging) == Approx(700.0 / 2500.0));
    CHECK(ipu0.stepShare(TraceState::Computing) == 0.0);
    // IPU 1 runs 0-1,500 and 1,500-1,700 in copies, then 1,800-2,500 in the exchange: 100 idle.
    const IpuTrace& ipu1 = trace.ipus[1];
    CHECK(ipu1.stepShare(TraceState::StreamCopy) == Approx(1700.0 / 2500.0));
    CHECK(ipu1.stepShare(TraceState::Idle) == Approx(100.0 / 2500.0));
    CHECK(IpuTrace {}.stepShare(TraceState::Computing) == 0.0); // nothing ran
}

TEST_CASE("a cycle range counts the traffic of the steps within it", "[trace][traffic]")
{
    test::TempDir dir;
    const auto profile = Profile::open(writeTrafficProfile(dir));
    const TraceSummary first = analyseTrace(*profile, CycleRange { 0, 1000 });
    CHECK(first.streamCopies(CopyOrigin::Host) == CopyTraffic { 6144, 0, 2000 });
    CHECK(first.streamCopies(CopyOrigin::RemoteBuffer) == CopyTraffic {});
    CHECK(first.globalExchange() == ExchangeTraffic {});
    // Half of the exchange's 700 cycles on each IPU; its bytes whole.
    const TraceSummary last = analyseTrace(*profile, CycleRange { 2150, 2500 });
    CHECK(last.globalExchange() == ExchangeTraffic { 896, 896, 700 });
}
