// Profile::open: the defensive checks a user's file passes before any query runs.
#include "popscope/profile.hpp"

#include "format_limits.hpp"
#include "popscope/errors.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/remote/remote_address.hpp"
#include "popscope/remote/remote_error.hpp"
#include "popscope/remote/sftp_file.hpp"
#include "popscope/units.hpp"
#include "schema.hpp"
#include "sqlite_database.hpp"
#include "stored_counts.hpp"

#include <sys/stat.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>

namespace popscope {

namespace {

// (device, inode) of a local file, or nothing when it cannot be read.
std::optional<std::pair<uint64_t, uint64_t>> fileIdentity(const std::string& path)
{
    struct stat status { };
    if (::stat(path.c_str(), &status) != 0)
        return std::nullopt;
    return std::pair<uint64_t, uint64_t>(uint64_t(status.st_dev), uint64_t(status.st_ino));
}

namespace fs = std::filesystem;

uint32_t bigEndian(const uint8_t* p, int bytes)
{
    uint32_t v = 0;
    for (int i = 0; i < bytes; ++i)
        v = (v << 8) | p[i];
    return v;
}

// A report folder (as PopVision writes them) is opened through its profile.pop.
std::string resolvePath(const std::string& path)
{
    std::error_code ec;
    if (!fs::exists(path, ec))
        throw ProfileError(ErrorKind::FileNotFound, path, "no such file");
    if (fs::is_directory(path, ec)) {
        fs::path inside = fs::path(path) / "profile.pop";
        if (!fs::is_regular_file(inside, ec))
            throw ProfileError(ErrorKind::FileNotFound, path, "this folder has no profile.pop");
        return inside.string();
    }
    return path;
}

// Checks the SQLite header against the file's size so a cut-short copy is named as such,
// before SQLite would report it as a vague "malformed" error halfway through a query.
void checkSqliteHeader(
    const std::string& path, uint64_t size, const std::array<uint8_t, 100>& header, size_t got)
{
    if (size == 0)
        throw ProfileError(ErrorKind::EmptyFile, path, "the file is empty (0 bytes); it is not a profile");
    static const char magic[] = "SQLite format 3";
    if (got < 16 || std::string_view(reinterpret_cast<const char*>(header.data()), 15) != magic
        || header[15] != 0)
        throw ProfileError(ErrorKind::NotSqlite, path,
            "not a profile: the file is not an SQLite database (it does not start with 'SQLite format 3')");
    if (got < header.size())
        throw ProfileError(ErrorKind::Truncated, path,
            "the profile is truncated: only " + std::to_string(size)
                + " bytes, shorter than an SQLite header");
    uint32_t pageSize = bigEndian(&header[16], 2);
    if (pageSize == 1)
        pageSize = 65536;
    if (pageSize < 512 || (pageSize & (pageSize - 1)) != 0)
        throw ProfileError(ErrorKind::CorruptProfile, path, "the SQLite header has an invalid page size");
    const uint32_t changeCounter = bigEndian(&header[24], 4);
    const uint32_t pageCount = bigEndian(&header[28], 4);
    const uint32_t validFor = bigEndian(&header[92], 4);
    const uint64_t expected = uint64_t(pageSize) * pageCount;
    if (size % pageSize != 0 || (validFor == changeCounter && pageCount > 0 && size < expected))
        throw ProfileError(ErrorKind::Truncated, path,
            "the profile is truncated: the file has " + formatCount(size) + " bytes but its header announces "
                + formatCount(validFor == changeCounter ? expected : (size / pageSize + 1) * pageSize)
                + " (was the copy interrupted?)");
}

void checkLocalSqliteHeader(const std::string& path)
{
    std::error_code ec;
    const uint64_t size = fs::file_size(path, ec);
    if (ec)
        throw ProfileError(ErrorKind::FileNotFound, path, "cannot read the file: " + ec.message());
    if (size == 0)
        throw ProfileError(ErrorKind::EmptyFile, path, "the file is empty (0 bytes); it is not a profile");
    std::array<uint8_t, 100> header {};
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) // errno names the cause, e.g. "Permission denied"
        throw ProfileError(ErrorKind::FileNotFound, path,
            std::string("cannot open the file for reading: ")
                + (errno ? std::strerror(errno) : "unknown error"));
    in.read(reinterpret_cast<char*>(header.data()), header.size());
    checkSqliteHeader(path, size, header, size_t(in.gcount()));
}

ErrorKind errorKindFor(remote::RemoteFailure failure)
{
    switch (failure) {
    case remote::RemoteFailure::BadAddress:
        return ErrorKind::InvalidInput;
    case remote::RemoteFailure::NoSuchFile:
        return ErrorKind::FileNotFound;
    default:
        return ErrorKind::RemoteFailed;
    }
}

} // namespace

