#include "models/what_changed/change_target.hpp"

#include <string_view>

namespace popscope {

namespace {

using Kind = NavigationTarget::Kind;

// Core's page ids (ChangeLine::page) and the pages they are.
PageId pageOf(std::string_view page)
{
    constexpr std::pair<std::string_view, PageId> pages[]
        = { { "summary", page_ids::summary }, { "insights", page_ids::insights },
              { "memory", page_ids::memory }, { "liveness", page_ids::liveness },
              { "operations", page_ids::operations }, { "trace", page_ids::executionTrace } };
    for (const auto& [id, pageId] : pages)
        if (id == page)
            return pageId;
    return {};
}

// Core's table ids (ChangeLine::table) whose rows a page selects, and the rows they hold.
Kind kindOf(PageId page, std::string_view table)
{
    if (page == page_ids::memory || page == page_ids::liveness) {
        if (table == "variables")
            return Kind::Variable;
        if (page == page_ids::memory && table == "vertices")
            return Kind::VertexType;
        if (page == page_ids::memory && table == "computeSets")
            return Kind::ComputeSet;
        if (page == page_ids::memory && table == "exchanges")
            return Kind::Exchange;
    }
    if (page == page_ids::operations && table == "operations")
        return Kind::Operation;
    return Kind::Page;
}

} // namespace

NavigationTarget changeTarget(const ChangeLine& line)
{
    const PageId page = pageOf(line.page);
    const Kind kind = line.rowKey.empty() ? Kind::Page : kindOf(page, line.table);
    return NavigationTarget::named(page, kind, kind == Kind::Page ? std::string() : line.rowKey);
}

} // namespace popscope
