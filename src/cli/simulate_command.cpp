#include "simulate_command.hpp"
#include "exit_codes.hpp"

#include "popscope/errors.hpp"
#include "popscope/output_file.hpp"
#include "popscope/series.hpp"
#include "popscope/sim/generators.hpp"
#include "popscope/sim/simulator.hpp"
#include "popscope/sim/target_config.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace popscope::cli {

namespace {

constexpr int kInputError = 1;

void printHelp(std::ostream& out)
{
    out << "usage: popscope-cli simulate --workload NAME [key=value ...] [options] -o OUT.pop\n"
           "       popscope-cli simulate SPEC.json [key=value ...] [options] -o OUT.pop\n"
           "       popscope-cli simulate --workload NAME [key=value ...] --sweep KEY=V1,V2,... -o FOLDER "
           "[--json]\n"
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
           "  -o, --output OUT.pop   the profile to write (required); with --sweep, the folder\n"
           "  --sweep KEY=V1,V2,...  simulate once per value of parameter KEY (2 to 32 values, side by side\n"
           "                         on the machine's cores), one profile each in FOLDER, then print the\n"
           "                         series table (popscope-cli series): the largest value that fits is "
           "marked\n"
           "  --json                 with --sweep, the table as JSON\n"
           "  -q, --quiet            print nothing on success\n"
           "\n"
           "target fields:";
    for (const auto& f : sim::targetFieldNames())
        out << " " << f;
    out << "\n\nworkloads (key=default: meaning):\n";
    for (const auto& g : sim::generatorInfos()) {
        out << "\n  " << g.name << "\n      " << g.summary << "\n";
        for (const auto& p : g.params)
            out << "      " << p.name << "=" << p.defaultValue << " (" << sim::parameterDomain(p)
                << "): " << p.help << "\n";
    }
    out << "\n  custom\n      a hand-written workload: a spec file with a \"description\" object\n";
}

int usage(const std::string& message)
{
    std::cerr << "popscope-cli simulate: " << message << "\n(see popscope-cli simulate --help)\n";
    return kUsageError;
}

// Simulates every spec into its path, as many at once as the machine has cores.
void simulateAll(const std::vector<sim::SimulationSpec>& specs, const std::vector<std::string>& paths)
{
    std::atomic<size_t> next { 0 };
    std::mutex mutex;
    std::exception_ptr failure;
    auto worker = [&] {
        for (size_t i = next++; i < specs.size(); i = next++) {
            try {
                sim::simulateToFile(specs[i], paths[i]);
            } catch (...) {
                std::lock_guard lock(mutex);
                if (!failure)
                    failure = std::current_exception();
                next = specs.size(); // stop taking more
            }
        }
    };
    const size_t threads = std::clamp<size_t>(std::thread::hardware_concurrency(), 1, specs.size());
    std::vector<std::thread> pool;
    for (size_t t = 0; t < threads; ++t)
        pool.emplace_back(worker);
    for (auto& thread : pool)
        thread.join();
    if (failure)
        std::rethrow_exception(failure);
}

int runSweep(const sim::SimulationSpec& base, const std::string& sweep, const std::string& folder, bool json)
{
    const auto [key, values] = sim::parseSweep(sweep);
    const std::vector<sim::SimulationSpec> specs = sim::sweepSpecs(base, key, values);
    std::filesystem::create_directories(folder);
    std::vector<std::string> paths;
    for (const auto& spec : specs)
        paths.push_back((std::filesystem::path(folder) / sim::simulationFileName(spec)).string());
    simulateAll(specs, paths);
    const SeriesTable table = readSeries(paths, values, key);
    std::cout << (json ? formatSeriesJson(table) : formatSeriesText(table));
    return 0;
}

// The command line of `simulate`, as typed.
struct SimulateArguments {
    std::string workload, specFile, output, target, sweep;
    bool quiet = false, json = false, help = false;
    std::optional<uint64_t> seed;
    std::map<std::string, std::string> params, overrides;
};

uint64_t parseSeed(const std::string& v)
{
    // from_chars, not stoull: stoull accepts "-5" (wrapping it) and reports "stoull".
    uint64_t seed = 0;
    const auto [end, error] = std::from_chars(v.data(), v.data() + v.size(), seed);
    if (v.empty() || error != std::errc() || end != v.data() + v.size())
        throw std::invalid_argument(
            "--seed expects a whole number from 0 to 18446744073709551615, got '" + v + "'");
    return seed;
}

// Reads argv into `a`; throws std::invalid_argument with the usage problem.
void parseSimulateArguments(int argc, char** argv, SimulateArguments& a)
{
    for (int i = 1; i < argc && !a.help; ++i) {
        const std::string arg = argv[i];
        auto value = [&](const char* what) -> std::string {
            if (i + 1 >= argc)
                throw std::invalid_argument(std::string(what) + " needs a value");
            return argv[++i];
        };
        if (arg == "--help" || arg == "-h")
            a.help = true;
        else if (arg == "--workload" || arg == "-w")
            a.workload = value("--workload");
        else if (arg == "-o" || arg == "--output")
            a.output = value("-o");
        else if (arg == "--target")
            a.target = value("--target");
        else if (arg == "--seed")
            a.seed = parseSeed(value("--seed"));
        else if (arg == "--sweep")
            a.sweep = value("--sweep");
        else if (arg == "--json")
            a.json = true;
        else if (arg == "-q" || arg == "--quiet")
            a.quiet = true;
        else if (!arg.empty() && arg[0] == '-')
            throw std::invalid_argument("unknown option '" + arg + "'");
        else if (auto eq = arg.find('='); eq != std::string::npos)
            (arg.rfind("target.", 0) == 0 ? a.overrides[arg.substr(7, eq - 7)] : a.params[arg.substr(0, eq)])
                = arg.substr(eq + 1);
        else if (a.specFile.empty())
            a.specFile = arg;
        else
            throw std::invalid_argument("unexpected argument '" + arg + "'");
    }
}

// What is wrong with the arguments as a whole, or "".
std::string argumentsProblem(const SimulateArguments& a)
{
    if (a.output.empty())
        return "no output file (-o OUT.pop)";
    if (a.workload.empty() && a.specFile.empty())
        return "give --workload NAME or a spec file";
    if (!a.workload.empty() && !a.specFile.empty())
        return "give either --workload or a spec file, not both";
    if (a.json && a.sweep.empty())
        return "--json goes with --sweep";
    if (!a.workload.empty() && !sim::findGenerator(a.workload)) {
        std::string known;
        for (const auto& g : sim::generatorInfos())
            known += (known.empty() ? "" : ", ") + g.name;
        return "unknown workload '" + a.workload + "' (known: " + known + ")";
    }
    return "";
}

sim::SimulationSpec specOf(const SimulateArguments& a)
{
    sim::SimulationSpec spec;
    if (!a.specFile.empty()) {
        spec = sim::readSpecFile(a.specFile);
    } else {
        spec.workload = a.workload;
        spec.source = "command line";
    }
    for (const auto& [k, v] : a.params)
        spec.params[k] = v;
    for (const auto& [k, v] : a.overrides)
        spec.targetOverrides[k] = v;
    if (!a.target.empty())
        spec.target = a.target;
    if (a.seed)
        spec.seed = *a.seed;
    return spec;
}

void printOutcome(const std::string& output, const sim::SimulationOutcome& o)
{
    std::cout << "wrote " << output << ": " << o.architecture << " x" << o.numIpus << ", " << o.variables
              << " variables, " << o.livenessSteps << " liveness steps, " << o.executionSteps
              << " execution steps, " << o.tilesOverCapacity << " tiles over capacity, " << o.fileBytes
              << " bytes (" << o.rows << " rows); simulate " << uint64_t(o.simulateMilliseconds)
              << " ms, write " << uint64_t(o.writeMilliseconds) << " ms\n";
}

} // namespace

int runSimulateCommand(int argc, char** argv)
{
    SimulateArguments a;
    try {
        parseSimulateArguments(argc, argv, a);
    } catch (const std::exception& e) {
        return usage(e.what());
    }
    if (a.help) {
        printHelp(std::cout);
        return 0;
    }
    if (const std::string problem = argumentsProblem(a); !problem.empty())
        return usage(problem);
    try {
        if (a.sweep.empty())
            checkOutputFile(a.output,
                a.specFile.empty() ? std::vector<std::string> {} : std::vector<std::string> { a.specFile });
        const sim::SimulationSpec spec = specOf(a);
        sim::checkSpec(spec);
        if (!a.sweep.empty())
            return runSweep(spec, a.sweep, a.output, a.json);
        const sim::SimulationOutcome outcome = sim::simulateToFile(spec, a.output);
        if (!a.quiet)
            printOutcome(a.output, outcome);
        return 0;
    } catch (const ProfileError&) {
        throw; // popscope-cli maps the error kind to its exit code (10 invalid input, 3 not found, ...)
    } catch (const std::bad_alloc&) {
        std::cerr << "popscope-cli simulate: out of memory while simulating\n";
        return kInputError;
    }
}

} // namespace popscope::cli