std::unique_ptr<Profile> Profile::open(const std::string& requestedPath)
{
    if (remote::isRemoteAddress(requestedPath))
        return openRemote(requestedPath);
    const std::string path = resolvePath(requestedPath);
    checkLocalSqliteHeader(path);
    const auto identityBefore = fileIdentity(path);
    auto db = std::make_unique<SqliteDatabase>(path, SqliteDatabase::Mode::ReadOnlyImmutable);
    std::unique_ptr<Profile> profile(new Profile(path, std::move(db)));
    // Known only when the path named one file throughout the open (else no second connection).
    if (identityBefore && fileIdentity(path) == identityBefore)
        profile->m_fileIdentity = identityBefore;
    profile->checkSchemaAndLoadHeader();
    return profile;
}

bool Profile::pathNamesFileOpened() const
{
    return m_fileIdentity && fileIdentity(m_path) == m_fileIdentity;
}

std::unique_ptr<SqliteDatabase> Profile::openSameFile() const
{
    // SQLite opens the file when the connection opens: the path naming the same file before and
    // after means the connection holds it (a rename over it in between changes the identity).
    if (!pathNamesFileOpened())
        return nullptr;
    try {
        auto db = std::make_unique<SqliteDatabase>(m_path, SqliteDatabase::Mode::ReadOnlyImmutable);
        return pathNamesFileOpened() ? std::move(db) : nullptr;
    } catch (const ProfileError&) {
        return nullptr;
    }
}

std::unique_ptr<Profile> Profile::openAgain() const
{
    auto db = openSameFile();
    if (!db)
        return nullptr;
    std::unique_ptr<Profile> again(new Profile(m_path, std::move(db)));
    again->m_fileIdentity = m_fileIdentity;
    again->checkSchemaAndLoadHeader();
    return again;
}

std::unique_ptr<Profile> Profile::openRemote(const std::string& text)
{
    const auto address = remote::parseRemoteAddress(text);
    if (!address)
        throw ProfileError(ErrorKind::InvalidInput, text,
            "not a remote address popscope reads: use ssh://[user@]host[:port]/path or [user@]host:path");
    const std::string path = address->toString();
    std::shared_ptr<remote::SftpFile> file;
    std::array<uint8_t, 100> header {};
    size_t got = 0;
    try {
        file = remote::SftpFile::openShared(*address, remote::remoteSettings());
        got = file->read(header.data(), header.size(), 0);
    } catch (const remote::RemoteError& error) {
        throw ProfileError(errorKindFor(error.failure()), path, error.what());
    }
    checkSqliteHeader(path, file->size(), header, got);
    auto db = std::make_unique<SqliteDatabase>(path, file);
    std::unique_ptr<Profile> profile(new Profile(path, std::move(db)));
    profile->m_remoteFile = std::move(file);
    profile->checkSchemaAndLoadHeader();
    return profile;
}

void Profile::checkSchemaAndLoadHeader()
{
    try {
        auto [major, minor] = checkProfileSchema(*m_db);
        m_formatMajor = major;
        m_formatMinor = minor;
        loadHeader();
    } catch (const ProfileError& error) {
        // SQLite's "file is not a database" comes from the first read of a damaged file.
        if (error.kind() == ErrorKind::CorruptProfile
            && error.problem().find("not a database") != std::string::npos)
            throw ProfileError(ErrorKind::Truncated, m_path,
                "the profile is damaged or truncated: SQLite cannot read its pages");
        throw;
    }
}

Profile::Profile(std::string path, std::unique_ptr<SqliteDatabase> db)
    : m_path(std::move(path))
    , m_db(std::move(db))
    , m_stored(std::make_unique<StoredCounts>())
{
}

Profile::~Profile() = default;

