// NameTreeBuilder: rows grouped by name path with subtotals.
#include "popscope/name_tree.hpp"

#include <algorithm>

namespace popscope {

std::string NameTree::path(size_t node) const
{
    std::vector<std::string_view> parts;
    for (int64_t n = int64_t(node); n > 0; n = nodes[size_t(n)].parent)
        parts.push_back(label(size_t(n)));
    std::string out;
    for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
        if (!out.empty())
            out += separator ? separator : ' '; // explicit segments without a separator read "a b"
        out += *it;
    }
    return out;
}

int64_t NameTree::find(std::string_view path) const
{
    // Walk down by segment: the separator splits `path` as the builder split the names.
    int64_t node = nodes.empty() ? -1 : 0;
    while (!path.empty() && node >= 0) {
        const size_t end = separator ? path.find(separator) : std::string_view::npos;
        const std::string_view segment = path.substr(0, end);
        int64_t next = -1;
        for (size_t i = 0; i < nodes[size_t(node)].childCount; ++i)
            if (label(child(size_t(node), i)) == segment) {
                next = child(size_t(node), i);
                break;
            }
        node = next;
        path = end == std::string_view::npos ? std::string_view() : path.substr(end + 1);
    }
    return node;
}

NameTreeBuilder::NameTreeBuilder(size_t columns, char separator, Combine combine)
    : m_separator(separator)
    , m_combine(combine)
{
    m_tree.columns = columns;
    m_tree.separator = separator;
    m_labels = "Total";
    m_nodes.push_back(Growing { -1, 0, uint32_t(m_labels.size()) });
    m_slots.assign(64, 0);
    m_tree.values.assign(columns, 0);
    m_tree.counts.assign(columns, 0);
    m_tree.present.assign(columns, 0);
}

uint32_t NameTreeBuilder::child(uint32_t parent, std::string_view label)
{
    const size_t mask = m_slots.size() - 1;
    size_t at = slotHash(parent, label) & mask;
    for (; m_slots[at] != 0; at = (at + 1) & mask) {
        const uint32_t node = m_slots[at] - 1;
        if (m_nodes[node].parent == int32_t(parent) && labelOf(node) == label)
            return node;
    }
    const auto index = uint32_t(m_nodes.size());
    m_tree.values.resize(m_tree.values.size() + m_tree.columns, 0);
    m_tree.counts.resize(m_tree.counts.size() + m_tree.columns, 0);
    m_tree.present.resize(m_tree.present.size() + m_tree.columns, 0);
    m_nodes.push_back(Growing { int32_t(parent), uint32_t(m_labels.size()), uint32_t(label.size()) });
    m_labels += label;
    m_slots[at] = index + 1;
    if (m_nodes.size() * 2 > m_slots.size())
        growSlots();
    return index;
}

void NameTreeBuilder::growSlots()
{
    m_slots.assign(m_slots.size() * 2, 0);
    const size_t mask = m_slots.size() - 1;
    for (uint32_t node = 1; node < m_nodes.size(); ++node) { // the root is nobody's child
        size_t at = slotHash(uint32_t(m_nodes[node].parent), labelOf(node)) & mask;
        while (m_slots[at] != 0)
            at = (at + 1) & mask;
        m_slots[at] = node + 1;
    }
}

void NameTreeBuilder::accumulate(uint32_t node, size_t column, uint64_t value, uint64_t count)
{
    const size_t at = size_t(node) * m_tree.columns + column;
    m_tree.values[at]
        = m_combine == Combine::Sum ? m_tree.values[at] + value : std::max(m_tree.values[at], value);
    m_tree.counts[at] += count;
    m_tree.present[at] = 1;
}

