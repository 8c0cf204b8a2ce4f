// QueryCursor: a statement read a batch of rows at a time gives the rows run() gives, computes only
// as far as it is read, and counts its time limit over its fetches; orderedQuery sorts any
// statement's rows by one column.
#include "sample_profiles.hpp"

#include "popscope/query.hpp"

#include <catch2/catch.hpp>

using namespace popscope;
using simtest::sampleProfile;

namespace {

int64_t integerAt(const std::vector<QueryValue>& row, size_t column)
{
    const auto* value = std::get_if<int64_t>(&row.at(column));
    REQUIRE(value);
    return *value;
}

} // namespace

TEST_CASE("a query cursor reads in batches the rows run() reads at once", "[query]")
{
    QuerySession session(sampleProfile("demo"));
    const std::string sql = "SELECT id, name, bytes FROM variables ORDER BY id";
    const QueryResult whole = session.run(sql);
    REQUIRE(whole.rows.size() > 7);
    const auto cursor = session.open(sql);
    CHECK(cursor->columns() == whole.columns);
    std::vector<std::vector<QueryValue>> rows;
    CHECK(cursor->fetch(3, rows));
    CHECK(rows.size() == 3);
    while (cursor->fetch(3, rows)) { }
    CHECK(cursor->atEnd());
    CHECK(rows == whole.rows);
    CHECK_FALSE(cursor->fetch(3, rows)); // nothing more, no error
}

TEST_CASE("a query cursor over an endless statement reads only the rows asked for", "[query]")
{
    QuerySession session(sampleProfile("demo"));
    QueryOptions options;
    options.timeoutSeconds = 5;
    const auto cursor = session.open(
        "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n", options);
    std::vector<std::vector<QueryValue>> rows;
    CHECK(cursor->fetch(1000, rows));
    CHECK(cursor->fetch(1000, rows));
    REQUIRE(rows.size() == 2000);
    CHECK(integerAt(rows.back(), 0) == 2000);
    CHECK_FALSE(cursor->atEnd());
}

TEST_CASE("a query cursor stops at its time limit, counted over its fetches, or when cancelled", "[query]")
{
    QuerySession session(sampleProfile("demo"));
    const std::string runaway
        = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n";
    QueryOptions options;
    options.timeoutSeconds = 0.2;
    const auto cursor = session.open(runaway, options);
    std::vector<std::vector<QueryValue>> rows;
    CHECK_THROWS_WITH(cursor->fetch(10, rows), Catch::Contains("time limit of 0.2 s"));
    std::atomic<bool> cancel { false };
    options.timeoutSeconds = 0;
    options.cancel = &cancel;
    const auto cancelled = session.open(runaway, options);
    cancel = true;
    CHECK_THROWS_WITH(cancelled->fetch(10, rows), Catch::Contains("the query was cancelled"));
    // The refusals and syntax errors of run() come from open().
    CHECK_THROWS_WITH(session.open("SELECT name\nFORM variables"), Catch::Contains("at line 2, column 6"));
    CHECK_THROWS_WITH(session.open("DELETE FROM variables"), Catch::Contains("read-only"));
}

TEST_CASE("orderedQuery sorts a statement's rows by one column, whatever ends the statement", "[query]")
{
    CHECK(orderedQuery("SELECT a, b FROM t", 1, true)
        == "SELECT * FROM (SELECT a, b FROM t\n) ORDER BY 2 DESC");
    // A trailing ';' and comments go; a ';' or "--" inside a string stays.
    CHECK(orderedQuery("SELECT ';--' AS x ; -- the end\n/* note */ ", 0, false)
        == "SELECT * FROM (SELECT ';--' AS x\n) ORDER BY 1 ASC");
    QuerySession session(sampleProfile("demo"));
    const std::string sql = "SELECT id, bytes FROM variables -- every variable\n;";
    const QueryResult sorted = session.run(orderedQuery(sql, 1, true));
    REQUIRE(sorted.rows.size() > 2);
    for (size_t i = 1; i < sorted.rows.size(); ++i)
        CHECK(integerAt(sorted.rows[i - 1], 1) >= integerAt(sorted.rows[i], 1));
    CHECK(sorted.rows.size() == session.run(sql).rows.size());
}

TEST_CASE("a query cursor names the table and column each result column comes from", "[query]")
{
    QuerySession session(sampleProfile("demo"));
    const auto cursor = session.open("SELECT s.id, i.step AS at, i.cycles * 2 AS twice, v.name "
                                     "FROM steps s JOIN step_ipus i ON i.step = s.id, variables v LIMIT 1");
    const auto& origins = cursor->columnOrigins();
    REQUIRE(origins.size() == 4);
    CHECK(origins[0].table == "steps");
    CHECK(origins[0].column == "id");
    CHECK(origins[1].table == "step_ipus");
    CHECK(origins[1].column == "step");
    CHECK(origins[2].table.empty()); // computed
    CHECK(origins[3].table == "variables");
    CHECK(origins[3].column == "name");
}