namespace {

// The target table's one row, every count bounded.
Target readTarget(SqliteDatabase& db, const std::string& path)
{
    Statement target(db,
        "SELECT type, architecture, num_ipus, tiles_per_ipu, bytes_per_tile, clock_hz, num_replicas,"
        " ipus_per_replica, compute_instrumentation, external_exchange_instrumentation FROM target WHERE "
        "id = 1");
    if (!target.step())
        throw ProfileError(ErrorKind::CorruptProfile, path, "the profile has no target description");
    auto bounded = [&](int column, int64_t max, const char* name) {
        if (!target.isInteger(column))
            throw ProfileError(ErrorKind::CorruptProfile, path,
                std::string("target.") + name + " is '" + target.getText(column) + "', not a whole number");
        int64_t value = target.getInt(column);
        if (value < 1 || value > max)
            throw ProfileError(ErrorKind::CorruptProfile, path,
                std::string("target.") + name + " is " + std::to_string(value) + ", outside 1.."
                    + std::to_string(max));
        return value;
    };
    Target t;
    t.type = target.getText(0);
    t.architecture = target.getText(1);
    t.numIpus = uint32_t(bounded(2, limits::kMaxIpus, "numIPUs"));
    t.tilesPerIpu = uint32_t(bounded(3, limits::kMaxTilesPerIpu, "tilesPerIpu"));
    t.bytesPerTile = uint64_t(bounded(4, int64_t(limits::kMaxBytesPerTile), "bytesPerTile"));
    t.clockHz = target.getDouble(5);
    t.numReplicas = uint32_t(bounded(6, limits::kMaxReplicas, "numReplicas"));
    t.ipusPerReplica = uint32_t(bounded(7, limits::kMaxIpus, "ipusPerReplica"));
    t.computeInstrumentation = target.getText(8);
    t.externalExchangeInstrumentation = target.getText(9);
    return t;
}

// A target of more tiles than a file without per-tile data may claim must store bytes for them.
void checkTilesBacked(SqliteDatabase& db, const Target& target, const std::string& path)
{
    if (target.numTiles() <= limits::kTilesWithoutPerTileData)
        return;
    // length() of a BLOB reads the record header, not the BLOB: cheap even on a large file.
    Statement stored(db,
        "SELECT (SELECT coalesce(sum(length(bytes)), 0) FROM memory_by_tile)"
        " + (SELECT coalesce(sum(length(bytes)), 0) FROM memory_gaps)"
        " + (SELECT coalesce(sum(length(always_live) + length(not_always_live)), 0) FROM "
        "memory_liveness)");
    const int64_t bytes = stored.step() ? stored.getInt(0) : 0;
    if (std::string problem
        = limits::unbackedTilesProblem(target.numTiles(), uint64_t(std::max<int64_t>(bytes, 0)) / 4);
        !problem.empty())
        throw ProfileError(ErrorKind::CorruptProfile, path, problem);
}

// The meta table into info (the keys it shows) and every key's value.
std::map<std::string, std::string> readMeta(SqliteDatabase& db, ReportInfo& info)
{
    Statement meta(db, "SELECT key, value FROM meta");
    std::map<std::string, std::string> metaValues;
    while (meta.step()) {
        std::string key = meta.getText(0);
        metaValues[key] = meta.getText(1);
        if (key == "generator")
            info.generator = meta.getText(1);
        else if (key == "poplar_version")
            info.poplarVersion = meta.getText(1);
        else if (key == "timestamp")
            info.timestamp = meta.getText(1);
        else if (key == "num_edges")
            info.numEdges = uint64_t(std::max<int64_t>(0, std::atoll(meta.getText(1).c_str())));
    }
    return metaValues;
}

// The engine options and the JSON documents the profile carries.
void readOptionsAndDocuments(SqliteDatabase& db, ReportInfo& info)
{
    Statement options(db, "SELECT name, value FROM engine_options ORDER BY position");
    while (options.step())
        info.engineOptions.emplace_back(options.getText(0), options.getText(1));
    Statement documents(db, "SELECT name, json FROM documents");
    while (documents.step()) {
        std::string name = documents.getText(0);
        if (name == "framework")
            info.frameworkJson = documents.getText(1);
        else if (name == "app")
            info.appJson = documents.getText(1);
        else if (name == "simulation")
            info.simulationSpecJson = documents.getText(1);
    }
}

} // namespace

void Profile::loadHeader()
{
    SqliteDatabase& db = *m_db;
    m_target = readTarget(db, m_path);
    ProfileDocument header;
    header.target = m_target;
    if (std::string problem = validateDocument(header); !problem.empty())
        throw ProfileError(ErrorKind::CorruptProfile, m_path, problem);
    checkTilesBacked(db, m_target, m_path);
    *m_stored = StoredCounts::fromMeta(readMeta(db, m_info), m_path);
    readOptionsAndDocuments(db, m_info);
}

void Profile::checkKnownTable(const char* table) const
{
    bool known = false;
    for (const TableSchema& t : profileTables())
        known = known || std::string_view(t.name) == table;
    if (!known) // the name goes into a query
        throw ProfileError(ErrorKind::InvalidInput, m_path, std::string("unknown table '") + table + "'");
}

uint64_t Profile::countRows(const char* table) const
{
    checkKnownTable(table);
    return computeRowCount(*m_db, table);
}

uint64_t Profile::summaryRowCount(const char* table) const
{
    checkKnownTable(table);
    if (auto stored = m_stored->rows.find(table); stored != m_stored->rows.end())
        return stored->second;
    return computeRowCount(*m_db, table);
}

bool Profile::hasRows(const char* table) const
{
    checkKnownTable(table);
    Statement any(*m_db, std::string("SELECT EXISTS(SELECT 1 FROM ") + table + ")");
    return any.step() && any.getInt(0) != 0;
}

void Profile::checkStoredCounts() const
{
    if (std::string problem = storedCountsProblem(*m_db, *m_stored); !problem.empty())
        throw ProfileError(ErrorKind::CorruptProfile, m_path,
            "the figures stored with the profile do not match its tables: " + problem);
}

uint64_t Profile::totalCycles() const
{
    return m_stored->totalCycles ? *m_stored->totalCycles : computeTotalCycles(*m_db);
}

std::vector<std::pair<std::string, uint64_t>> Profile::cyclesByStepType() const
{
    return m_stored->cyclesByStepType ? *m_stored->cyclesByStepType : computeCyclesByStepType(*m_db);
}

uint64_t Profile::countVertexInstances() const
{
    return m_stored->vertexInstances ? *m_stored->vertexInstances : computeVertexInstances(*m_db);
}

} // namespace popscope
