// NameTreeBuilder: rows grouped by name path with subtotals.
#include "popscope/name_tree.hpp"

#include <algorithm>

namespace popscope {

int64_t NameTree::find(std::string_view path) const
{
    for (size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].path == path)
            return int64_t(i);
    return -1;
}

NameTreeBuilder::NameTreeBuilder(size_t columns, char separator, Combine combine)
    : m_separator(separator), m_combine(combine)
{
    m_tree.columns = columns;
    NameTree::Node total;
    total.label = "Total";
    total.values.assign(columns, 0);
    total.counts.assign(columns, 0);
    total.present.assign(columns, 0);
    m_tree.nodes.push_back(std::move(total));
}

uint32_t NameTreeBuilder::child(uint32_t parent, std::string_view label)
{
    std::string path = m_tree.nodes[parent].path;
    if (parent != 0)
        path += m_separator ? m_separator : '\x1f'; // explicit segments without a separator stay apart
    path += label;
    auto [it, inserted] = m_byPath.try_emplace(std::move(path), uint32_t(m_tree.nodes.size()));
    if (inserted) {
        NameTree::Node node;
        node.label = std::string(label);
        node.path = it->first;
        if (!m_separator)
            std::replace(node.path.begin(), node.path.end(), '\x1f', ' ');
        node.parent = int32_t(parent);
        node.values.assign(m_tree.columns, 0);
        node.counts.assign(m_tree.columns, 0);
        node.present.assign(m_tree.columns, 0);
        m_tree.nodes[parent].children.push_back(it->second);
        m_tree.nodes.push_back(std::move(node));
    }
    return it->second;
}

void NameTreeBuilder::accumulate(uint32_t node, size_t column, uint64_t value, uint64_t count)
{
    NameTree::Node& n = m_tree.nodes[node];
    n.values[column] = m_combine == Combine::Sum ? n.values[column] + value : std::max(n.values[column], value);
    n.counts[column] += count;
    n.present[column] = 1;
}

void NameTreeBuilder::add(size_t column, std::string_view name, uint64_t value, uint64_t count)
{
    std::vector<std::string_view> segments;
    if (!m_separator) {
        segments.push_back(name);
    } else {
        size_t start = 0;
        while (true) {
            const size_t end = name.find(m_separator, start);
            std::string_view part = name.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
            if (!part.empty())
                segments.push_back(part);
            if (end == std::string_view::npos)
                break;
            start = end + 1;
        }
        if (segments.empty())
            segments.push_back(name);
    }
    addPath(column, segments, value, count);
}

void NameTreeBuilder::addPath(size_t column, const std::vector<std::string_view>& segments, uint64_t value, uint64_t count)
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
    // Largest first in column 0 (ties by label), so the tree reads as the table sorts.
    for (NameTree::Node& node : m_tree.nodes) {
        std::sort(node.children.begin(), node.children.end(), [this](uint32_t a, uint32_t b) {
            const auto& x = m_tree.nodes[a];
            const auto& y = m_tree.nodes[b];
            const uint64_t vx = x.values.empty() ? 0 : x.values[0], vy = y.values.empty() ? 0 : y.values[0];
            return vx != vy ? vx > vy : x.label < y.label;
        });
    }
    m_byPath.clear();
    return std::move(m_tree);
}

} // namespace popscope
