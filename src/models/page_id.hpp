#pragma once
// A report page's stable id ("memory", "execution-trace"): what links, the window, the sidebar and
// the settings name a page by. Typed, so a page's display name, which may be reworded or
// translated, can never stand in for it; the built-in pages' ids are the constants in page_ids.
#include <QString>

#include <string_view>

namespace popscope {

class PageId {
public:
    constexpr PageId() = default;
    // `id` is a string literal (the id refers to it): "memory", "what-changed".
    constexpr explicit PageId(std::string_view id)
        : m_id(id)
    {
    }
    constexpr std::string_view view() const { return m_id; }
    constexpr bool isNull() const { return m_id.empty(); }
    QString toString() const { return QString::fromLatin1(m_id.data(), qsizetype(m_id.size())); }
    friend constexpr bool operator==(PageId a, PageId b) { return a.m_id == b.m_id; }

private:
    std::string_view m_id;
};

// The pages popscope ships (registered in builtInPages).
namespace page_ids {
inline constexpr PageId summary { "summary" };
inline constexpr PageId insights { "insights" };
inline constexpr PageId memory { "memory" };
inline constexpr PageId whatChanged { "what-changed" };
inline constexpr PageId liveness { "liveness" };
inline constexpr PageId programTree { "program-tree" };
inline constexpr PageId operations { "operations" };
inline constexpr PageId executionTrace { "execution-trace" };
inline constexpr PageId query { "query" };
} // namespace page_ids

} // namespace popscope
