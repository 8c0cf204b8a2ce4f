#pragma once
// The queries the Query page offers to start from (Examples ▾): a few questions each page leaves
// open, over one report or, for the last ones, the two of a comparison. docs/query.md explains
// them and has more.
#include <QString>

#include <vector>

namespace popscope {

struct QueryExample {
    QString title; // for the menu
    QString sql;
    bool comparison = false; // names source.* and target.*: compare mode only
};

const std::vector<QueryExample>& queryExamples();

} // namespace popscope
