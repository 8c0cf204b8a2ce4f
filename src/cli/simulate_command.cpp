#include "simulate_command.hpp"

#include "popscope/errors.hpp"
#include "popscope/output_file.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/sim/generators.hpp"
#include "popscope/sim/simulator.hpp"
#include "popscope/sim/target_config.hpp"

#include <charconv>
#include <chrono>
#include <iostream>
#include <string>

namespace popscope::cli {

namespace {

constexpr int kUsageError = 2;
constexpr int kInputError = 1;

void printHelp(std::ostream& out)
{
    out << "usage: popscope-cli simulate --workload NAME [key=value ...] [options] -o OUT.pop\n"
           "       popscope-cli simulate SPEC.json [key=value ...] [options] -o OUT.pop\n"
           "       popscope-cli simulate --help\n"
           "\n"
           "Simulates a workload on a model of Graphcore IPUs (BSP execution, memory by tile,\n"
           "liveness, operations) and writes a profile. See docs/simulator.md.\n"
           "\n"
           "options:\n"
           "  --workload NAME        a built-in workload (below)\n"
           "  --target Mk1|Mk2|Bow   target preset (default Mk2)\n"
           "  --seed N               seed for the per-tile jitter (default 1); same seed, same bytes\n"
           "  target.FIELD=VALUE     override a target field, e.g. target.clockHz=1.5e9\n"
           "  -o, --output OUT.pop   the profile to write (required)\n"
           "  -q, --quiet            print nothing on success\n"
           "\n"
           "target fields:";
    for (const auto& f : sim::targetFieldNames())
        out << " " << f;
    out << "\n\nworkloads (key=default: meaning):\n";
    for (const auto& g : sim::generatorInfos()) {
        out << "\n  " << g.name << "\n      " << g.summary << "\n";
        for (const auto& p : g.params)
            out << "      " << p.name << "=" << p.defaultValue << ": " << p.help << "\n";
    }
    out << "\n  custom\n      a hand-written workload: a spec file with a \"description\" object\n";
}

int usage(const std::string& message)
{
    std::cerr << "popscope-cli simulate: " << message << "\n(see popscope-cli simulate --help)\n";
    return kUsageError;
}

} // namespace

int runSimulateCommand(int argc, char** argv)
{
    std::string workload, specFile, output, target;
    bool quiet = false;
    bool haveSeed = false;
    uint64_t seed = 1;
    std::map<std::string, std::string> params, overrides;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&](const char* what) -> std::string {
            if (i + 1 >= argc)
                throw std::invalid_argument(std::string(what) + " needs a value");
            return argv[++i];
        };
        try {
            if (arg == "--help" || arg == "-h") {
                printHelp(std::cout);
                return 0;
            } else if (arg == "--workload" || arg == "-w") {
                workload = value("--workload");
            } else if (arg == "-o" || arg == "--output") {
                output = value("-o");
            } else if (arg == "--target") {
                target = value("--target");
            } else if (arg == "--seed") {
                const std::string v = value("--seed");
                // from_chars, not stoull: stoull accepts "-5" (wrapping it) and reports "stoull".
                const auto [end, error] = std::from_chars(v.data(), v.data() + v.size(), seed);
                if (v.empty() || error != std::errc() || end != v.data() + v.size())
                    throw std::invalid_argument(
                        "--seed expects a whole number from 0 to 18446744073709551615, got '" + v + "'");
                haveSeed = true;
            } else if (arg == "-q" || arg == "--quiet") {
                quiet = true;
            } else if (!arg.empty() && arg[0] == '-') {
                return usage("unknown option '" + arg + "'");
            } else if (auto eq = arg.find('='); eq != std::string::npos) {
                const std::string key = arg.substr(0, eq), v = arg.substr(eq + 1);
                if (key.rfind("target.", 0) == 0)
                    overrides[key.substr(7)] = v;
                else
                    params[key] = v;
            } else if (specFile.empty()) {
                specFile = arg;
            } else {
                return usage("unexpected argument '" + arg + "'");
            }
        } catch (const std::exception& e) {
            return usage(e.what());
        }
    }
    if (output.empty())
        return usage("no output file (-o OUT.pop)");
    if (workload.empty() && specFile.empty())
        return usage("give --workload NAME or a spec file");
    if (!workload.empty() && !specFile.empty())
        return usage("give either --workload or a spec file, not both");

    try {
        checkOutputFile(
            output, specFile.empty() ? std::vector<std::string> {} : std::vector<std::string> { specFile });
        const auto start = std::chrono::steady_clock::now();
        sim::SimulationSpec spec;
        if (!specFile.empty()) {
            spec = sim::readSpecFile(specFile);
        } else {
            spec.workload = workload;
            spec.source = "command line";
            if (!sim::findGenerator(workload)) {
                std::string known;
                for (const auto& g : sim::generatorInfos())
                    known += (known.empty() ? "" : ", ") + g.name;
                return usage("unknown workload '" + workload + "' (known: " + known + ")");
            }
        }
        for (const auto& [k, v] : params)
            spec.params[k] = v;
        for (const auto& [k, v] : overrides)
            spec.targetOverrides[k] = v;
        if (!target.empty())
            spec.target = target;
        if (haveSeed)
            spec.seed = seed;
        const ProfileDocument doc = sim::simulateSpec(spec);
        const auto simulated = std::chrono::steady_clock::now();
        const WriteStats stats = writeProfile(doc, output);
        const auto written = std::chrono::steady_clock::now();
        if (!quiet) {
            uint64_t over = 0;
            const double ms1 = std::chrono::duration<double, std::milli>(simulated - start).count();
            const double ms2 = std::chrono::duration<double, std::milli>(written - simulated).count();
            std::vector<uint64_t> total(doc.target.numTiles(), 0);
            for (const auto& s : doc.memory)
                if (!s.overlapped)
                    for (size_t t = 0; t < s.bytesByTile.size(); ++t)
                        total[s.ipu * doc.target.tilesPerIpu + t] += s.bytesByTile[t];
            for (const auto& g : doc.gaps)
                for (size_t t = 0; t < g.bytesByTile.size(); ++t)
                    total[g.ipu * doc.target.tilesPerIpu + t] += g.bytesByTile[t];
            for (uint64_t b : total)
                over += b > doc.target.bytesPerTile;
            std::cout << "wrote " << output << ": " << doc.target.architecture << " x" << doc.target.numIpus
                      << ", " << doc.variables.size() << " variables, " << doc.livenessSteps.size()
                      << " liveness steps, " << doc.steps.size() << " execution steps, " << over
                      << " tiles over capacity, " << stats.bytes << " bytes (" << stats.rows
                      << " rows); simulate " << uint64_t(ms1) << " ms, write " << uint64_t(ms2) << " ms\n";
        }
        return 0;
    } catch (const ProfileError&) {
        throw; // popscope-cli maps the error kind to its exit code (10 invalid input, 3 not found, ...)
    } catch (const std::bad_alloc&) {
        std::cerr << "popscope-cli simulate: out of memory while simulating\n";
        return kInputError;
    }
}

} // namespace popscope::cli
