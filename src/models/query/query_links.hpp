#pragma once
// What a row of a query's result can be shown as in the other pages: a tile in Memory, an
// execution step in the Execution Trace, a liveness step or a variable in Liveness, a program in
// the Program Tree. Found from where each result column comes from (its query table and column),
// never from what the user called it, so `SELECT id AS n FROM steps` still links its steps.
#include "models/navigation_target.hpp"
#include "popscope/query.hpp"

#include <QString>
#include <QStringList>

#include <vector>

namespace popscope {

struct QueryLink {
    NavigationTarget target;
    QString text; // for the Show in menu: "Step 42 in Execution Trace"
};

// `origins` as QueryRunner::started gives them ("steps.id", ""), `row` one row of the result.
std::vector<QueryLink> queryRowLinks(const QStringList& origins, const std::vector<QueryValue>& row);

} // namespace popscope
