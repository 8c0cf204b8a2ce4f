// Profile::readProgramTable: every program with its children, packed in columns (ProgramTable),
// every reference bounded before use; readPrograms gives the same as a document's programs.
// Profile::readProgramLabels: the same rows, checked the same way, as the liveness curve's labels.
#include "part_reader.hpp"
#include "popscope/profile.hpp"
#include "program_cycles.hpp"
#include "sqlite_database.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>

namespace popscope {

namespace {

// A row of the programs table, its references checked against their tables.
struct ProgramFields {
    std::string_view type, name;
    int64_t computeSet = -1, exchange = -1, debugContext = -1;
    uint32_t repeatCount = 0;
};

// Calls `row(fields)` for every program in id order, after checking its id, references and repeat
// count (a ProfileError names the row); the views live until the next row.
template <typename Row> void forEachProgram(SqliteDatabase& db, const PartReader& r, const Row& row)
{
    const uint64_t contexts = r.rows("debug_contexts");
    const uint64_t sets = r.rows("compute_sets");
    const uint64_t exchanges = r.rows("exchanges");
    Statement s(db,
        "SELECT id, type, name, compute_set, exchange, debug_context, repeat_count FROM programs"
        " ORDER BY id");
    for (size_t id = 0; s.step(); ++id) {
        r.expectId(s, id, "programs");
        ProgramFields p;
        p.computeSet = r.reference(s, 3, sets, "programs.compute_set");
        p.exchange = r.reference(s, 4, exchanges, "programs.exchange");
        p.debugContext = r.reference(s, 5, contexts, "programs.debug_context");
        p.repeatCount = uint32_t(r.bounded(s, 6, 0, UINT32_MAX, "programs.repeat_count"));
        p.type = s.getTextView(1);
        p.name = s.getTextView(2);
        row(p);
    }
}

} // namespace

ProgramTable Profile::readProgramTable() const
{
    PartReader r(*m_db, m_target, m_path);
    ProgramTable programs;
    programs.reserve(size_t(std::min<uint64_t>(r.rows("programs"), kMaxReserve)));
    forEachProgram(*m_db, r, [&](const ProgramFields& p) {
        if (const std::string_view refused
            = programs.append(p.type, p.name, p.computeSet, p.exchange, p.debugContext, p.repeatCount);
            !refused.empty())
            r.corrupt(std::string(refused));
    });
    // The children as offsets into one array (CSR); the rows come ordered by parent, but a parent
    // stored as text sorts after the numbers, so they are counted first and placed after.
    const size_t n = programs.size();
    std::vector<uint32_t> ends(n, 0);
    std::vector<std::pair<uint32_t, uint32_t>> links; // (parent, child) in the file's order
    Statement c(*m_db, "SELECT parent, child FROM program_children ORDER BY parent, position");
    while (c.step()) {
        const auto parent = uint32_t(r.bounded(c, 0, 0, int64_t(n) - 1, "program_children.parent"));
        const auto child = uint32_t(r.bounded(c, 1, 0, int64_t(n) - 1, "program_children.child"));
        if (links.size() == UINT32_MAX)
            r.corrupt("program_children holds more than 4 G rows");
        links.emplace_back(parent, child);
        ++ends[parent];
    }
    uint32_t end = 0;
    for (uint32_t& e : ends)
        e = end += e;
    std::vector<uint32_t> children(links.size()), next(n, 0);
    for (size_t p = 1; p < n; ++p)
        next[p] = ends[p - 1];
    for (const auto& [parent, child] : links) // a counting sort: each parent's children in order
        children[next[parent]++] = child;
    const auto childrenOf = [&](uint32_t p) {
        const uint32_t begin = p == 0 ? 0 : ends[p - 1];
        return std::span<const uint32_t>(children.data() + begin, ends[p] - begin);
    };
    if (auto node = findProgramCycle(n, childrenOf))
        r.corrupt("program " + std::to_string(*node) + " contains itself (a cycle in the program tree)");
    programs.setChildren(std::move(ends), std::move(children));
    programs.finish();
    return programs;
}

ProgramLabels Profile::readProgramLabels() const
{
    PartReader r(*m_db, m_target, m_path);
    ProgramLabels labels;
    const size_t count = size_t(std::min<uint64_t>(r.rows("programs"), kMaxReserve));
    labels.names.reserve(count);
    labels.typeOf.values().reserve(count);
    labels.computeSet.values().reserve(count);
    labels.typeOf.streamWhileBuilding();
    labels.computeSet.streamWhileBuilding();
    std::unordered_map<std::string, uint32_t> typeIndex;
    forEachProgram(*m_db, r, [&](const ProgramFields& p) {
        if (!labels.names.append(p.name))
            r.corrupt("the programs' names add up to more than 4 GiB");
        const auto [type, added] = typeIndex.try_emplace(std::string(p.type), uint32_t(labels.types.size()));
        if (added)
            labels.types.push_back(type->first);
        labels.typeOf.push_back(type->second);
        labels.computeSet.push_back(p.computeSet);
    });
    labels.names.finish();
    labels.typeOf.spill();
    labels.computeSet.spill();
    return labels;
}

std::vector<Program> Profile::readPrograms() const
{
    return readProgramTable().toPrograms();
}

} // namespace popscope