void NameTreeBuilder::add(size_t column, std::string_view name, uint64_t value, uint64_t count)
{
    accumulate(0, column, value, count);
    uint32_t node = 0;
    if (!m_separator) {
        node = child(node, name);
        accumulate(node, column, value, count);
        return;
    }
    // Each segment in turn; empty segments ("a//b", a leading '/') are skipped.
    bool any = false;
    size_t start = 0;
    while (true) {
        const size_t end = name.find(m_separator, start);
        const std::string_view part
            = name.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
        if (!part.empty()) {
            node = child(node, part);
            accumulate(node, column, value, count);
            any = true;
        }
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    if (!any)
        accumulate(child(0, name), column, value, count);
}

void NameTreeBuilder::addPath(
    size_t column, const std::vector<std::string_view>& segments, uint64_t value, uint64_t count)
{
    accumulate(0, column, value, count);
    uint32_t node = 0;
    for (std::string_view segment : segments) {
        node = child(node, segment);
        accumulate(node, column, value, count);
    }
}

NameTree NameTreeBuilder::build()
{
    std::vector<uint32_t>().swap(m_slots); // freed before the compact copy is made
    NameTree tree = compact();
    m_labels.clear();
    m_nodes.clear();
    return tree;
}

NameTree NameTreeBuilder::compact()
{
    const size_t count = m_nodes.size(), columns = m_tree.columns;
    // Each node's children side by side (a counting sort by parent), then largest first in
    // column 0 (ties by label), so the tree reads as the table sorts.
    std::vector<uint32_t> childStart(count + 1, 0);
    for (uint32_t n = 1; n < count; ++n)
        ++childStart[size_t(m_nodes[n].parent) + 1];
    for (size_t n = 0; n < count; ++n)
        childStart[n + 1] += childStart[n];
    std::vector<uint32_t> children(count > 0 ? count - 1 : 0);
    {
        std::vector<uint32_t> filled(childStart.begin(), childStart.end() - 1);
        for (uint32_t n = 1; n < count; ++n)
            children[filled[size_t(m_nodes[n].parent)]++] = n;
    }
    for (size_t n = 0; n < count; ++n)
        std::sort(children.begin() + childStart[n], children.begin() + childStart[n + 1],
            [this](uint32_t a, uint32_t b) {
                const uint64_t va = m_tree.columns ? m_tree.value(a, 0) : 0,
                               vb = m_tree.columns ? m_tree.value(b, 0) : 0;
                return va != vb ? va > vb : labelOf(a) < labelOf(b);
            });
    // Numbered breadth first, so each node's children get consecutive numbers in their order.
    std::vector<uint32_t> order; // growing numbers by final number
    order.reserve(count);
    order.push_back(0);
    std::vector<uint32_t> finalOf(count, 0);
    NameTree tree;
    tree.columns = columns;
    tree.separator = m_tree.separator;
    tree.nodes.resize(count);
    tree.labels.reserve(m_labels.size());
    for (size_t next = 0; next < order.size(); ++next) {
        const uint32_t growing = order[next];
        NameTree::Node& node = tree.nodes[next];
        const int32_t parent = m_nodes[growing].parent;
        node.parent = parent < 0 ? -1 : int32_t(finalOf[size_t(parent)]);
        node.firstChild = uint32_t(order.size());
        node.childCount = childStart[growing + 1] - childStart[growing];
        node.labelStart = uint32_t(tree.labels.size());
        node.labelSize = m_nodes[growing].labelSize;
        tree.labels += labelOf(growing);
        for (uint32_t i = childStart[growing]; i < childStart[growing + 1]; ++i) {
            finalOf[children[i]] = uint32_t(order.size());
            order.push_back(children[i]);
        }
    }
    tree.values.resize(count * columns);
    tree.counts.resize(count * columns);
    tree.present.resize(count * columns);
    for (size_t n = 0; n < count; ++n)
        for (size_t c = 0; c < columns; ++c) {
            tree.values[n * columns + c] = m_tree.values[order[n] * columns + c];
            tree.counts[n * columns + c] = m_tree.counts[order[n] * columns + c];
            tree.present[n * columns + c] = m_tree.present[order[n] * columns + c];
        }
    m_tree = NameTree {};
    return tree;
}

} // namespace popscope
