#include "popscope/remote/sftp_file.hpp"

#include "disk_block_cache.hpp"
#include "memory_cache.hpp"
#include "open_session.hpp"
#include "popscope/remote/remote_error.hpp"
#include "ssh_connection.hpp"

#include <libssh/sftp.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <pwd.h>
#include <unistd.h>
#include <utility>

namespace popscope::remote {

namespace {

constexpr uint64_t kMaxReadAhead = 16; // 1 MiB in flight

sftp_session asSftp(void* p)
{
    return static_cast<sftp_session>(p);
}
sftp_file asFile(void* p)
{
    return static_cast<sftp_file>(p);
}

// The file's name in the disk cache: the user, host and port the ssh config resolves the address
// to, so "gpu1:/r.pop" and "me@gpu1.lab:22/r.pop" share their blocks, and an alias moved to another
// host does not serve the old host's blocks.
std::string resolvedName(const RemoteAddress& address, const RemoteSettings& settings)
{
    const std::string home = homeFolder(settings);
    const SshHostConfig config
        = readSshConfig({ home + "/.ssh/config", settings.systemConfig }, address.host, home);
    const passwd* me = getpwuid(getuid());
    const std::string user = !address.user.empty() ? address.user
        : !config.user.empty()                     ? config.user
                                                   : (me && me->pw_name ? me->pw_name : "root");
    const int port = address.port ? address.port : config.port ? config.port : 22;
    return user + "@" + config.hostName + ":" + std::to_string(port) + address.path;
}

bool sameVersion(const RemoteFileState& a, const RemoteFileState& b)
{
    return a.size == b.size && a.modified == b.modified;
}

} // namespace

// The session, held while a thread uses it (libssh is not thread-safe per session). Closing a
// dropped connection waits for the server's answer (up to the timeout), so it happens once the
// session is released: the file stays usable by other threads meanwhile.
class SftpFile::Locked {
public:
    // Waits for the session's turn: until the thread using it has its reply or its deadline
    // passes, or until this thread's Cancel.
    explicit Locked(SftpFile& file)
        : m_file(file)
        , m_lock(file.m_session, std::defer_lock)
    {
        while (!m_lock.try_lock_for(std::chrono::milliseconds(50)))
            if (cancelRequested())
                throw RemoteError(
                    RemoteFailure::Cancelled, file.m_address.toString() + ": reading was cancelled");
    }
    // For those who answer from what is known when another thread is using the session.
    Locked(SftpFile& file, std::try_to_lock_t)
        : m_file(file)
        , m_lock(file.m_session, std::try_to_lock)
    {
    }
    ~Locked()
    {
        if (!m_lock.owns_lock())
            return;
        ClosingSessions closing = std::move(m_file.m_closing);
        m_file.m_closing.clear();
        m_lock.unlock();
        closing.clear(); // each OpenSession closes its file under the reply deadline
    }
    Locked(const Locked&) = delete;
    Locked& operator=(const Locked&) = delete;
    bool owns() const { return m_lock.owns_lock(); }

private:
    SftpFile& m_file;
    std::unique_lock<std::timed_mutex> m_lock;
};

std::shared_ptr<SftpFile> SftpFile::open(const RemoteAddress& address, const RemoteSettings& settings)
{
    if (auto cached = openCached(address, settings))
        return cached;
    std::shared_ptr<SftpFile> file(new SftpFile(address, settings));
    file->connect();
    return file;
}

std::shared_ptr<SftpFile> SftpFile::openCached(const RemoteAddress& address, const RemoteSettings& settings)
{
    if (!settings.openFromCache || !settings.diskCache)
        return nullptr;
    const std::string folder = cacheFolder(settings), name = resolvedName(address, settings);
    const auto version = DiskBlockCache::lastVersion(folder, name);
    if (!version || version->size > kMaxFileBytes)
        return nullptr;
    std::shared_ptr<SftpFile> file(new SftpFile(address, settings));
    file->m_opened = { true, version->size, version->modified };
    file->m_memory->seen(file->m_opened);
    file->openDiskCache();
    file->m_fromCache = file->m_unchecked = true;
    return file;
}

std::shared_ptr<SftpFile> SftpFile::openShared(const RemoteAddress& address, const RemoteSettings& settings)
{
    static std::mutex mutex;
    static std::map<std::string, std::weak_ptr<SftpFile>> files;
    std::shared_ptr<SftpFile> open;
    {
        std::lock_guard lock(mutex);
        open = files[address.toString()].lock();
    }
    // Reuse it only while it is the file on the server (a Reload after a change gets a new one).
    // One opened from the cache and not connected yet is checked when it connects.
    if (open && open->fromCache() && !open->connected() && !open->outdated())
        return open;
    if (open) {
        try {
            const RemoteFileState now = open->statNow();
            if (now.exists && now.size == open->size() && now.modified == open->modified())
                return open;
        } catch (const RemoteError&) {
            // Unreachable now: a new connection says why.
        }
    }
    auto file = SftpFile::open(address, settings); // not under the lock: it may ask the user
    std::lock_guard lock(mutex);
    files[address.toString()] = file;
    return file;
}

SftpFile::SftpFile(const RemoteAddress& address, const RemoteSettings& settings)
    : m_address(address)
    , m_settings(settings)
    , m_cacheName(resolvedName(address, settings))
    , m_memory(std::make_unique<MemoryCache>(kBlockSize))
{
}

SftpFile::~SftpFile()
{
    disconnect();
}

void SftpFile::connect()
{
    install(openSession(m_address, m_settings, m_closing));
}

void SftpFile::install(std::unique_ptr<OpenSession> session)
{
    if (m_connection) {
        m_closing.push_back(std::move(session)); // another thread connected meanwhile
        return;
    }
    const RemoteFileState now = session->state;
    if (m_opened.exists && !sameVersion(now, m_opened)) {
        markOutdated(now);
        const std::string label = session->connection->label();
        m_closing.push_back(std::move(session)); // closed once the session is released
        throw RemoteError(RemoteFailure::ConnectionLost,
            label + ":" + m_address.path
                + ": the file changed on the server since it was opened; open it again");
    }
    adopt(*session);
    // m_opened and m_disk are set by open()'s first connection, before the file is shared: other
    // threads read them without a lock.
    if (!m_opened.exists)
        m_opened = now;
    if (!m_settings.diskCache)
        return;
    if (!m_disk)
        openDiskCache();
    DiskBlockCache::rememberVersion(cacheFolder(m_settings), m_cacheName, now.size, now.modified);
}

void SftpFile::openDiskCache()
{
    // The entry of the version opened: a changed file never meets its old blocks.
    m_disk = std::make_unique<DiskBlockCache>(cacheFolder(m_settings),
        DiskBlockCache::keyOf(m_cacheName, m_opened.size, m_opened.modified), m_opened.size, kBlockSize);
}

void SftpFile::disconnect()
{
    m_pending.clear();
    m_partial.clear();
    if (!m_connection)
        return;
    m_connected = false;
    m_connection->stopKeepAlive(); // closed once the session is released, when no keepalive may use it
    auto dropped = std::make_unique<OpenSession>();
    dropped->connection = std::move(m_connection);
    dropped->sftp = asSftp(std::exchange(m_sftp, nullptr));
    dropped->file = asFile(std::exchange(m_file, nullptr));
    m_closing.push_back(std::move(dropped));
}

void SftpFile::lost(const std::string& what)
{
    const std::string label = m_connection ? m_connection->label() : m_address.toString();
    const std::string why = m_connection ? ssh_get_error(m_connection->session()) : "";
    std::optional<RemoteError> ended = m_connection ? m_connection->watchdogError(what) : std::nullopt;
    disconnect(); // the next read connects again (Retry)
    if (ended)
        throw *ended;
    throw RemoteError(RemoteFailure::ConnectionLost,
        label + ": the connection was lost while " + what + (why.empty() ? "" : " (" + why + ")"));
}

uint64_t SftpFile::blockLength(uint64_t index) const
{
    const uint64_t start = index * kBlockSize;
    return start >= m_opened.size ? 0 : std::min(kBlockSize, m_opened.size - start);
}

size_t SftpFile::read(void* out, size_t length, uint64_t offset)
{
    BlockCopy read { static_cast<uint8_t*>(out), length, offset, m_opened.size };
    // No network needed: not held up by another thread's wait for the server.
    if (copyBlocks(read, Fetch::FromDiskOnly))
        return read.copied;
    ClosingSessions closing; // a session refused while opening: closed on the way out, with no lock held
    std::unique_ptr<OpenSession> fresh;
    while (true) {
        {
            // A block from the server waits for the session's turn; one the other user brings in
            // meanwhile is then found in memory.
            const Locked session(*this);
            if (fresh)
                install(std::move(fresh));
            if (copyBlocks(read, Fetch::OrFromServer))
                return read.copied;
        }
        // The first block not on disk, or the first read after a lost connection: the handshake,
        // and any question it asks the user, happen without the session held.
        fresh = openSession(m_address, m_settings, closing);
    }
}

bool SftpFile::copyBlocks(BlockCopy& read, Fetch fetch)
{
    while (const auto missing = m_memory->copy(read)) {
        if (!fromDisk(*missing) && !(fetch == Fetch::OrFromServer && fromServer(*missing)))
            return false; // the server is needed but not asked, or there is no connection
        read.fetched = *missing;
    }
    return true;
}

bool SftpFile::fromDisk(uint64_t index)
{
    std::vector<uint8_t> bytes;
    if (!m_disk || !m_disk->read(index, blockLength(index), bytes))
        return false;
    m_memory->count(&TransferCounters::diskHits); // no read-ahead: it would ask the server for more
    m_memory->store(index, std::move(bytes));
    return true;
}

bool SftpFile::fromServer(uint64_t index)
{
    if (m_connection && m_connection->silent())
        disconnect(); // its keepalive went unanswered while idle: a new connection, not a wait
    if (!m_connection)
        return false; // read() connects without the session held
    // Reads in sequence (SQLite scanning a table) widen the read-ahead; a jump resets it.
    m_readAhead = index == m_lastMiss + 1 ? std::clamp<uint64_t>(m_readAhead * 2, 2, kMaxReadAhead) : 0;
    m_lastMiss = index;
    if (!isPending(index)) {
        request(index);
        m_memory->count(&TransferCounters::roundTrips); // not asked for before: one full wait
    }
    readAhead(index); // sent before the wait, so they travel with it
    // libssh 0.10 reads the next packet before looking in its queue, so a reply already queued
    // would never be found: the answers are taken in the order they were asked for.
    while (takeNextReply() != index) { }
    return true;
}

std::optional<uint64_t> SftpFile::takeNextReply()
{
    const PendingRead next = m_pending.front();
    m_pending.pop_front();
    std::vector<uint8_t> bytes = complete(next);
    const bool endOfFile = bytes.empty();
    if (next.at > 0) {
        std::vector<uint8_t> start = std::move(m_partial.at(next.block));
        m_partial.erase(next.block);
        start.insert(start.end(), bytes.begin(), bytes.end());
        bytes = std::move(start);
    }
    // A server may answer with fewer bytes than asked (SFTP allows it): the rest is asked for again.
    if (!endOfFile && bytes.size() < blockLength(next.block)) {
        const auto at = uint32_t(bytes.size());
        m_partial[next.block] = std::move(bytes);
        request(next.block, at);
        return std::nullopt;
    }
    if (next.block == 0)
        checkHeaderAgrees(bytes);
    if (m_disk && bytes.size() == blockLength(next.block))
        m_disk->write(next.block, bytes);
    m_memory->store(next.block, std::move(bytes)); // shorter only when the file shrank on the server
    return next.block;
}

void SftpFile::checkHeaderAgrees(const std::vector<uint8_t>& first)
{
    // SQLite's header: the page size at 16 (1 means 65,536), the page count at 28, valid when the
    // "version valid for" number at 92 equals the change counter at 24 (sqlite.org/fileformat2.html).
    if (first.size() < 100 || std::memcmp(first.data(), "SQLite format 3", 16) != 0)
        return; // not a database: the reader above says so, naming the file
    const auto be32 = [&first](size_t at) {
        return uint32_t(first[at]) << 24 | uint32_t(first[at + 1]) << 16 | uint32_t(first[at + 2]) << 8
            | uint32_t(first[at + 3]);
    };
    const uint32_t pageSize
        = (uint32_t(first[16]) << 8 | first[17]) == 1 ? 65536 : uint32_t(first[16]) << 8 | first[17];
    if (be32(92) != be32(24) || be32(28) == 0)
        return;
    const uint64_t headerBytes = uint64_t(pageSize) * be32(28);
    if (headerBytes == m_opened.size)
        return;
    const std::string label = m_connection ? m_connection->label() : m_address.toString();
    disconnect();
    throw RemoteError(RemoteFailure::ImplausibleReply,
        label + ":" + m_address.path + ": the server claims " + std::to_string(m_opened.size)
            + " bytes, but the file's SQLite header says " + std::to_string(be32(28)) + " pages of "
            + std::to_string(pageSize) + " bytes (" + std::to_string(headerBytes) + "): refused");
}

bool SftpFile::isPending(uint64_t index) const
{
    return std::any_of(
        m_pending.begin(), m_pending.end(), [index](const PendingRead& read) { return read.block == index; });
}

void SftpFile::request(uint64_t index, uint32_t at)
{
    sftp_seek64(asFile(m_file), index * kBlockSize + at);
    const int id = sftp_async_read_begin(asFile(m_file), uint32_t(blockLength(index) - at));
    if (id < 0)
        lost("asking for data");
    m_pending.push_back({ index, uint32_t(id), at });
    m_memory->count(&TransferCounters::requests);
    m_memory->count(&TransferCounters::bytesRead, blockLength(index) - at);
}

void SftpFile::readAhead(uint64_t index)
{
    for (uint64_t next = index + 1; next <= index + m_readAhead && blockLength(next) > 0; ++next)
        if (!m_memory->has(next) && !isPending(next) && !(m_disk && m_disk->has(next)))
            request(next);
}

std::vector<uint8_t> SftpFile::complete(const PendingRead& read)
{
    std::vector<uint8_t> bytes(blockLength(read.block) - read.at);
    const auto watched = m_connection->watchReply();
    const int got = sftp_async_read(asFile(m_file), bytes.data(), uint32_t(bytes.size()), read.id);
    if (got < 0)
        lost("reading");
    bytes.resize(size_t(got));
    return bytes;
}

// The change check never queues behind another thread's wait for the server (a read of a block
// the server is slow to send): it answers with the state last seen, which the bar already shows,
// and the next poll asks the server.
RemoteFileState SftpFile::statNow()
{
    const Locked session(*this, std::try_to_lock);
    return session.owns() ? statLocked() : m_memory->lastSeen();
}

RemoteFileState SftpFile::check()
{
    ClosingSessions closing; // a session refused while opening: closed on the way out, with no lock held
    {
        const Locked session(*this, std::try_to_lock);
        if (!session.owns())
            return m_memory->lastSeen(); // a file from the cache is first checked at a later poll
        // Asked once: a declined passphrase is not asked for again every poll.
        if (!(m_unchecked.exchange(false) && !m_connection))
            return statLocked();
    }
    // Connected without the session held: the pages go on reading blocks from disk meanwhile.
    std::unique_ptr<OpenSession> session;
    try {
        session = openSession(m_address, m_settings, closing);
    } catch (const RemoteError& error) {
        // The server not there yet (reopened offline): asked again at the next poll.
        if (error.failure() == RemoteFailure::Unreachable || error.failure() == RemoteFailure::ConnectionLost)
            m_unchecked = true;
        throw;
    }
    const RemoteFileState state = session->state;
    if (!sameVersion(state, m_opened))
        markOutdated(state); // another version: the bar says so; its blocks are never read into this
    else if (const Locked use(*this, std::try_to_lock); use.owns() && !m_connection)
        adopt(*session); // the version opened: its next missing block needs no handshake
    else
        m_memory->seen(state);
    session.reset(); // a session not adopted is closed without a lock: the close waits for the server
    return state;
}

void SftpFile::markOutdated(const RemoteFileState& now)
{
    m_memory->seen(now);
    m_memory->markOutdated();
    // Opening the address again (Reload) must ask the server, not reopen this version from disk.
    if (m_settings.diskCache)
        DiskBlockCache::forgetVersion(cacheFolder(m_settings), m_cacheName);
}

bool SftpFile::outdated() const
{
    return m_memory->outdated();
}

void SftpFile::adopt(OpenSession& session)
{
    disconnect();
    m_connection = std::move(session.connection);
    m_sftp = std::exchange(session.sftp, nullptr);
    m_file = std::exchange(session.file, nullptr);
    m_memory->seen(session.state);
    m_connected = true;
    m_connection->keepAlive(m_session);
}

RemoteFileState SftpFile::statLocked()
{
    if (m_connection && m_connection->silent())
        disconnect();
    if (!m_connection) // never connects (the watcher's poll would ask for passwords every 2 s)
        throw RemoteError(RemoteFailure::ConnectionLost, m_address.toString() + ": not connected");
    // A synchronous request would take the replies of the reads still in flight off the wire, and
    // libssh 0.10 would then wait for them for ever: take them first (into the cache).
    while (!m_pending.empty())
        takeNextReply();
    sftp_attributes attributes = nullptr;
    {
        const auto watched = m_connection->watchReply();
        attributes = sftp_stat(asSftp(m_sftp), m_address.path.c_str());
    }
    if (!attributes) {
        if (sftp_get_error(asSftp(m_sftp)) != SSH_FX_NO_SUCH_FILE)
            lost("checking the file");
        m_memory->seen({});
        return {};
    }
    const RemoteFileState state { true, attributes->size, int64_t(attributes->mtime) };
    sftp_attributes_free(attributes);
    m_memory->seen(state);
    return state;
}

bool SftpFile::connected() const
{
    return m_connected;
}

TransferCounters SftpFile::counters() const
{
    return m_memory->counters();
}

} // namespace popscope::remote
