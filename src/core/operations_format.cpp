// `popscope-cli operations`: the Operations report's table as text or JSON.
#include "popscope/errors.hpp"
#include "popscope/operations.hpp"
#include "popscope/report.hpp"
#include "popscope/units.hpp"
#include "shown_text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace popscope {

namespace {

std::string twoDecimals(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", value);
    return text;
}

std::string aligned(std::string text, size_t width, bool right)
{
    // Pads by bytes, which is enough for the ASCII names simulators and Poplar write.
    if (text.size() >= width)
        return text;
    const std::string pad(width - text.size(), ' ');
    return right ? pad + text : text + pad;
}

struct Listing {
    std::string layer;
    std::vector<uint32_t> rows;
    OperationFigures total;
};

Listing listing(const Report& report, const std::string& requestedLayer, OperationSort sort)
{
    const OperationAnalysis& a = report.operationAnalysis();
    Listing l;
    l.layer = requestedLayer.empty() ? defaultOperationLayer(a) : requestedLayer;
    if (l.layer == "all")
        l.layer.clear();
    else if (!l.layer.empty() && std::find(a.layers.begin(), a.layers.end(), l.layer) == a.layers.end()) {
        std::string known;
        for (const std::string& layer : a.layers)
            known += (known.empty() ? "" : ", ") + shownText(layer);
        throw ProfileError(ErrorKind::InvalidInput, report.path(),
            "no operations in layer '" + shownText(l.layer) + "'; the layers are: "
                + (known.empty() ? std::string("none (the profile has no operations)") : known));
    }
    l.rows = rankOperations(report.operations(), a, l.layer, sort);
    for (uint32_t i : l.rows) {
        const OperationFigures& f = a.figures[i];
        l.total.cycles += f.cycles;
        l.total.flops += f.flops;
        l.total.codeBytes += f.codeBytes;
        l.total.variableBytes += f.variableBytes;
        l.total.programs += f.programs;
        l.total.steps += f.steps;
    }
    return l;
}

} // namespace

std::string formatOperationsText(const Report& report, const std::string& layer, OperationSort sort)
{
    const Listing l = listing(report, layer, sort);
    const auto& ops = report.operations();
    const auto& figures = report.operationAnalysis().figures;
    std::ostringstream out;
    out << printableMessage(report.path()) << ": " << formatCount(l.rows.size())
        << (l.rows.size() == 1 ? " operation" : " operations") << " in "
        << (l.layer.empty() ? std::string("every layer") : "layer " + shownText(l.layer)) << ", ranked by "
        << operationSortName(sort) << "\n";
    if (l.rows.empty())
        return out.str();
    size_t nameWidth = 9, debugWidth = 10;
    for (uint32_t i : l.rows) {
        nameWidth = std::max(nameWidth, std::min<size_t>(48, shownText(ops[i].name).size()));
        debugWidth = std::max(debugWidth, std::min<size_t>(48, shownText(ops[i].debugName).size()));
    }
    const auto row = [&](const std::string& rank, const std::string& name, const std::string& debugName,
                         const std::string& cycles, const std::string& flops, const std::string& perCycle,
                         const std::string& code, const std::string& memory) {
        out << aligned(rank, 5, true) << "  " << aligned(name, nameWidth, false) << "  "
            << aligned(debugName, debugWidth, false) << "  " << aligned(cycles, 14, true) << "  "
            << aligned(flops, 16, true) << "  " << aligned(perCycle, 11, true) << "  "
            << aligned(code, 11, true) << "  " << aligned(memory, 11, true) << "\n";
    };
    const bool estimated = report.operationAnalysis().cyclesEstimated;
    row("#", "Operation", "Debug name", estimated ? "Est. cycles" : "Cycles", "FLOPs", "FLOPs/cycle", "Code",
        "Variables");
    size_t rank = 0;
    for (uint32_t i : l.rows) {
        const OperationFigures& f = figures[i];
        row(std::to_string(++rank), shownText(ops[i].name), shownText(ops[i].debugName),
            formatCount(f.cycles), formatCount(f.flops), twoDecimals(f.flopsPerCycle()),
            formatBytes(f.codeBytes), formatBytes(f.variableBytes));
    }
    row("", "Total", "", formatCount(l.total.cycles), formatCount(l.total.flops),
        twoDecimals(l.total.flopsPerCycle()), formatBytes(l.total.codeBytes),
        formatBytes(l.total.variableBytes));
    if (estimated)
        out << "Cycles are the compiler's estimates of one run: the report holds no execution.\n";
    const auto& layers = report.operationAnalysis().layers;
    if (layers.size() > 1 && !l.layer.empty()) {
        out << "Other layers:";
        for (const std::string& other : layers)
            if (other != l.layer)
                out << ' ' << shownText(other);
        out << " (--layer NAME, or --layer all)\n";
    }
    return out.str();
}

std::string formatOperationsJson(const Report& report, const std::string& layer, OperationSort sort)
{
    const Listing l = listing(report, layer, sort);
    const auto& ops = report.operations();
    const OperationAnalysis& a = report.operationAnalysis();
    using nlohmann::json;
    json rows = json::array();
    for (uint32_t i : l.rows) {
        const OperationRow op = ops[i];
        const OperationFigures& f = a.figures[i];
        rows.push_back(
            { { "id", i }, { "name", op.name }, { "layer", op.layer }, { "debugName", op.debugName },
                { "cycles", f.cycles }, { "flops", f.flops }, { "flopsPerCycle", f.flopsPerCycle() },
                { "codeBytes", f.codeBytes }, { "variableBytes", f.variableBytes },
                { "variables", f.variables }, { "programs", f.programs }, { "steps", f.steps } });
    }
    json j = { { "file", report.path() }, { "layer", l.layer.empty() ? std::string("all") : l.layer },
        { "layers", a.layers }, { "sort", operationSortName(sort) }, { "cyclesEstimated", a.cyclesEstimated },
        { "operations", rows },
        { "total",
            { { "cycles", l.total.cycles }, { "flops", l.total.flops },
                { "flopsPerCycle", l.total.flopsPerCycle() }, { "codeBytes", l.total.codeBytes },
                { "variableBytes", l.total.variableBytes } } } };
    return j.dump(2, ' ', false, json::error_handler_t::replace);
}

} // namespace popscope
