#pragma once
// A remote file read over SFTP, for SQLite's pages: a block cache in memory, read-ahead when the
// reads run in sequence, several reads in flight at once, and counters of what crossed the network.
// Thread-safe: SQLite and the change watcher may use it from different threads. The SSH session is
// used by one thread at a time; while one waits for the server, the others are answered from what
// is known: blocks in memory or on disk, the counters, and the file's state as last seen.
#include "popscope/remote/remote_address.hpp"
#include "popscope/remote/remote_settings.hpp"

#include <atomic>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace popscope::remote {

class SshConnection;
class DiskBlockCache;
class MemoryCache;
struct OpenSession;
struct BlockCopy;
// Sessions dropped while a lock is held, to be closed once it is released.
using ClosingSessions = std::vector<std::unique_ptr<OpenSession>>;

struct RemoteFileState {
    bool exists = false;
    uint64_t size = 0;
    int64_t modified = 0; // seconds since the epoch
};

struct TransferCounters {
    uint64_t bytesRead = 0; // asked of the server
    uint64_t requests = 0; // SFTP read requests sent
    uint64_t roundTrips = 0; // reads that had to ask the server and wait (read-ahead hits excluded)
    uint64_t cacheHits = 0; // block reads served from memory
    uint64_t diskHits = 0; // blocks read from the disk cache instead of the server
};

class SftpFile {
public:
    // Connects (see SshConnection), opens the file read-only and records its size and time.
    // Throws RemoteError. With settings.openFromCache and the last version read on disk, that
    // version is opened without connecting (fromCache()); its first block not on disk connects and
    // fails when the file on the server is another by then.
    static std::shared_ptr<SftpFile> open(const RemoteAddress& address, const RemoteSettings& settings);
    // The file already open at this address, if any (the Execution Trace and exports open the
    // profile again: one connection, one cache, one question to the user), else open().
    static std::shared_ptr<SftpFile> openShared(const RemoteAddress& address, const RemoteSettings& settings);
    ~SftpFile();
    SftpFile(const SftpFile&) = delete;
    SftpFile& operator=(const SftpFile&) = delete;

    const RemoteAddress& address() const { return m_address; }
    std::string displayName() const { return m_address.toString(); }
    uint64_t size() const { return m_opened.size; }
    int64_t modified() const { return m_opened.modified; }

    // Copies up to `length` bytes at `offset`; fewer only at the end of the file. Throws
    // RemoteError(ConnectionLost) when the server is gone; the next call connects again. Blocks in
    // memory or on disk are copied at once; one needed from the server waits for the session while
    // another thread uses it: until that thread's reply or its deadline, or this thread's Cancel.
    size_t read(void* out, size_t length, uint64_t offset);
    // The file as the server sees it now (for the file-changed bar). Never connects, except once
    // for a file opened from the cache and not yet checked: check() then connects (which may ask
    // the user) and tells whether the server still has the version opened. While another thread
    // waits for the server on the session, both answer at once with the state last seen (a stat's,
    // a connection's, or the version opened): the bar keeps what it shows until the next poll.
    RemoteFileState statNow();
    RemoteFileState check();
    bool fromCache() const { return m_fromCache; } // opened from the disk cache, without the server
    bool connected() const;
    // The server has another version than the one opened (seen by check() or a reconnect).
    bool outdated() const;
    TransferCounters counters() const;

    static constexpr uint64_t kBlockSize = 64 * 1024;
    // The largest file a server may claim (reports are at most a few GiB): a larger size is refused
    // before anything is sized by it.
    static constexpr uint64_t kMaxFileBytes = uint64_t(1) << 40;

private:
    SftpFile(const RemoteAddress& address, const RemoteSettings& settings);
    static std::shared_ptr<SftpFile> openCached(const RemoteAddress& address, const RemoteSettings& settings);
    void connect(); // for open(), before the file is shared
    // With the session: it becomes this file's, unless another thread connected meanwhile; fails
    // when the file is no longer the version opened.
    void install(std::unique_ptr<OpenSession> session);
    void adopt(OpenSession& session); // its connection and file become this file's
    void openDiskCache(); // the disk cache's entry of m_opened
    void markOutdated(const RemoteFileState& now);
    RemoteFileState statLocked();
    // Drops the connection. Its close waits for the server, so it happens when the Locked that
    // holds the session is gone (or with the file).
    void disconnect();
    class Locked; // the session; what disconnect() dropped meanwhile is closed once it is released
    struct PendingRead {
        uint64_t block;
        uint32_t id; // the SFTP request
        uint32_t at = 0; // where in the block it starts: past 0 after a short reply
    };
    // Copies the read's blocks from memory, bringing in those missing from disk, or with the
    // session held also from the server. False when a block needs the server and it is not to be
    // asked, or there is no connection.
    enum class Fetch { FromDiskOnly, OrFromServer };
    bool copyBlocks(BlockCopy& read, Fetch fetch);
    bool fromDisk(uint64_t index);
    bool fromServer(uint64_t index); // with the session; false when there is no connection

    // Takes the oldest reply in flight: the block it completes, or nothing when it was short and
    // the rest of the block is asked for again.
    std::optional<uint64_t> takeNextReply();
    bool isPending(uint64_t index) const;
    void request(uint64_t index, uint32_t at = 0);
    void readAhead(uint64_t index);
    std::vector<uint8_t> complete(const PendingRead& read);
    // Refuses a file whose SQLite header gives another size than the server claimed.
    void checkHeaderAgrees(const std::vector<uint8_t>& first);
    uint64_t blockLength(uint64_t index) const;
    [[noreturn]] void lost(const std::string& what);

    RemoteAddress m_address;
    RemoteSettings m_settings;
    std::string m_cacheName; // user@host:port/path as the ssh config resolves the address
    RemoteFileState m_opened; // set before the file is shared
    bool m_fromCache = false;

    // Lock order: the session (m_session) before a cache's lock, never the reverse. MemoryCache and
    // DiskBlockCache lock only inside their own calls, for memory or file work: never around a wait
    // for the server, nor around each other.
    std::timed_mutex m_session; // the libssh session is used by one thread at a time
    ClosingSessions m_closing; // dropped with the session, closed after it is released
    std::unique_ptr<SshConnection> m_connection;
    void* m_sftp = nullptr; // sftp_session, kept out of this header
    void* m_file = nullptr; // sftp_file
    std::deque<PendingRead> m_pending; // in the order they were asked for
    std::unordered_map<uint64_t, std::vector<uint8_t>> m_partial; // blocks whose reply was short
    uint64_t m_lastMiss = UINT64_MAX;
    uint64_t m_readAhead = 0; // blocks asked ahead, doubling while the reads run in sequence

    std::unique_ptr<DiskBlockCache> m_disk; // with diskCache; set before the file is shared

    const std::unique_ptr<MemoryCache> m_memory; // blocks, counters, the state last seen: own lock
    std::atomic<bool> m_connected = false; // m_connection is set, for asking without the session
    std::atomic<bool> m_unchecked = false; // opened from the cache; check() has not asked the server yet
};

} // namespace popscope::remote
