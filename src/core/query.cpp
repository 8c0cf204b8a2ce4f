// QuerySession: an in-memory connection whose schemas hold the query tables of one or two reports.
// The reports' files are never attached to it: each table reads its report through the profile's
// own read-only, immutable connection, so no statement of the user's can reach the file.
#include "popscope/query.hpp"

#include "query_state.hpp"
#include "query_tables.hpp"

#include <cctype>

namespace popscope {

namespace {

// The report's own connection for the query tables: the file Profile::open checked, read-only.
std::unique_ptr<SqliteDatabase> openStorage(const Profile& profile)
{
    if (profile.remoteFile())
        return std::make_unique<SqliteDatabase>(profile.path(), profile.remoteFile());
    return std::make_unique<SqliteDatabase>(profile.path(), SqliteDatabase::Mode::ReadOnlyImmutable);
}

void execOrThrow(sqlite3* db, const std::string& sql)
{
    char* error = nullptr;
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
        const std::string message = error ? error : sqlite3_errmsg(db);
        sqlite3_free(error);
        throw QueryError(message);
    }
}

} // namespace

void QuerySession::State::addReport(const std::string& path, const std::string& schema)
{
    profiles.push_back(Profile::open(path));
    storage.push_back(openStorage(*profiles.back()));
    const Target& target = profiles.back()->target();
    sources.push_back(
        { schema, storage.back()->handle(), target.numIpus, target.tilesPerIpu, target.bytesPerTile });
}

void QuerySession::State::openQueryConnection()
{
    const int rc = sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK)
        throw QueryError(std::string("cannot open a query connection: ") + sqlite3_errstr(rc));
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    // No value (zeroblob, randomblob, a long string) past 256 MiB: a query cannot exhaust memory
    // with one.
    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1 << 28);
    query::registerQueryModule(db, &sources);
    for (size_t i = 0; i < sources.size(); ++i) {
        if (sources[i].schema != "main") // the engine's own attach: an empty in-memory schema
            execOrThrow(db, "ATTACH ':memory:' AS " + sources[i].schema);
        query::createQueryTables(db, sources, i);
    }
    // From here on, the user's statements: read only, bounded.
    guard.refuseWritesOn(db);
    guard.watch(db);
    for (const auto& connection : storage)
        guard.watch(connection->handle());
}

QuerySession::QuerySession(const std::string& path)
    : m_state(std::make_unique<State>())
{
    m_state->addReport(path, "main");
    m_state->openQueryConnection();
}

QuerySession::QuerySession(const std::string& sourcePath, const std::string& targetPath)
    : m_state(std::make_unique<State>())
{
    m_state->addReport(sourcePath, "source");
    m_state->addReport(targetPath, "target");
    m_state->openQueryConnection();
}

QuerySession::~QuerySession() = default;

std::vector<QueryTableInfo> QuerySession::tables()
{
    std::vector<QueryTableInfo> tables;
    for (const query::QueryTableSpec& spec : query::queryTableSpecs()) {
        QueryTableInfo info { spec.name, {} };
        const std::string columns = spec.columns;
        for (size_t start = 0; start < columns.size();) {
            size_t end = columns.find(", ", start);
            if (end == std::string::npos)
                end = columns.size();
            const std::string column = columns.substr(start, end - start);
            const size_t space = column.find(' ');
            info.columns.emplace_back(column.substr(0, space), column.substr(space + 1));
            start = end + 2;
        }
        tables.push_back(std::move(info));
    }
    return tables;
}

} // namespace popscope
