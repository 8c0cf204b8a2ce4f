#pragma once
// Rows grouped by name path (`layer1/conv/weights` under `layer1` › `conv`) with a subtotal per
// group and a Total row, one value per column (a step, a report): the Liveness report's tables.
// Rows of several columns with the same name share a row, so two steps or two reports line up.
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace popscope {

struct NameTree {
    struct Node {
        std::string label; // the last path segment ("weights"), "Total" for the root
        std::string path;  // the full name up to this node ("layer1/conv"); "" for the root
        int32_t parent = -1;
        std::vector<uint32_t> children; // largest value in column 0 first
        std::vector<uint64_t> values;   // per column: the row's value, a group's subtotal
        std::vector<uint64_t> counts;   // per column: rows summed (variables, vertex instances)
        std::vector<uint8_t> present;   // per column: whether any row of the column is under it
    };
    std::vector<Node> nodes; // nodes[0] is the Total row
    size_t columns = 0;

    // The node with full path `path`, or -1.
    int64_t find(std::string_view path) const;
};

class NameTreeBuilder {
public:
    // How a group combines its children: sums (bytes), or the largest (cycles of IPUs that run
    // side by side).
    enum class Combine { Sum, Max };
    // `separator` splits names into a path; '\0' keeps every name one row.
    explicit NameTreeBuilder(size_t columns, char separator = '/', Combine combine = Combine::Sum);
    void add(size_t column, std::string_view name, uint64_t value, uint64_t count = 1);
    // A row under explicit path segments (e.g. a program, then an IPU).
    void addPath(size_t column, const std::vector<std::string_view>& segments, uint64_t value, uint64_t count = 1);
    NameTree build();

private:
    uint32_t child(uint32_t parent, std::string_view label);
    void accumulate(uint32_t node, size_t column, uint64_t value, uint64_t count);
    NameTree m_tree;
    char m_separator;
    Combine m_combine;
    std::unordered_map<std::string, uint32_t> m_byPath;
};

} // namespace popscope
