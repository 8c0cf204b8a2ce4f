// The extension `popscope._popscope`: a thin, index-based face of core's Report for the
// pure-Python libpva layer (popscope/pva.py). Arrays come back as PackedArray views onto core's
// vectors (buffer protocol: memoryview and NumPy read them without copying).
#include "packed_array.hpp"
#include "query_binding.hpp"
#include "report_handle.hpp"

#include "popscope/errors.hpp"
#include "popscope/operations.hpp"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <map>

namespace py = pybind11;
using namespace popscope;
using popscope::python::LoweredVariables;
using popscope::python::PackedArray;
using popscope::python::ReportHandle;
using popscope::python::StepColumns;

namespace {

PackedArray slice(const PackedArray& a, size_t first, size_t last)
{
    const size_t item = a.wide ? 8 : 4;
    return { a.owner, static_cast<const char*>(a.data) + first * item, last - first, a.wide };
}

void bindPackedArray(py::module_& m)
{
    py::class_<PackedArray>(m, "PackedArray", py::buffer_protocol(),
        "Read-only unsigned integers: a view onto the report's data (memoryview/NumPy without a copy).")
        .def_buffer([](const PackedArray& a) {
            const py::ssize_t item = a.wide ? 8 : 4;
            return py::buffer_info(const_cast<void*>(a.data), item,
                a.wide ? py::format_descriptor<uint64_t>::format()
                       : py::format_descriptor<uint32_t>::format(),
                1, { py::ssize_t(a.size) }, { item }, true);
        })
        .def("__len__", [](const PackedArray& a) { return a.size; })
        .def("__getitem__",
            [](const PackedArray& a, py::ssize_t i) {
                if (i < 0)
                    i += py::ssize_t(a.size);
                if (i < 0 || size_t(i) >= a.size)
                    throw py::index_error("index out of range");
                return a.at(size_t(i));
            })
        .def("__getitem__",
            [](const PackedArray& a, const py::slice& s) {
                size_t start = 0, stop = 0, step = 0, length = 0;
                if (!s.compute(a.size, &start, &stop, &step, &length))
                    throw py::error_already_set();
                if (step != 1)
                    throw py::value_error("PackedArray slices take a step of 1");
                return slice(a, start, start + length);
            })
        .def("sum",
            [](const PackedArray& a) {
                uint64_t total = 0;
                for (size_t i = 0; i < a.size; ++i)
                    total += a.at(i);
                return total;
            })
        .def("max",
            [](const PackedArray& a) {
                if (!a.size)
                    throw py::value_error("max() of an empty array");
                uint64_t best = 0;
                for (size_t i = 0; i < a.size; ++i)
                    best = std::max(best, a.at(i));
                return best;
            })
        .def("tolist",
            [](const PackedArray& a) {
                py::list out(a.size);
                for (size_t i = 0; i < a.size; ++i)
                    out[i] = py::int_(a.at(i));
                return out;
            })
        .def("__repr__", [](const PackedArray& a) {
            return "<PackedArray of " + std::to_string(a.size) + (a.wide ? " uint64>" : " uint32>");
        });
}

const std::vector<uint64_t>& stepColumn(const StepColumns& s, const std::string& name)
{
    if (name == "cycles")
        return s.cycles;
    if (name == "cyclesBase")
        return s.cyclesBase;
    if (name == "fromMin")
        return s.fromMin;
    if (name == "fromMax")
        return s.fromMax;
    if (name == "toMin")
        return s.toMin;
    if (name == "toMax")
        return s.toMax;
    if (name == "dataIn")
        return s.dataIn;
    if (name == "dataOut")
        return s.dataOut;
    throw py::key_error(name);
}

const std::vector<uint32_t>& loweredColumn(const LoweredVariables& l, const std::string& name)
{
    static const std::map<std::string, std::vector<uint32_t> LoweredVariables::*> columns {
        { "variableStart", &LoweredVariables::variableStart },
        { "tile", &LoweredVariables::tile },
        { "bytes", &LoweredVariables::bytes },
        { "variable", &LoweredVariables::variable },
        { "classOfVariable", &LoweredVariables::classOfVariable },
        { "classStepOffsets", &LoweredVariables::classStepOffsets },
        { "classSteps", &LoweredVariables::classSteps },
        { "tileOffsets", &LoweredVariables::tileOffsets },
        { "byTile", &LoweredVariables::byTile },
    };
    const auto found = columns.find(name);
    if (found == columns.end())
        throw py::key_error(name);
    return l.*(found->second);
}

} // namespace

