#include "program_cycles.hpp"

namespace popscope {

std::optional<uint32_t> findProgramCycle(const std::vector<Program>& programs)
{
    return findProgramCycle(
        programs.size(), [&](uint32_t p) { return std::span<const uint32_t>(programs[p].children); });
}

std::optional<uint32_t> findProgramCycle(
    size_t n, const std::function<std::span<const uint32_t>(uint32_t)>& childrenOf)
{
    std::vector<uint8_t> state(n, 0); // 0 unseen, 1 on the current path, 2 done
    for (size_t root = 0; root < n; ++root) {
        if (state[root])
            continue;
        std::vector<std::pair<uint32_t, size_t>> stack { { uint32_t(root), 0 } };
        state[root] = 1;
        while (!stack.empty()) {
            auto& [node, next] = stack.back();
            const std::span<const uint32_t> children = childrenOf(node);
            if (next == children.size()) {
                state[node] = 2;
                stack.pop_back();
                continue;
            }
            uint32_t child = children[next++];
            if (state[child] == 1)
                return child;
            if (state[child] == 0) {
                state[child] = 1;
                stack.push_back({ child, 0 });
            }
        }
    }
    return std::nullopt;
}

} // namespace popscope
