// popscope-cli operations: the Operations report's ranking, as text or JSON.
#include "operations_command.hpp"

#include "popscope/operations.hpp"
#include "popscope/report.hpp"

#include <iostream>
#include <string>
#include <vector>

namespace popscope::cli {

namespace {

const char* kOperationsUsage = R"(usage: popscope-cli operations FILE [--layer LAYER] [--sort KEY] [--json]

One row per operation of a software layer, as the Operations report shows them: name, debug name,
cycles (of its steps, each step's slowest IPU), FLOPs, FLOPs per cycle, code size of its programs and
the memory of its variables (those whose debug context is the operation's or below it), with totals.

Options:
  --layer LAYER   the layer to list (popart, poplar, poptorch, ...); 'all' lists every layer.
                  Default: the first layer the profile lists.
  --sort KEY      cycles (default), flops, code, flops-per-cycle, memory or name
  --json          print the rows as JSON
)";

int operationsUsageError(const std::string& message)
{
    std::cerr << "popscope-cli: " << message << "\n\n" << kOperationsUsage;
    return 2;
}

} // namespace

int runOperationsCommand(int argc, char** argv)
{
    std::vector<std::string> files;
    std::string layer;
    OperationSort sort = OperationSort::Cycles;
    bool json = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            std::cout << kOperationsUsage;
            return 0;
        }
        if (arg == "--json") {
            json = true;
        } else if (arg == "--layer" || arg == "--sort") {
            if (i + 1 >= argc)
                return operationsUsageError(arg + " needs a value");
            const std::string value = argv[++i];
            if (arg == "--layer") {
                if (value.empty())
                    return operationsUsageError("--layer needs a layer name");
                layer = value;
            } else if (!parseOperationSort(value, sort)) {
                return operationsUsageError("--sort: unknown key '" + value + "'");
            }
        } else if (arg.size() > 1 && arg[0] == '-') {
            return operationsUsageError("operations: unknown option '" + arg + "'");
        } else {
            files.push_back(arg);
        }
    }
    if (files.size() != 1)
        return operationsUsageError("operations takes one FILE, got " + std::to_string(files.size()));
    const auto report = Report::open(files[0]);
    std::cout << (json ? formatOperationsJson(*report, layer, sort) + "\n"
                       : formatOperationsText(*report, layer, sort));
    return 0;
}

} // namespace popscope::cli
