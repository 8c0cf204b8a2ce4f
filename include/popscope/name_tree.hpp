#pragma once
// Rows grouped by name path (`layer1/conv/weights` under `layer1` › `conv`) with a subtotal per
// group and a Total row, one value per column (a step, a report): the Liveness report's tables.
// Rows of several columns with the same name share a row, so two steps or two reports line up.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace popscope {

struct NameTree {
    // 20 bytes a row (250,000 always-live variables): a node's children are the nodes
    // [firstChild, firstChild + childCount), largest value in column 0 first, and its label (the
    // last path segment, "weights"; "Total" for the root) is a range of `labels`.
    struct Node {
        int32_t parent = -1;
        uint32_t firstChild = 0;
        uint32_t childCount = 0;
        uint32_t labelStart = 0;
        uint32_t labelSize = 0;
    };
    std::vector<Node> nodes; // nodes[0] is the Total row; each node's children follow one another
    std::string labels;
    size_t columns = 0;
    char separator = '/';
    // Per node and column, flat ([node * columns + column]): one allocation for 250,000 rows.
    std::vector<uint64_t> values; // the row's value, a group's subtotal
    std::vector<uint64_t> counts; // rows summed (variables, vertex instances)
    std::vector<uint8_t> present; // whether any row of the column is under it

    uint64_t value(size_t node, size_t column) const { return values[node * columns + column]; }
    uint64_t count(size_t node, size_t column) const { return counts[node * columns + column]; }
    bool has(size_t node, size_t column) const { return present[node * columns + column] != 0; }
    std::string_view label(size_t node) const
    {
        return std::string_view(labels).substr(nodes[node].labelStart, nodes[node].labelSize);
    }
    uint32_t child(size_t node, size_t i) const { return nodes[node].firstChild + uint32_t(i); }
    // The node's row under its parent (0 for the root).
    size_t rowInParent(size_t node) const
    {
        return node == 0 ? 0 : node - nodes[size_t(nodes[node].parent)].firstChild;
    }
    // The full name up to a node ("layer1/conv"); "" for the root.
    std::string path(size_t node) const;
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
    void addPath(
        size_t column, const std::vector<std::string_view>& segments, uint64_t value, uint64_t count = 1);
    NameTree build();

private:
    uint32_t child(uint32_t parent, std::string_view label);
    NameTree compact(); // the tree in its final form: children sorted and side by side
    void accumulate(uint32_t node, size_t column, uint64_t value, uint64_t count);
    // The tree while it grows, 12 bytes a node (1.4 million always-live variables in bench-huge):
    // its parent and its label, a range of m_labels; children are found through m_slots.
    struct Growing {
        int32_t parent = -1;
        uint32_t labelStart = 0;
        uint32_t labelSize = 0;
    };
    std::string_view labelOf(uint32_t node) const
    {
        return std::string_view(m_labels).substr(m_nodes[node].labelStart, m_nodes[node].labelSize);
    }
    static size_t slotHash(uint32_t parent, std::string_view label)
    {
        return std::hash<std::string_view>()(label) * 31 + parent;
    }
    void growSlots(); // twice the slots, every node placed again

    NameTree m_tree; // its values, counts and presence, by the growing nodes' numbers
    std::vector<Growing> m_nodes;
    std::string m_labels; // every node's label, one after another
    // Open addressing over (parent, label): a node's number + 1, 0 for an empty slot; at most half
    // full. 4 bytes a slot where a hash map took about 50 a node.
    std::vector<uint32_t> m_slots;
    char m_separator;
    Combine m_combine;
};

} // namespace popscope
