// A spec simulated and written to a file, with one progress for both: what `popscope-cli simulate`
// and the window's New Simulation run.
#include "popscope/errors.hpp"
#include "popscope/output_file.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/sim/simulator.hpp"

#include <chrono>

namespace popscope::sim {

namespace {

// Tiles whose memory (every non-overlapped category plus the gaps) is over the target's capacity.
uint64_t tilesOverCapacity(const ProfileDocument& doc)
{
    std::vector<uint64_t> total(doc.target.numTiles(), 0);
    for (const auto& s : doc.memory)
        if (!s.overlapped)
            for (size_t t = 0; t < s.bytesByTile.size(); ++t)
                total[s.ipu * doc.target.tilesPerIpu + t] += s.bytesByTile[t];
    for (const auto& g : doc.gaps)
        for (size_t t = 0; t < g.bytesByTile.size(); ++t)
            total[g.ipu * doc.target.tilesPerIpu + t] += g.bytesByTile[t];
    uint64_t over = 0;
    for (uint64_t bytes : total)
        over += bytes > doc.target.bytesPerTile;
    return over;
}

double millisecondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

SimulationOutcome simulateToFile(
    const SimulationSpec& spec, const std::string& path, const SimulationProgress& progress)
{
    // Simulating is most of the job; writing the last fifth.
    constexpr double kSimulateShare = 0.8;
    SimulationProgress simulateProgress;
    if (progress)
        simulateProgress = [&progress](const std::string& phase, double share) {
            return progress(phase, kSimulateShare * share);
        };
    const auto start = std::chrono::steady_clock::now();
    const ProfileDocument doc = simulateSpec(spec, simulateProgress);
    SimulationOutcome outcome;
    outcome.simulateMilliseconds = millisecondsSince(start);
    const auto written = std::chrono::steady_clock::now();
    WriteProgress writeProgress;
    if (progress)
        writeProgress = [&progress](double share) {
            return progress("writing the profile", kSimulateShare + (1 - kSimulateShare) * share);
        };
    WriteStats stats;
    try {
        stats = writeProfile(doc, path, writeProgress);
    } catch (const WriteCancelled&) {
        throw SimulationCancelled();
    }
    outcome.writeMilliseconds = millisecondsSince(written);
    outcome.architecture = doc.target.architecture;
    outcome.numIpus = doc.target.numIpus;
    outcome.variables = doc.variables.size();
    outcome.livenessSteps = doc.livenessSteps.size();
    outcome.executionSteps = doc.steps.size();
    outcome.tilesOverCapacity = tilesOverCapacity(doc);
    outcome.fileBytes = stats.bytes;
    outcome.rows = stats.rows;
    if (progress)
        progress("done", 1);
    return outcome;
}

} // namespace popscope::sim
