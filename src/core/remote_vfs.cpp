#include "remote_vfs.hpp"

#include "popscope/remote/remote_error.hpp"
#include "popscope/remote/sftp_file.hpp"

#include <sqlite3.h>

#include <cstring>
#include <mutex>
#include <unordered_map>

namespace popscope {

namespace {

struct Registered {
    std::shared_ptr<remote::SftpFile> file;
    std::string lastError;
};

std::mutex& registryMutex()
{
    static std::mutex mutex;
    return mutex;
}

std::unordered_map<std::string, Registered>& registry()
{
    static std::unordered_map<std::string, Registered> files;
    return files;
}

struct RemoteVfsFile {
    sqlite3_file base; // first: SQLite casts between the two
    std::shared_ptr<remote::SftpFile> file;
    std::string* name;
};

void remember(const std::string& name, const std::string& error)
{
    std::lock_guard lock(registryMutex());
    if (auto found = registry().find(name); found != registry().end())
        found->second.lastError = error;
}

int remoteClose(sqlite3_file* base)
{
    auto* self = reinterpret_cast<RemoteVfsFile*>(base);
    self->file.~shared_ptr();
    delete self->name;
    return SQLITE_OK;
}

int remoteRead(sqlite3_file* base, void* out, int amount, sqlite3_int64 offset)
{
    auto* self = reinterpret_cast<RemoteVfsFile*>(base);
    try {
        const size_t got = self->file->read(out, size_t(amount), uint64_t(offset));
        if (got < size_t(amount)) {
            std::memset(static_cast<char*>(out) + got, 0, size_t(amount) - got); // SQLite wants zeros
            return SQLITE_IOERR_SHORT_READ;
        }
        return SQLITE_OK;
    } catch (const std::exception& error) {
        remember(*self->name, error.what());
        return SQLITE_IOERR_READ;
    }
}

int remoteReadOnly(sqlite3_file*, const void*, int, sqlite3_int64)
{
    return SQLITE_READONLY;
}
int remoteTruncate(sqlite3_file*, sqlite3_int64)
{
    return SQLITE_READONLY;
}
int remoteSync(sqlite3_file*, int)
{
    return SQLITE_OK;
}
int remoteFileSize(sqlite3_file* base, sqlite3_int64* size)
{
    *size = sqlite3_int64(reinterpret_cast<RemoteVfsFile*>(base)->file->size());
    return SQLITE_OK;
}
int remoteLock(sqlite3_file*, int)
{
    return SQLITE_OK; // immutable: nobody writes, nothing to lock
}
int remoteCheckReservedLock(sqlite3_file*, int* reserved)
{
    *reserved = 0;
    return SQLITE_OK;
}
int remoteFileControl(sqlite3_file*, int, void*)
{
    return SQLITE_NOTFOUND;
}
int remoteSectorSize(sqlite3_file*)
{
    return 4096;
}
int remoteDeviceCharacteristics(sqlite3_file*)
{
    return SQLITE_IOCAP_IMMUTABLE;
}

const sqlite3_io_methods kMethods = { 1, remoteClose, remoteRead, remoteReadOnly, remoteTruncate, remoteSync,
    remoteFileSize, remoteLock, remoteLock, remoteCheckReservedLock, remoteFileControl, remoteSectorSize,
    remoteDeviceCharacteristics, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr };

int remoteOpen(sqlite3_vfs*, const char* name, sqlite3_file* base, int flags, int* outFlags)
{
    if (!name || (flags & SQLITE_OPEN_MAIN_DB) == 0 || (flags & SQLITE_OPEN_READWRITE))
        return SQLITE_CANTOPEN; // only the main database, read-only: no journal, no temp files
    std::shared_ptr<remote::SftpFile> file;
    {
        std::lock_guard lock(registryMutex());
        auto found = registry().find(name);
        if (found == registry().end())
            return SQLITE_CANTOPEN;
        file = found->second.file;
    }
    auto* self = reinterpret_cast<RemoteVfsFile*>(base);
    new (&self->file) std::shared_ptr<remote::SftpFile>(std::move(file));
    self->name = new std::string(name);
    self->base.pMethods = &kMethods;
    if (outFlags)
        *outFlags = SQLITE_OPEN_READONLY;
    return SQLITE_OK;
}

int remoteDelete(sqlite3_vfs*, const char*, int)
{
    return SQLITE_READONLY;
}

int remoteAccess(sqlite3_vfs*, const char*, int, int* result)
{
    *result = 0; // no journal or WAL file exists beside a remote profile
    return SQLITE_OK;
}

int remoteFullPathname(sqlite3_vfs*, const char* name, int size, char* out)
{
    sqlite3_snprintf(size, out, "%s", name);
    return SQLITE_OK;
}

sqlite3_vfs* remoteVfs()
{
    static sqlite3_vfs vfs = [] {
        sqlite3_vfs* local = sqlite3_vfs_find(nullptr);
        sqlite3_vfs made = *local; // randomness, sleep and time come from the default VFS
        made.szOsFile = int(sizeof(RemoteVfsFile));
        made.mxPathname = 1024;
        made.pNext = nullptr;
        made.zName = kRemoteVfsName;
        made.pAppData = nullptr;
        made.xOpen = remoteOpen;
        made.xDelete = remoteDelete;
        made.xAccess = remoteAccess;
        made.xFullPathname = remoteFullPathname;
        made.xDlOpen = nullptr;
        made.xDlError = nullptr;
        made.xDlSym = nullptr;
        made.xDlClose = nullptr;
        return made;
    }();
    static const int registered = sqlite3_vfs_register(&vfs, 0);
    (void)registered;
    return &vfs;
}

} // namespace

std::string registerRemoteFile(std::shared_ptr<remote::SftpFile> file)
{
    remoteVfs();
    static uint64_t counter = 0;
    std::lock_guard lock(registryMutex());
    const std::string name = "/popscope-remote-" + std::to_string(++counter);
    registry()[name] = Registered { std::move(file), {} };
    return name;
}

void forgetRemoteFile(const std::string& name)
{
    std::lock_guard lock(registryMutex());
    registry().erase(name);
}

std::string lastRemoteError(const std::string& name)
{
    std::lock_guard lock(registryMutex());
    auto found = registry().find(name);
    return found == registry().end() ? std::string() : found->second.lastError;
}

} // namespace popscope