PYBIND11_MODULE(_popscope, m)
{
    m.doc() = "popscope's report reader for Python (see popscope.pva for the libpva API)";
    // ProfileError -> popscope.pva.Error (a RuntimeError); the message names the file and the problem.
    py::register_exception<ProfileError>(m, "Error", PyExc_RuntimeError);
    bindPackedArray(m);
    popscope::python::bindQuery(m);
    m.def("_live_reports", &ReportHandle::liveReports,
        "reports opened by the module and still alive (for tests)");
    using H = ReportHandle;
    py::class_<H, std::shared_ptr<H>> h(m, "Report");
    h.def(py::init<const std::string&>(), py::arg("path"))
        .def_property_readonly("path", [](const H& r) { return r.report().path(); })
        .def_property_readonly("format_version",
            [](const H& r) {
                return py::make_tuple(r.report().profile().formatMajor(), r.report().profile().formatMinor());
            })
        .def_property_readonly("target",
            [](const H& r) {
                const Target& t = r.report().profile().target();
                py::dict d;
                d["type"] = t.type;
                d["architecture"] = t.architecture;
                d["numIPUs"] = t.numIpus;
                d["tilesPerIpu"] = t.tilesPerIpu;
                d["bytesPerTile"] = t.bytesPerTile;
                d["clockFrequency"] = t.clockHz;
                d["numReplicas"] = t.numReplicas;
                d["ipusPerReplica"] = t.ipusPerReplica;
                d["compute"] = t.computeInstrumentation;
                d["externalExchange"] = t.externalExchangeInstrumentation;
                return d;
            })
        .def_property_readonly("info",
            [](const H& r) {
                const ReportInfo& i = r.report().profile().info();
                py::dict d;
                d["poplarVersion"] = i.poplarVersion;
                d["timestamp"] = i.timestamp;
                d["generator"] = i.generator;
                d["numEdges"] = i.numEdges;
                return d;
            })
        .def_property_readonly("summary",
            [](const H& r) {
                const ProfileSummary& s = r.report().summary();
                py::dict d;
                d["numComputeSets"] = s.numComputeSets;
                d["numVertices"] = s.numVertices;
                d["numVertexTypes"] = s.numVertexTypes;
                d["numVariables"] = s.numVariables;
                d["numPrograms"] = s.numPrograms;
                d["numLivenessSteps"] = s.numLivenessSteps;
                d["numExecutionSteps"] = s.numExecutionSteps;
                d["numRuns"] = s.numRuns;
                d["numOperations"] = s.numOperations;
                d["totalCycles"] = s.totalCycles;
                return d;
            })
        // Memory by tile (global tile ids).
        .def_property_readonly(
            "memory_categories", [](const H& r) { return r.report().tileMemory().categories; })
        .def("memory_category",
            [](const H& r, size_t c) {
                return PackedArray::view(r.owner(), r.report().tileMemory().byCategory.at(c));
            })
        .def("memory_cube",
            [](const H& r, size_t c, size_t region, bool overlapped) -> py::object {
                const auto& series = r.report().tileMemory().cube.at(c).at(region)[overlapped ? 1 : 0];
                if (series.empty())
                    return py::none(); // all zero
                return py::cast(PackedArray::view(r.owner(), series));
            })
        .def("memory_total",
            [](const H& r, bool includingGaps) {
                const TileMemory& t = r.report().tileMemory();
                return PackedArray::view(
                    r.owner(), includingGaps ? t.totalIncludingGaps : t.totalExcludingGaps);
            })
        .def("memory_region",
            [](const H& r, size_t region, bool gaps) {
                const TileMemory& t = r.report().tileMemory();
                return PackedArray::view(r.owner(), gaps ? t.gapsByRegion.at(region) : t.byRegion.at(region));
            })
        .def("memory_liveness",
            [](const H& r, bool alwaysLive) {
                const TileMemory& t = r.report().tileMemory();
                return PackedArray::view(r.owner(), alwaysLive ? t.alwaysLive : t.notAlwaysLive);
            })
        // Variables.
        .def_property_readonly(
            "num_variables", [](const H& r) { return r.report().variableHeaders().size(); })
        .def("variable",
            [](const H& r, size_t i) {
                const VariableRow v = r.report().variableHeaders().at(i);
                return py::make_tuple(
                    v.name, v.sizeBytes, v.category.str(), v.elementType.str(), v.alwaysLive, v.debugContext);
            })
        .def("variable_tiles",
            [](const H& r, size_t i) {
                py::list out;
                for (const TileBytes& tb : r.report().variables().at(i).tiles)
                    out.append(py::make_tuple(tb.tile, tb.bytes));
                return out;
            })
        .def("variable_live_ranges",
            [](const H& r, size_t i) {
                py::list out;
                for (const StepRange& range : r.report().variables().at(i).liveRanges)
                    out.append(py::make_tuple(range.first, range.last));
                return out;
            })
        .def("always_live_variables",
            [](H& r) { return PackedArray::view(r.owner(), r.alwaysLiveVariables()); })
        .def("always_live_on_tile",
            [](H& r, size_t tile) {
                const auto& t = r.alwaysLiveByTile();
                if (tile + 1 >= t.offsets.size())
                    throw py::index_error("tile " + std::to_string(tile) + " is out of range");
                return py::make_tuple(
                    PackedArray::own(std::vector<uint32_t>(
                        t.variable.begin() + t.offsets[tile], t.variable.begin() + t.offsets[tile + 1])),
                    PackedArray::own(std::vector<uint32_t>(
                        t.bytes.begin() + t.offsets[tile], t.bytes.begin() + t.offsets[tile + 1])));
            })
        // libpva's loweredVariables: brief variables (a variable's bytes on one tile) as columns.
        .def("lowered_column",
            [](H& r, const std::string& name) {
                return PackedArray::view(r.loweredOwner(), loweredColumn(r.loweredVariables(), name));
            })
        .def("variables_under_context",
            [](const H& r, int64_t context) { return PackedArray::own(r.variablesUnderContext(context)); })
        // Liveness program steps.
        .def("liveness_programs",
            [](const H& r) { return PackedArray::view(r.owner(), r.report().liveness().stepProgram); })
        .def("liveness_by_ipu",
            [](const H& r) {
                const NarrowFigures& curve = r.report().liveness().notAlwaysLive;
                return curve.isWide() ? PackedArray::view(r.owner(), curve.wide())
                                      : PackedArray::view(r.owner(), curve.narrow());
            })
        .def("liveness_of_tile",
            [](H& r, uint32_t tile) {
                if (tile >= r.report().numTiles())
                    throw py::index_error("tile " + std::to_string(tile) + " is out of range");
                return PackedArray::own(r.livenessOfTile(tile));
            })
        .def(
            "live_variables",
            [](const H& r, uint32_t step, int64_t ipu) {
                if (step >= r.report().liveness().numSteps())
                    throw py::index_error("liveness step " + std::to_string(step) + " is out of range");
                const LivenessScope scope
                    = ipu < 0 ? LivenessScope::allIpus() : LivenessScope::onIpu(uint32_t(ipu));
                py::list out;
                for (const ScopedVariable& v : liveVariablesAt(r.report(), step, scope))
                    out.append(py::make_tuple(v.variable, v.bytes));
                return out;
            },
            py::arg("step"), py::arg("ipu") = -1)
        // Programs, compute sets, vertex types.
        .def_property_readonly("num_programs", [](const H& r) { return r.report().programs().size(); })
        .def("program",
            [](const H& r, size_t i) {
                const ProgramRow p = r.report().programs().at(i);
                return py::make_tuple(std::string(p.type), std::string(p.name),
                    std::vector<uint32_t>(p.children.begin(), p.children.end()), p.computeSet, p.exchange,
                    p.debugContext, p.repeatCount);
            })
        // The programs' control code and variables (format 1.3), with the programs below them.
        .def_property_readonly(
            "has_program_control_code", [](H& r) { return r.programFacts().hasControlCode(); })
        .def_property_readonly("has_program_variables", [](H& r) { return r.programFacts().hasVariables(); })
        .def("program_control_code",
            [](H& r, const std::vector<uint32_t>& programs) {
                return PackedArray::own(r.programFacts().controlCodeByTile(programs));
            })
        .def("program_variables",
            [](H& r, const std::vector<uint32_t>& programs) {
                return PackedArray::own(r.programFacts().variablesOf(programs));
            })
        .def("program_code_bytes_by_tile",
            [](const H& r, uint32_t i) { return PackedArray::own(r.programCodeBytesByTile(i)); })
        .def_property_readonly(
            "control_programs", [](const H& r) { return r.report().programIndex().controlPrograms; })
        .def_property_readonly("num_compute_sets", [](const H& r) { return r.report().computeSets().size(); })
        .def("compute_set",
            [](const H& r, size_t c) {
                const ComputeSet& cs = r.report().computeSets().at(c);
                std::vector<uint32_t> types;
                for (const ComputeSetVertices& v : cs.vertices)
                    types.push_back(v.vertexType);
                return py::make_tuple(cs.name, types, cs.debugContext);
            })
        .def("vertex_count_by_tile",
            [](const H& r, uint32_t c, uint32_t position) {
                return PackedArray::own(r.vertexCountByTile(c, position));
            })
        // The compiler's estimates (format 1.2).
        .def_property_readonly("has_estimates", [](const H& r) { return r.report().profileHasEstimates(); })
        .def("compute_set_estimate",
            [](const H& r, uint32_t c) { return PackedArray::own(r.computeSetEstimateByTile(c)); })
        .def("program_estimate",
            [](const H& r, uint32_t p) { return PackedArray::own(r.programEstimateByTile(p)); })
        .def("vertex_estimate",
            [](const H& r, uint32_t c, uint32_t position) -> py::object {
                const auto cycles = r.vertexEstimate(c, position);
                return cycles ? py::object(py::int_(*cycles)) : py::object(py::none());
            })
        .def("vertex_types_on_tile",
            [](const H& r, uint32_t tile) {
                std::vector<uint32_t> types; // the codelets with an instance on the tile, ascending
                for (const ComputeSet& cs : r.report().computeSets())
                    for (const ComputeSetVertices& v : cs.vertices)
                        for (const TileCount& tc : v.countByTile)
                            if (tc.tile == tile && tc.count > 0)
                                types.push_back(v.vertexType);
                std::sort(types.begin(), types.end());
                types.erase(std::unique(types.begin(), types.end()), types.end());
                return types;
            })
        .def("vertex_type",
            [](const H& r, size_t t) {
                const VertexType& v = r.report().vertexTypes().at(t);
                return py::make_tuple(v.name, v.codeBytes, v.stateBytes);
            })
        // Execution.
        .def_property_readonly("num_steps", [](H& r) { return r.steps().table.size(); })
        .def("step_column",
            [](H& r, const std::string& name) {
                const StepColumns& s = r.steps();
                if (name == "present")
                    return PackedArray::view(r.stepsOwner(), s.present);
                if (name == "activeTiles")
                    return PackedArray::view(r.stepsOwner(), s.activeTiles);
                if (name == "program")
                    return PackedArray::view(r.stepsOwner(), s.program);
                if (name == "run")
                    return PackedArray::view(r.stepsOwner(), s.run);
                return PackedArray::view(r.stepsOwner(), stepColumn(s, name));
            })
        .def("step",
            [](H& r, size_t i) {
                const StepTable& s = r.steps().table;
                if (i >= s.size())
                    throw py::index_error("step " + std::to_string(i) + " is out of range");
                return py::make_tuple(s.type(i), s.computeSet(i));
            })
        .def("run_steps",
            [](H& r, size_t run) {
                const StepColumns& s = r.steps();
                if (run + 1 >= s.runOffsets.size())
                    throw py::index_error("run " + std::to_string(run) + " is out of range");
                return slice(
                    PackedArray::view(r.stepsOwner(), s.runSteps), s.runOffsets[run], s.runOffsets[run + 1]);
            })
        .def_property_readonly("runs",
            [](H& r) {
                py::list out;
                for (const Run& run : r.runs())
                    out.append(py::make_tuple(run.name, run.microsecondsStart, run.microsecondsEnd));
                return out;
            })
        .def("tile_cycles",
            [](H& r, uint32_t step, uint32_t ipu) { return PackedArray::own(r.tileCycles(step, ipu)); })
        // Operations and debug contexts.
        .def_property_readonly("num_operations", [](const H& r) { return r.report().operations().size(); })
        .def("operation",
            [](const H& r, size_t i) {
                const OperationRow o = r.report().operations().at(i);
                return py::make_tuple(o.name, o.layer, o.debugName, o.debugContext,
                    std::vector<uint32_t>(o.programs.begin(), o.programs.end()), o.flops, o.codeBytes,
                    o.cycles);
            })
        .def("operation_steps",
            [](const H& r, uint32_t i) {
                if (i >= r.report().operations().size())
                    throw py::index_error("operation " + std::to_string(i) + " is out of range");
                return PackedArray::own(operationDetails(r.report(), i).steps);
            })
        .def("operation_liveness_steps",
            [](H& r, uint32_t i) -> py::object {
                const auto span = r.operationLivenessSteps(i);
                return span ? py::object(py::make_tuple(span->first, span->second)) : py::object(py::none());
            })
        .def("exchange",
            [](const H& r, size_t e) {
                const Exchange& x = r.report().exchanges().at(e);
                return py::make_tuple(x.name, x.kind, x.totalBytes);
            })
        .def_property_readonly(
            "num_debug_contexts", [](const H& r) { return r.report().debugContexts().size(); })
        .def("debug_context", [](const H& r, size_t i) {
            const DebugContext& c = r.report().debugContexts().at(i);
            return py::make_tuple(c.parent, c.layer, c.name, c.json);
        });
}
