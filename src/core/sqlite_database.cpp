#include "sqlite_database.hpp"

#include "remote_vfs.hpp"

namespace popscope {

namespace {

// SQLite wants a URI to accept "immutable=1"; escape the characters a URI path treats specially.
std::string fileUri(const std::string& path)
{
    std::string uri = "file:";
    for (char c : path) {
        if (c == '%' || c == '?' || c == '#') {
            static const char* hex = "0123456789ABCDEF";
            uri += '%';
            uri += hex[(uint8_t(c) >> 4) & 0xF];
            uri += hex[uint8_t(c) & 0xF];
        } else {
            uri += c;
        }
    }
    return uri + "?immutable=1";
}

// A profile's connection, read by one thread at a time (see the constructor).
constexpr int kReadOnlyFlags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX;

} // namespace

SqliteDatabase::SqliteDatabase(const std::string& path, Mode mode)
    : m_path(path)
{
    int rc;
    if (mode == Mode::ReadOnlyImmutable) {
        // immutable=1: no locks, no journal or -shm files beside the user's file, never a write.
        // NOMUTEX: its users read one thread at a time already (Report::locked, TraceData::withProfile,
        // the CLI and the Python module on one thread); SQLite's own mutex around every column read
        // cost a quarter of reading bench-huge's 11.7 M vars_info rows.
        rc = sqlite3_open_v2(fileUri(path).c_str(), &m_db, kReadOnlyFlags, nullptr);
    } else {
        m_failureKind = ErrorKind::WriteFailed;
        // One thread writes through this connection: no mutex around every SQLite call.
        rc = sqlite3_open_v2(
            path.c_str(), &m_db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
    }
    if (rc != SQLITE_OK) {
        std::string message = m_db ? sqlite3_errmsg(m_db) : sqlite3_errstr(rc);
        sqlite3_close(m_db);
        m_db = nullptr;
        throw ProfileError(mode == Mode::ReadOnlyImmutable ? ErrorKind::NotSqlite : ErrorKind::WriteFailed,
            path, "cannot open the database (SQLite: " + message + ")");
    }
    if (mode == Mode::ReadOnlyImmutable)
        protectAgainstHostileSchema();
}

SqliteDatabase::SqliteDatabase(const std::string& path, std::shared_ptr<remote::SftpFile> remoteFile)
    : m_path(path)
    , m_remoteName(registerRemoteFile(std::move(remoteFile)))
{
    const std::string uri = "file:" + m_remoteName + "?immutable=1";
    const int rc = sqlite3_open_v2(uri.c_str(), &m_db, kReadOnlyFlags, kRemoteVfsName);
    if (rc != SQLITE_OK) {
        std::string message = m_db ? sqlite3_errmsg(m_db) : sqlite3_errstr(rc);
        sqlite3_close(m_db);
        forgetRemoteFile(m_remoteName);
        throw ProfileError(
            ErrorKind::RemoteFailed, path, "cannot open the database (SQLite: " + message + ")");
    }
    protectAgainstHostileSchema();
    // The remote VFS opens the main database only: sorts and temporary tables stay in memory.
    exec("PRAGMA temp_store=MEMORY");
}

void SqliteDatabase::protectAgainstHostileSchema()
{
    // Untrusted input: no triggers, no views, no functions with side effects in the schema.
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    sqlite3_limit(m_db, SQLITE_LIMIT_LENGTH, 1 << 30);
}

SqliteDatabase::~SqliteDatabase()
{
    sqlite3_close(m_db);
    if (!m_remoteName.empty())
        forgetRemoteFile(m_remoteName);
}

void SqliteDatabase::exec(std::string_view sql)
{
    std::string text(sql);
    char* error = nullptr;
    int rc = sqlite3_exec(m_db, text.c_str(), nullptr, nullptr, &error);
    if (rc != SQLITE_OK) {
        std::string message = error ? error : sqlite3_errstr(rc);
        sqlite3_free(error);
        throw ProfileError(m_failureKind, m_path, "SQLite failed: " + message);
    }
}

void SqliteDatabase::fail(int rc, std::string_view what) const
{
    int primary = rc & 0xFF;
    if (primary == SQLITE_IOERR && !m_remoteName.empty()) {
        // The remote read's own message names the host and the cause.
        const std::string remoteProblem = lastRemoteError(m_remoteName);
        if (!remoteProblem.empty())
            throw ProfileError(ErrorKind::RemoteFailed, m_path, remoteProblem);
    }
    std::string message = std::string(what) + " (SQLite: " + sqlite3_errmsg(m_db) + ")";
    if (primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB)
        throw ProfileError(ErrorKind::CorruptProfile, m_path, "the database is damaged: " + message);
    if (primary == SQLITE_FULL || primary == SQLITE_IOERR)
        throw ProfileError(
            m_failureKind == ErrorKind::WriteFailed ? ErrorKind::WriteFailed : ErrorKind::Truncated, m_path,
            "cannot read or write the file: " + message);
    throw ProfileError(m_failureKind, m_path, message);
}

Statement::Statement(SqliteDatabase& db, std::string_view sql)
    : m_db(db)
{
    int rc = sqlite3_prepare_v3(
        db.handle(), sql.data(), int(sql.size()), SQLITE_PREPARE_PERSISTENT, &m_stmt, nullptr);
    if (rc != SQLITE_OK)
        db.fail(rc, "cannot prepare '" + std::string(sql.substr(0, 60)) + "'");
}

Statement::~Statement()
{
    sqlite3_finalize(m_stmt);
}

Statement& Statement::bind(int index, int64_t value)
{
    sqlite3_bind_int64(m_stmt, index, value);
    return *this;
}

Statement& Statement::bind(int index, double value)
{
    sqlite3_bind_double(m_stmt, index, value);
    return *this;
}

Statement& Statement::bind(int index, std::string_view text)
{
    sqlite3_bind_text(m_stmt, index, text.data(), int(text.size()), SQLITE_TRANSIENT);
    return *this;
}

namespace {

void bindBlobWith(
    sqlite3_stmt* statement, int index, std::span<const uint8_t> bytes, sqlite3_destructor_type lifetime)
{
    // A zero-length blob must stay a blob, not NULL.
    sqlite3_bind_blob(statement, index, bytes.empty() ? "" : static_cast<const void*>(bytes.data()),
        int(bytes.size()), bytes.empty() ? SQLITE_STATIC : lifetime);
}

} // namespace

Statement& Statement::bindBlob(int index, std::span<const uint8_t> bytes)
{
    bindBlobWith(m_stmt, index, bytes, SQLITE_TRANSIENT);
    return *this;
}

Statement& Statement::bindUnowned(int index, std::string_view text)
{
    sqlite3_bind_text(m_stmt, index, text.data(), int(text.size()), SQLITE_STATIC);
    return *this;
}

Statement& Statement::bindBlobUnowned(int index, std::span<const uint8_t> bytes)
{
    bindBlobWith(m_stmt, index, bytes, SQLITE_STATIC);
    return *this;
}

Statement& Statement::bindNull(int index)
{
    sqlite3_bind_null(m_stmt, index);
    return *this;
}

bool Statement::step()
{
    int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    m_db.fail(rc, "query failed");
}

void Statement::run()
{
    int rc = sqlite3_step(m_stmt);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW)
        m_db.fail(rc, "statement failed");
    sqlite3_reset(m_stmt);
}

void Statement::reset()
{
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
}

int64_t Statement::getInt(int column) const
{
    return sqlite3_column_int64(m_stmt, column);
}
double Statement::getDouble(int column) const
{
    return sqlite3_column_double(m_stmt, column);
}
bool Statement::isInteger(int column) const
{
    return sqlite3_column_type(m_stmt, column) == SQLITE_INTEGER;
}

std::string Statement::getText(int column) const
{
    return std::string(getTextView(column));
}

std::string_view Statement::getTextView(int column) const
{
    const auto* text = sqlite3_column_text(m_stmt, column);
    int size = sqlite3_column_bytes(m_stmt, column);
    return text ? std::string_view(reinterpret_cast<const char*>(text), size_t(size)) : std::string_view();
}

std::span<const uint8_t> Statement::getBlob(int column) const
{
    const auto* data = static_cast<const uint8_t*>(sqlite3_column_blob(m_stmt, column));
    int size = sqlite3_column_bytes(m_stmt, column);
    return data ? std::span<const uint8_t>(data, size_t(size)) : std::span<const uint8_t>();
}

bool Statement::isNull(int column) const
{
    return sqlite3_column_type(m_stmt, column) == SQLITE_NULL;
}

} // namespace popscope
