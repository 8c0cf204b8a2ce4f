// popscope-cli query: SQL over the documented query schema of one report, or of two as source
// and target (docs/query.md).
#include "query_command.hpp"

#include "popscope/query.hpp"
#include "query_output.hpp"

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace popscope::cli {

namespace {

const char* kQueryUsage = R"(usage: popscope-cli query FILE "SQL" [--csv | --json] [--timeout SECONDS]
       popscope-cli query A B "SQL" ...      two reports, as the schemas source and target
       popscope-cli query FILE [B] --file Q.sql ...

Runs one SQL statement (SQLite's dialect) over the query schema of a report: documented tables
with one row per thing you name (tiles, tile_memory, variables, variable_tiles, liveness_steps,
programs, steps, step_ipus, step_tile_cycles, operations, ...) that stay the same whatever the
profile format version. `SELECT name, bytes FROM variables ORDER BY bytes DESC LIMIT 10`.
docs/query.md lists every table and column with its unit, and worked examples.

With two reports, their tables are source.TABLE and target.TABLE, so a comparison is a join:
  SELECT s.name, t.bytes - s.bytes AS growth FROM source.variables s
  JOIN target.variables t USING (name) ORDER BY growth DESC LIMIT 10

The reports are read-only: statements that write, ATTACH, and pragmas that change the connection
are refused. FILE may be a remote address, as for the other commands.

Options:
  --file Q.sql         read the statement from a file ('-' for standard input)
  --csv                comma-separated values with a header line
  --json               {"columns": [...], "rows": [[...], ...]}
  --timeout SECONDS    stop a query that runs longer (default 60; 0 for no limit)
)";

int queryUsageError(const std::string& message)
{
    std::cerr << "popscope-cli: " << message << "\n\n" << kQueryUsage;
    return 2;
}

struct QueryArguments {
    std::vector<std::string> positional;
    std::string sqlFile;
    QueryFormat format = QueryFormat::Table;
    double timeoutSeconds = 60;
    std::string problem;
    bool help = false;
};

bool parseSeconds(const std::string& text, double& seconds)
{
    try {
        size_t used = 0;
        seconds = std::stod(text, &used);
        return used == text.size() && seconds >= 0 && seconds < 1e9;
    } catch (const std::exception&) {
        return false;
    }
}

QueryArguments parseQueryArguments(int argc, char** argv)
{
    QueryArguments a;
    for (int i = 1; i < argc && a.problem.empty(); ++i) {
        const std::string arg = argv[i];
        const bool hasValue = i + 1 < argc;
        if (arg == "--help" || arg == "-h")
            a.help = true;
        else if (arg == "--csv" || arg == "--json")
            a.format = arg == "--csv" ? QueryFormat::Csv : QueryFormat::Json;
        else if (arg == "--file" && hasValue)
            a.sqlFile = argv[++i];
        else if (arg == "--timeout" && hasValue && parseSeconds(argv[i + 1], a.timeoutSeconds))
            ++i;
        else if (arg == "--file" || arg == "--timeout")
            a.problem = arg == "--file" ? "--file needs a file name" : "--timeout needs a number of seconds";
        else if (arg.size() > 1 && arg[0] == '-')
            a.problem = "query: unknown option '" + arg + "'";
        else
            a.positional.push_back(arg);
    }
    return a;
}

std::string readSqlFile(const std::string& path)
{
    std::ostringstream text;
    if (path == "-") {
        text << std::cin.rdbuf();
        return text.str();
    }
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw ProfileError(ErrorKind::FileNotFound, path, "cannot read the query file");
    text << in.rdbuf();
    return text.str();
}

} // namespace

int runQueryCommand(int argc, char** argv)
{
    QueryArguments a = parseQueryArguments(argc, argv);
    if (a.help) {
        std::cout << kQueryUsage;
        return 0;
    }
    if (!a.problem.empty())
        return queryUsageError(a.problem);
    std::string sql;
    if (a.sqlFile.empty()) {
        if (a.positional.size() < 2)
            return queryUsageError("query takes FILE and \"SQL\" (or --file Q.sql)");
        sql = a.positional.back();
        a.positional.pop_back();
    } else {
        sql = readSqlFile(a.sqlFile);
    }
    if (a.positional.empty() || a.positional.size() > 2)
        return queryUsageError(
            "query takes one FILE, or two to compare, got " + std::to_string(a.positional.size()));
    auto session = a.positional.size() == 1
        ? std::make_unique<QuerySession>(a.positional[0])
        : std::make_unique<QuerySession>(a.positional[0], a.positional[1]);
    QueryPrinter printer(a.format, std::cout, isatty(STDOUT_FILENO) == 1);
    QueryOptions options;
    options.timeoutSeconds = a.timeoutSeconds;
    try {
        session->run(
            sql, options, [&](const std::vector<std::string>& columns) { printer.columns(columns); },
            [&](const std::vector<QueryValue>& row) { printer.row(row); });
    } catch (const QueryError& error) {
        std::cout.flush();
        std::cerr << "popscope-cli: error: " << error.what() << "\n";
        // The user's own SQL, each line made printable.
        for (size_t start = 0; start < error.excerpt().size();) {
            const size_t end = std::min(error.excerpt().find('\n', start), error.excerpt().size());
            std::cerr << printableMessage(error.excerpt().substr(start, end - start)) << "\n";
            start = end + 1;
        }
        return 2 + int(error.kind());
    }
    printer.finish();
    return 0;
}

} // namespace popscope::cli
