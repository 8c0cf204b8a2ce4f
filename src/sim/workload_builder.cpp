#include "popscope/sim/workload_builder.hpp"

#include "popscope/errors.hpp"

#include <algorithm>

namespace popscope::sim {

namespace {
// bench-large has 250 k variables and 190 k programs; 4 M of either is far past any sample.
constexpr size_t kMaxVariables = 4000000;
constexpr size_t kMaxPrograms = 4000000;
} // namespace

uint32_t elementBytesOf(const std::string& t)
{
    if (t == "half" || t == "short" || t == "unsigned short")
        return 2;
    if (t == "char" || t == "bool" || t == "unsigned char")
        return 1;
    if (t == "long long" || t == "double")
        return 8;
    return 4;
}

WorkloadBuilder::WorkloadBuilder(std::string name)
{
    m_workload.name = std::move(name);
}

int64_t WorkloadBuilder::debugContext(
    const std::string& layer, const std::string& name, int64_t parent, const std::string& json)
{
    m_workload.debugContexts.push_back({ parent, layer, name, json });
    return int64_t(m_workload.debugContexts.size() - 1);
}

uint32_t WorkloadBuilder::vertexType(const std::string& name, uint32_t codeBytes, uint32_t stateBytes,
    uint32_t fieldBytes, uint32_t descriptorBytes, const std::string& descriptorCategory)
{
    auto it = m_vertexTypeByName.find(name);
    if (it != m_vertexTypeByName.end())
        return it->second;
    m_workload.vertexTypes.push_back(
        { name, codeBytes, stateBytes, fieldBytes, descriptorBytes, descriptorCategory });
    const auto id = uint32_t(m_workload.vertexTypes.size() - 1);
    m_vertexTypeByName.emplace(name, id);
    return id;
}

uint32_t WorkloadBuilder::variable(const std::string& name, const std::string& elementType, uint64_t elements,
    const TileSet& tiles, bool alwaysLive, int64_t debugContext, const std::string& category)
{
    VariableDesc v;
    v.name = name;
    v.category = category;
    v.elementType = elementType;
    v.elementBytes = elementBytesOf(elementType);
    v.elements = elements;
    v.alwaysLive = alwaysLive;
    v.debugContext = debugContext;
    v.tiles = tiles;
    // Fail before the expensive passes: a variable that cannot fit 4 GiB per tile, or a workload
    // with millions of variables, is a mistake in the parameters, not something to simulate.
    const uint64_t tileCount = std::max<uint64_t>(1, tiles.size());
    if (elements / tileCount > (uint64_t(1) << 32) / std::max<uint64_t>(1, v.elementBytes))
        throw ProfileError(
            ErrorKind::InvalidInput, "", "variable '" + name + "' puts more than 4 GiB on a tile");
    if (m_workload.variables.size() >= kMaxVariables)
        throw ProfileError(ErrorKind::InvalidInput, "",
            "the workload has more than " + std::to_string(kMaxVariables)
                + " variables; lower the layer or variable counts");
    m_workload.variables.push_back(std::move(v));
    return uint32_t(m_workload.variables.size() - 1);
}

uint32_t WorkloadBuilder::computeSet(ComputeSetDesc cs)
{
    m_workload.computeSets.push_back(std::move(cs));
    return uint32_t(m_workload.computeSets.size() - 1);
}

uint32_t WorkloadBuilder::exchange(ExchangeDesc ex)
{
    m_workload.exchanges.push_back(std::move(ex));
    return uint32_t(m_workload.exchanges.size() - 1);
}

uint32_t WorkloadBuilder::streamCopy(StreamCopyDesc sc)
{
    m_workload.streamCopies.push_back(std::move(sc));
    return uint32_t(m_workload.streamCopies.size() - 1);
}

uint32_t WorkloadBuilder::program(ProgramDesc p)
{
    if (m_workload.programs.size() >= kMaxPrograms)
        throw ProfileError(ErrorKind::InvalidInput, "",
            "the workload has more than " + std::to_string(kMaxPrograms)
                + " programs; lower the layer counts");
    m_workload.programs.push_back(std::move(p));
    return uint32_t(m_workload.programs.size() - 1);
}

uint32_t WorkloadBuilder::sequence(
    const std::string& name, std::vector<uint32_t> children, int64_t debugContext)
{
    ProgramDesc p;
    p.kind = ProgramKind::Sequence;
    p.name = name;
    p.children = std::move(children);
    p.debugContext = debugContext;
    return program(std::move(p));
}

uint32_t WorkloadBuilder::repeat(const std::string& name, uint32_t count, std::vector<uint32_t> body)
{
    ProgramDesc p;
    p.kind = ProgramKind::Repeat;
    p.name = name;
    p.repeatCount = count;
    p.children = std::move(body);
    return program(std::move(p));
}

uint32_t WorkloadBuilder::referenceProgram(
    ProgramKind kind, uint32_t ref, const std::string& name, int64_t debugContext)
{
    ProgramDesc p;
    p.kind = kind;
    p.name = name;
    p.ref = ref;
    p.debugContext = debugContext;
    return program(std::move(p));
}

uint32_t WorkloadBuilder::execute(uint32_t cs)
{
    const ComputeSetDesc& c = m_workload.computeSets[cs];
    return referenceProgram(ProgramKind::Execute, cs, c.name, c.debugContext);
}

uint32_t WorkloadBuilder::doExchange(uint32_t ex)
{
    const ExchangeDesc& e = m_workload.exchanges[ex];
    return referenceProgram(ProgramKind::DoExchange, ex, e.name, e.debugContext);
}

uint32_t WorkloadBuilder::doStreamCopy(uint32_t sc)
{
    const StreamCopyDesc& c = m_workload.streamCopies[sc];
    return referenceProgram(ProgramKind::StreamCopy, sc, c.name, c.debugContext);
}

uint32_t WorkloadBuilder::sync(SyncKind kind, std::vector<uint32_t> ipus)
{
    ProgramDesc p;
    p.kind = ProgramKind::Sync;
    p.sync = kind;
    p.name = kind == SyncKind::Internal ? "Sync(Internal)"
        : kind == SyncKind::External    ? "Sync(External)"
                                        : "Sync(Global)";
    p.ipus = std::move(ipus);
    return program(std::move(p));
}

uint32_t WorkloadBuilder::call(uint32_t functionRoot)
{
    ProgramDesc p;
    p.kind = ProgramKind::Call;
    p.name = "Call(" + m_workload.programs[functionRoot].name + ")";
    p.ref = functionRoot;
    return program(std::move(p));
}

uint32_t WorkloadBuilder::superstep(
    const std::string& name, int64_t exchange, uint32_t cs, SyncKind kind, std::vector<uint32_t> syncIpus)
{
    std::vector<uint32_t> children;
    children.push_back(sync(kind, std::move(syncIpus)));
    if (exchange >= 0)
        children.push_back(doExchange(uint32_t(exchange)));
    children.push_back(execute(cs));
    return sequence(name, std::move(children), m_workload.computeSets[cs].debugContext);
}

uint32_t WorkloadBuilder::operation(OperationDesc op)
{
    m_workload.operations.push_back(std::move(op));
    return uint32_t(m_workload.operations.size() - 1);
}

} // namespace popscope::sim
