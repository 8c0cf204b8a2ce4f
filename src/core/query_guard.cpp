#include "query_guard.hpp"

#include <array>
#include <cstring>
#include <sstream>

namespace popscope::query {

namespace {

// Pragmas that only describe the schema or the build; every other one is refused, since most
// change the connection (writable_schema, journal_mode, query_only, ...).
constexpr std::array kDescriptivePragmas { "table_info", "table_xinfo", "table_list", "database_list",
    "function_list", "module_list", "pragma_list", "collation_list", "compile_options" };

bool isDescriptivePragma(const char* name)
{
    for (const char* allowed : kDescriptivePragmas)
        if (name && sqlite3_stricmp(name, allowed) == 0)
            return true;
    return false;
}

// data table
const char* actionName(int action)
{
    switch (action) {
    case SQLITE_INSERT:
        return "INSERT";
    case SQLITE_UPDATE:
        return "UPDATE";
    case SQLITE_DELETE:
        return "DELETE";
    case SQLITE_TRANSACTION:
    case SQLITE_SAVEPOINT:
        return "a transaction";
    case SQLITE_ALTER_TABLE:
        return "ALTER TABLE";
    case SQLITE_ANALYZE:
        return "ANALYZE";
    case SQLITE_REINDEX:
        return "REINDEX";
    case SQLITE_DETACH:
        return "DETACH";
    case SQLITE_CREATE_VTABLE:
    case SQLITE_DROP_VTABLE:
        return "a virtual table";
    default:
        return action >= SQLITE_CREATE_INDEX && action <= SQLITE_DROP_VIEW ? "CREATE or DROP"
                                                                           : "this statement";
    }
}

} // namespace

int QueryGuard::authorize(void* context, int action, const char* a, const char*, const char*, const char*)
{
    auto& guard = *static_cast<QueryGuard*>(context);
    switch (action) {
    case SQLITE_SELECT:
    case SQLITE_READ:
    case SQLITE_FUNCTION:
    case SQLITE_RECURSIVE:
        return SQLITE_OK;
    case SQLITE_PRAGMA:
        if (isDescriptivePragma(a))
            return SQLITE_OK;
        guard.m_refusal = "PRAGMA " + std::string(a ? a : "") + " is refused: a query only reads the report";
        return SQLITE_DENY;
    case SQLITE_ATTACH:
        guard.m_refusal = "ATTACH is refused: a query reads the reports it was given (two at most, as "
                          "source and target)";
        return SQLITE_DENY;
    default:
        guard.m_refusal = std::string(actionName(action)) + " is refused: the query schema is read-only";
        return SQLITE_DENY;
    }
}

int QueryGuard::progress(void* context)
{
    auto& guard = *static_cast<QueryGuard*>(context);
    if ((guard.m_cancel && guard.m_cancel->load()) || (guard.m_stopRequested && (*guard.m_stopRequested)())) {
        guard.m_stopReason = "the query was cancelled";
        return 1;
    }
    if (guard.m_timeoutSeconds > 0 && std::chrono::steady_clock::now() > guard.m_deadline) {
        std::ostringstream text;
        text << "the query stopped at its time limit of " << guard.m_timeoutSeconds << " s";
        guard.m_stopReason = text.str();
        return 1;
    }
    return 0;
}

void QueryGuard::refuseWritesOn(sqlite3* db)
{
    // The first use of a pragma's table-valued function (pragma_table_info('tiles')) makes its
    // table, which the authorizer would take for a write: make them before it watches.
    for (const char* pragma : kDescriptivePragmas)
        sqlite3_exec(db, (std::string("SELECT * FROM pragma_") + pragma + " LIMIT 0").c_str(), nullptr,
            nullptr, nullptr);
    sqlite3_set_authorizer(db, authorize, this);
}

void QueryGuard::watch(sqlite3* db)
{
    // A few thousand virtual machine steps take microseconds: the clock is read often enough.
    sqlite3_progress_handler(db, 4000, progress, this);
}

void QueryGuard::start(double timeoutSeconds, const std::atomic<bool>* cancel, double secondsSpent,
    const std::function<bool()>* stopRequested)
{
    m_stopRequested = stopRequested && *stopRequested ? stopRequested : nullptr;
    m_refusal.clear();
    m_stopReason.clear();
    m_timeoutSeconds = timeoutSeconds;
    m_cancel = cancel;
    m_deadline = std::chrono::steady_clock::now()
        + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
            std::chrono::duration<double>(timeoutSeconds > 0 ? timeoutSeconds - secondsSpent : 0));
}

} // namespace popscope::query
