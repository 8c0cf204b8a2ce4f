#pragma once
// A query result's cell read as an integer, for tests that check figures against SQL over a report.
#include "popscope/query.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <variant>

namespace popscope::test {

inline int64_t integerCell(const QueryResult& result, size_t row, size_t column)
{
    const auto* value = std::get_if<int64_t>(&result.rows.at(row).at(column));
    REQUIRE(value);
    return *value;
}

} // namespace popscope::test
