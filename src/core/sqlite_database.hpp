#pragma once
// Thin RAII layer over the SQLite C API: a database handle and prepared statements.
// Every SQLite failure becomes a ProfileError naming the file.
#include "popscope/errors.hpp"

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace popscope::remote {
class SftpFile;
}

namespace popscope {

class SqliteDatabase;

class Statement {
public:
    Statement(SqliteDatabase& db, std::string_view sql);
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    Statement& bind(int index, int64_t value);
    Statement& bind(int index, double value);
    Statement& bind(int index, std::string_view text);
    Statement& bindBlob(int index, std::span<const uint8_t> bytes);
    Statement& bindNull(int index);
    // SQLite keeps a pointer instead of a copy: the bytes must stay alive and unchanged until the
    // statement has run. For the writer, whose document outlives every row it inserts.
    Statement& bindUnowned(int index, std::string_view text);
    Statement& bindBlobUnowned(int index, std::span<const uint8_t> bytes);

    bool step(); // true while a row is available
    void run(); // step once, expect SQLITE_DONE, then reset
    void reset();

    int64_t getInt(int column) const;
    double getDouble(int column) const;
    std::string getText(int column) const;
    std::string_view getTextView(int column) const; // valid until the next step
    std::span<const uint8_t> getBlob(int column) const; // valid until the next step
    bool isNull(int column) const;
    bool isInteger(int column) const; // stored as an INTEGER (not text, real, blob or NULL)

private:
    SqliteDatabase& m_db;
    sqlite3_stmt* m_stmt = nullptr;
};

class SqliteDatabase {
public:
    enum class Mode { ReadOnlyImmutable, CreateForWriting };
    SqliteDatabase(const std::string& path, Mode mode);
    // A remote profile, read-only through the remote VFS; `path` is its address, for messages.
    SqliteDatabase(const std::string& path, std::shared_ptr<remote::SftpFile> remoteFile);
    ~SqliteDatabase();
    SqliteDatabase(const SqliteDatabase&) = delete;
    SqliteDatabase& operator=(const SqliteDatabase&) = delete;

    void exec(std::string_view sql);
    const std::string& path() const { return m_path; }
    sqlite3* handle() const { return m_db; }
    // Throws a ProfileError for an SQLite result code, mapping damage to CorruptProfile.
    [[noreturn]] void fail(int rc, std::string_view what) const;
    void setErrorKindForFailures(ErrorKind kind) { m_failureKind = kind; }

private:
    void protectAgainstHostileSchema();

    std::string m_path;
    std::string m_remoteName; // the name registered with the remote VFS, for remote profiles
    sqlite3* m_db = nullptr;
    ErrorKind m_failureKind = ErrorKind::CorruptProfile;
};

} // namespace popscope
