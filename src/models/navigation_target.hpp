#pragma once
// Where a link goes: a page and, optionally, one row of it named by data (a tile, a step, a
// variable's name path, a program id, an operation's key), never by the text a view shows, so a
// reworded label cannot break a link. Pages answer it in ReportPage::showRow.
#include "models/page_id.hpp"

#include <cstdint>
#include <string>

namespace popscope {

struct NavigationTarget {
    enum class Kind {
        Page, // the page only
        Tile, // `number`: a global tile id, selected
        Step, // `number`: an execution step; `ipu`: the IPU the row was about, or kAnyIpu
        LivenessStep, // `number`: a liveness program step (Liveness' own numbering)
        Variable, // `name`: a variable's full name path
        VertexType, // `name`: a vertex type
        ComputeSet, // `name`: a compute set
        Exchange, // `name`: an exchange program
        Program, // `number`: a program id
        ProgramNamed, // `name`: the program so named, else the first whose name contains it
        Operation, // `name`: core's operationKey
        OperationRank, // `number`: the n-th row (from 1) of the operations table as sorted
    };
    static constexpr uint32_t kAnyIpu = UINT32_MAX;

    PageId page;
    Kind kind = Kind::Page;
    uint32_t number = 0;
    uint32_t ipu = kAnyIpu;
    std::string name;

    static NavigationTarget numbered(PageId page, Kind kind, uint32_t number, uint32_t ipu = kAnyIpu)
    {
        return { page, kind, number, ipu, {} };
    }
    static NavigationTarget named(PageId page, Kind kind, std::string name)
    {
        return { page, kind, 0, kAnyIpu, std::move(name) };
    }
    bool operator==(const NavigationTarget&) const = default;
};

} // namespace popscope
