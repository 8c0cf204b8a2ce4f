#pragma once
// Convenience for generators: appends to a Workload and returns indexes.
#include "popscope/sim/workload.hpp"

#include <initializer_list>
#include <string>
#include <unordered_map>

namespace popscope::sim {

class WorkloadBuilder {
public:
    explicit WorkloadBuilder(std::string name);

    Workload& workload() { return m_workload; }
    Workload take() { return std::move(m_workload); }

    int64_t debugContext(const std::string& layer, const std::string& name, int64_t parent = -1,
        const std::string& json = "{}");
    // Returns the index of the vertex type, adding it the first time its name is seen.
    uint32_t vertexType(const std::string& name, uint32_t codeBytes, uint32_t stateBytes,
        uint32_t fieldBytes = 0, uint32_t descriptorBytes = 0,
        const std::string& descriptorCategory = "vectorListDescriptor");
    uint32_t variable(const std::string& name, const std::string& elementType, uint64_t elements,
        const TileSet& tiles, bool alwaysLive, int64_t debugContext = -1,
        const std::string& category = "variable");
    uint32_t computeSet(ComputeSetDesc cs);
    uint32_t exchange(ExchangeDesc ex);
    uint32_t streamCopy(StreamCopyDesc sc);

    // Programs.
    uint32_t sequence(
        const std::string& name, std::vector<uint32_t> children = {}, int64_t debugContext = -1);
    void append(uint32_t sequence, uint32_t child)
    {
        m_workload.programs[sequence].children.push_back(child);
    }
    uint32_t repeat(const std::string& name, uint32_t count, std::vector<uint32_t> body);
    uint32_t execute(uint32_t computeSet);
    uint32_t doExchange(uint32_t exchange);
    uint32_t doStreamCopy(uint32_t streamCopy);
    uint32_t sync(SyncKind kind, std::vector<uint32_t> ipus = {});
    uint32_t call(uint32_t functionRoot);
    // One BSP superstep: Sync, then the exchange (if any), then the compute set.
    uint32_t superstep(const std::string& name, int64_t exchange, uint32_t computeSet, SyncKind kind,
        std::vector<uint32_t> syncIpus = {});

    void controlProgram(uint32_t root) { m_workload.controlPrograms.push_back(root); }
    void function(uint32_t root) { m_workload.functions.push_back(root); }
    void run(const std::string& name, uint32_t controlProgram)
    {
        m_workload.runs.push_back({ name, controlProgram });
    }
    uint32_t operation(OperationDesc op);

private:
    // A program that runs one compute set, exchange or stream copy, named after it.
    uint32_t referenceProgram(ProgramKind kind, uint32_t ref, const std::string& name, int64_t debugContext);
    uint32_t program(ProgramDesc p);
    Workload m_workload;
    std::unordered_map<std::string, uint32_t> m_vertexTypeByName;
};

// Element size in bytes for "half", "float", "int", "unsigned", "char", "bool"; 4 otherwise.
uint32_t elementBytesOf(const std::string& elementType);

} // namespace popscope::sim
