// Profile::readProgramTable: every program with its children, packed in columns (ProgramTable),
// every reference bounded before use; readPrograms gives the same as a document's programs.
#include "part_reader.hpp"
#include "popscope/profile.hpp"
#include "program_cycles.hpp"
#include "sqlite_database.hpp"

#include <algorithm>

namespace popscope {

ProgramTable Profile::readProgramTable() const
{
    PartReader r(*m_db, m_target, m_path);
    const uint64_t contexts = r.rows("debug_contexts");
    const uint64_t sets = r.rows("compute_sets");
    const uint64_t exchanges = r.rows("exchanges");
    ProgramTable programs;
    programs.reserve(size_t(std::min<uint64_t>(r.rows("programs"), kMaxReserve)));
    Statement s(*m_db,
        "SELECT id, type, name, compute_set, exchange, debug_context, repeat_count FROM programs"
        " ORDER BY id");
    while (s.step()) {
        r.expectId(s, programs.size(), "programs");
        const int64_t computeSet = r.reference(s, 3, sets, "programs.compute_set");
        const int64_t exchange = r.reference(s, 4, exchanges, "programs.exchange");
        const int64_t context = r.reference(s, 5, contexts, "programs.debug_context");
        const auto repeat = uint32_t(r.bounded(s, 6, 0, UINT32_MAX, "programs.repeat_count"));
        if (const std::string_view refused
            = programs.append(s.getTextView(1), s.getTextView(2), computeSet, exchange, context, repeat);
            !refused.empty())
            r.corrupt(std::string(refused));
    }
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

std::vector<Program> Profile::readPrograms() const
{
    return readProgramTable().toPrograms();
}

} // namespace popscope
