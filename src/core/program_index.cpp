#include "popscope/program_index.hpp"

#include <algorithm>
#include <cctype>

namespace popscope {

namespace {

// Counts per key into CSR offsets, then fills the ids.
template <typename ForEachPair>
void buildCsr(size_t keys, ForEachPair forEach, std::vector<uint32_t>& offsets, std::vector<uint32_t>& ids)
{
    offsets.assign(keys + 1, 0);
    forEach([&](uint32_t key, uint32_t) { ++offsets[key + 1]; });
    for (size_t k = 0; k < keys; ++k)
        offsets[k + 1] += offsets[k];
    ids.assign(offsets[keys], 0);
    std::vector<uint32_t> next(offsets.begin(), offsets.end() - 1);
    forEach([&](uint32_t key, uint32_t id) { ids[next[key]++] = id; });
}

bool containsIgnoringCase(std::string_view haystack, std::string_view needle)
{
    const auto lower = [](char c) { return char(std::tolower(static_cast<unsigned char>(c))); };
    return std::search(haystack.begin(), haystack.end(), needle.begin(), needle.end(), [&](char a, char b) {
        return lower(a) == lower(b);
    }) != haystack.end();
}

} // namespace

std::vector<int32_t> firstParents(size_t n, const std::vector<uint32_t>& controlPrograms,
    const std::vector<uint32_t>& functions,
    const std::function<std::span<const uint32_t>(uint32_t)>& childrenOf, std::vector<uint32_t>* order)
{
    std::vector<int32_t> parent(n, -1);
    std::vector<uint32_t> ranks(n, kNotInTree);
    // The first visit of a program names its parent. An explicit stack: trees can be deep.
    uint32_t rank = 0;
    std::vector<std::pair<uint32_t, size_t>> walk;
    auto rankFrom = [&](uint32_t root) {
        if (root >= n || ranks[root] != kNotInTree)
            return;
        ranks[root] = rank++;
        walk.push_back({ root, 0 });
        while (!walk.empty()) {
            auto& [p, next] = walk.back();
            const std::span<const uint32_t> children = childrenOf(p);
            if (next == children.size()) {
                walk.pop_back();
                continue;
            }
            const uint32_t child = children[next++];
            if (child >= n || ranks[child] != kNotInTree)
                continue;
            parent[child] = int32_t(p); // ids are under 2^31: a program table holds fewer
            ranks[child] = rank++;
            walk.push_back({ child, 0 });
        }
    };
    for (uint32_t root : controlPrograms)
        rankFrom(root);
    for (uint32_t root : functions)
        rankFrom(root);
    if (order)
        *order = std::move(ranks);
    return parent;
}

void forEachProgramPostOrder(const ProgramTable& programs, const std::function<void(uint32_t)>& visit)
{
    const size_t n = programs.size();
    std::vector<uint8_t> done(n, 0);
    std::vector<std::pair<uint32_t, size_t>> walk;
    for (size_t start = 0; start < n; ++start) {
        if (done[start])
            continue;
        walk.assign(1, { uint32_t(start), 0 });
        while (!walk.empty()) {
            auto& [p, next] = walk.back();
            const std::span<const uint32_t> children = programs[p].children;
            if (next < children.size()) {
                const uint32_t child = children[next++];
                if (child < n && !done[child])
                    walk.push_back({ child, 0 });
                continue;
            }
            visit(p);
            done[p] = 1;
            walk.pop_back();
        }
    }
}

namespace {

// Each program's steps and operations (CSR lists) and the cycles of its own steps.
void indexStepsAndOperations(
    ProgramIndex& x, size_t n, const StepCycles& steps, const OperationTable& operations)
{
    std::vector<uint64_t>& ownCycles = x.ownCycles.values();
    ownCycles.assign(n, 0);
    buildCsr(
        n,
        [&](auto&& add) {
            for (size_t s = 0; s < steps.size(); ++s)
                if (steps.program[s] < n)
                    add(steps.program[s], uint32_t(s));
        },
        x.stepOffsets.values(), x.stepIds.values());
    for (size_t s = 0; s < steps.size(); ++s)
        if (steps.program[s] < n)
            ownCycles[steps.program[s]] += steps.cycles[s];
    buildCsr(
        n,
        [&](auto&& add) {
            for (size_t o = 0; o < operations.size(); ++o)
                for (uint32_t p : operations[o].programs)
                    if (p < n)
                        add(p, uint32_t(o));
        },
        x.operationOffsets.values(), x.operationIds.values());
}

// Totals bottom-up, each program after its children.
void sumTotals(ProgramIndex& x, const ProgramTable& programs)
{
    const std::vector<uint64_t>& ownCycles = x.ownCycles.values();
    const std::vector<uint32_t>& stepOffsets = x.stepOffsets.values();
    std::vector<uint64_t>& totalCycles = x.totalCycles.values();
    std::vector<uint64_t>& totalSteps = x.totalSteps.values();
    const size_t n = programs.size();
    forEachProgramPostOrder(programs, [&](uint32_t p) {
        uint64_t total = ownCycles[p];
        uint64_t steps = stepOffsets[p + 1] - stepOffsets[p];
        for (uint32_t child : programs[p].children)
            if (child < n) {
                total += totalCycles[child];
                steps += totalSteps[child];
            }
        totalCycles[p] = total;
        totalSteps[p] = steps;
    });
}

} // namespace

ProgramIndex buildProgramIndex(const ProgramTable& programs, std::vector<uint32_t> controlPrograms,
    std::vector<uint32_t> functions, const StepCycles& steps, const OperationTable& operations)
{
    const size_t n = programs.size();
    ProgramIndex x;
    x.controlPrograms = std::move(controlPrograms);
    x.functions = std::move(functions);
    x.totalCycles.values().assign(n, 0);
    x.totalSteps.values().assign(n, 0);
    indexStepsAndOperations(x, n, steps, operations);
    x.parent = firstParents(
        n, x.controlPrograms, x.functions, [&](uint32_t p) { return programs[p].children; },
        &x.order.values());
    sumTotals(x, programs);
    for (auto* column : { &x.order, &x.stepOffsets, &x.stepIds, &x.operationOffsets, &x.operationIds })
        column->spill();
    for (auto* column : { &x.ownCycles, &x.totalCycles, &x.totalSteps })
        column->spill();
    x.parent.spill();
    return x;
}

std::vector<uint32_t> pathTo(const ProgramIndex& index, uint32_t program)
{
    return pathTo(index.parent.span(), program);
}

std::vector<uint32_t> pathTo(std::span<const int32_t> parents, uint32_t program)
{
    std::vector<uint32_t> path;
    if (program >= parents.size())
        return path;
    for (int64_t p = program; p >= 0 && path.size() <= parents.size(); p = parents[size_t(p)])
        path.push_back(uint32_t(p));
    std::reverse(path.begin(), path.end());
    return path;
}

std::vector<uint32_t> findPrograms(
    const ProgramTable& programs, const ProgramIndex& index, std::string_view text)
{
    std::vector<uint32_t> found;
    if (text.empty())
        return found;
    for (size_t p = 0; p < programs.size(); ++p)
        if (containsIgnoringCase(programs[p].name, text))
            found.push_back(uint32_t(p));
    std::stable_sort(found.begin(), found.end(), [&](uint32_t a, uint32_t b) {
        const uint32_t ra = a < index.order.size() ? index.order[a] : kNotInTree;
        const uint32_t rb = b < index.order.size() ? index.order[b] : kNotInTree;
        return ra < rb;
    });
    return found;
}

} // namespace popscope
