// Spill files: unnamed (O_TMPFILE, else created and unlinked at once), so nothing is left behind
// when the process ends, however it ends.
#include "popscope/spilled_array.hpp"

#include <fcntl.h>
#include <linux/magic.h>
#include <sys/mman.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <set>
#include <thread>

namespace popscope::spill {

namespace {

struct SpillState {
    std::mutex mutex;
    std::string directory;
    size_t minBytes = 0;
    std::set<const Mapping*> mappings;
    std::mutex trimmerControl; // startTrimming and stopTrimming, one at a time
    std::thread trimmer;
    std::shared_ptr<bool> stopTrimmer; // the running trimmer's own flag, under `mutex`
    std::condition_variable wakeTrimmer;
    uint64_t activity = 0; // counts spill files mapped and releases asked for: the trimmer looks often
    uint64_t trimmerReleases = 0;
    size_t trimmerGrowth = 0; // the running trimmer's growthBytes; 0 when it is off
};

// Never destroyed: a mapping held by a static object may outlive any order of static destruction.
SpillState& state()
{
    static auto* instance = new SpillState;
    return *instance;
}

// Spill files go only where pages handed back are read again from a local disk: not RAM (tmpfs,
// ramfs: no memory saved), nor a network (every page read again would cross it).
bool onLocalDisk(const std::string& directory)
{
    struct statfs info { };
    if (statfs(directory.c_str(), &info) != 0)
        return false;
    constexpr unsigned long kZfsMagic = 0x2fc12fc1, kBcachefsMagic = 0xca451a4e;
    switch (static_cast<unsigned long>(info.f_type)) {
    case EXT4_SUPER_MAGIC: // ext2, ext3, ext4
    case XFS_SUPER_MAGIC:
    case BTRFS_SUPER_MAGIC:
    case F2FS_SUPER_MAGIC:
    case OVERLAYFS_SUPER_MAGIC: // a container's disk
    case kZfsMagic:
    case kBcachefsMagic:
        return true;
    default:
        return false;
    }
}

// The folder itself, or its nearest existing parent (the folder is made only where it will be used).
std::string existingAncestor(std::filesystem::path path)
{
    std::error_code error;
    while (!path.empty() && !std::filesystem::exists(path, error) && path != path.parent_path())
        path = path.parent_path();
    return path.empty() ? std::string(".") : path.string();
}

int openUnnamedFile(const std::string& directory)
{
    const int fd = open(directory.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL))
        return fd;
    std::string path = directory + "/spill-XXXXXX";
    const int named = mkostemp(path.data(), O_CLOEXEC);
    if (named >= 0)
        unlink(path.c_str());
    return named;
}

bool writeAll(int fd, const void* data, size_t bytes)
{
    const auto* p = static_cast<const char*>(data);
    while (bytes > 0) {
        const ssize_t written = ::write(fd, p, bytes);
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0)
            return false;
        p += written;
        bytes -= size_t(written);
    }
    return true;
}

} // namespace

bool setDirectory(const std::string& directory, size_t minBytes)
{
    SpillState& s = state();
    std::lock_guard lock(s.mutex);
    s.directory.clear();
    if (directory.empty())
        return false;
    if (!onLocalDisk(existingAncestor(directory)))
        return false;
    std::error_code error;
    std::filesystem::create_directories(directory, error);
    if (error || !onLocalDisk(directory))
        return false;
    s.directory = directory;
    s.minBytes = std::max<size_t>(minBytes, 1);
    return true;
}

bool enabled()
{
    SpillState& s = state();
    std::lock_guard lock(s.mutex);
    return !s.directory.empty();
}

namespace {

// With the state's mutex held: a mapping is not unmapped meanwhile (advising an address range
// that another allocation took since would drop that allocation's pages).
uint64_t adviseEveryMapping(const SpillState& s)
{
    uint64_t advised = 0;
    for (const Mapping* mapping : s.mappings)
        if (madvise(const_cast<void*>(mapping->data()), mapping->bytes(), MADV_DONTNEED) == 0)
            advised += mapping->bytes();
    return advised;
}

// With the state's mutex held: parts are being read or a page works; the trimmer looks often.
void markActivity(SpillState& s)
{
    ++s.activity;
    s.wakeTrimmer.notify_all();
}

} // namespace

uint64_t releaseResidentPages()
{
    SpillState& s = state();
    std::lock_guard lock(s.mutex);
    markActivity(s);
    return adviseEveryMapping(s);
}

namespace {

// With trimmerControl held.
void stopTrimmer(SpillState& s)
{
    {
        std::lock_guard lock(s.mutex);
        if (s.stopTrimmer)
            *s.stopTrimmer = true;
        s.stopTrimmer.reset();
        s.trimmerGrowth = 0;
    }
    s.wakeTrimmer.notify_all();
    if (s.trimmer.joinable())
        s.trimmer.join();
}

} // namespace

void startTrimming(std::chrono::milliseconds period, size_t growthBytes)
{
    SpillState& s = state();
    std::lock_guard control(s.trimmerControl);
    stopTrimmer(s);
    const auto stop = std::make_shared<bool>(false);
    {
        std::lock_guard lock(s.mutex);
        s.stopTrimmer = stop;
        s.trimmerGrowth = std::max<size_t>(growthBytes, 1);
    }
    s.trimmer = std::thread([&s, period, growthBytes, stop] {
        // statm costs a few microseconds. It is read every millisecond while spilled pages come and
        // go or spill files are made (a part read, a page's work), which keeps a fast scan to
        // about `growthBytes` plus what it maps in 1 ms, and every `period` once all has been still
        // for a second: an idle window wakes ten times a second, not a thousand. Every 5 ms let a
        // query at bench-huge's liveness peak map 15 MiB more between two looks (compared with
        // itself: 161 -> 176 MiB while What Changed compared).
        using Clock = std::chrono::steady_clock;
        const auto busyLook = std::min(period, std::chrono::milliseconds(1));
        uint64_t base = residentFileBytes(), last = base;
        auto released = Clock::now(), changed = released;
        std::unique_lock held(s.mutex);
        uint64_t activity = s.activity;
        for (;;) {
            const auto look = Clock::now() - changed < std::chrono::seconds(1) ? busyLook : period;
            if (s.wakeTrimmer.wait_for(held, look, [&] { return *stop || s.activity != activity; }) && *stop)
                break;
            held.unlock(); // statm is read without the lock that mappings and releases take
            const uint64_t resident = residentFileBytes();
            const auto now = Clock::now();
            held.lock();
            if (resident != last || s.activity != activity) {
                changed = now;
                last = resident;
                activity = s.activity;
            }
            base = std::min(base, resident); // a library unloaded, or a mapping's pages gone
            const bool grew = resident > base + growthBytes;
            const bool due = now - released >= period && resident > base;
            if (!grew && !due)
                continue;
            adviseEveryMapping(s);
            ++s.trimmerReleases;
            held.unlock();
            base = last = residentFileBytes();
            held.lock();
            released = now;
        }
    });
}

void stopTrimming()
{
    SpillState& s = state();
    std::lock_guard control(s.trimmerControl);
    stopTrimmer(s);
}

uint64_t trimmerReleases()
{
    SpillState& s = state();
    std::lock_guard lock(s.mutex);
    return s.trimmerReleases;
}

ScanPacer::ScanPacer(size_t interval)
    : m_interval(std::max<size_t>(interval, 1))
{
    SpillState& s = state();
    {
        std::lock_guard lock(s.mutex);
        m_growth = s.trimmerGrowth;
    }
    m_base = m_growth == 0 ? 0 : residentFileBytes();
}

void ScanPacer::look()
{
    m_steps = 0;
    if (m_growth == 0)
        return;
    const uint64_t resident = residentFileBytes();
    if (resident <= m_base + m_growth) {
        m_base = std::min(m_base, resident);
        return;
    }
    releaseResidentPages();
    ++m_releases;
    m_base = residentFileBytes();
}

uint64_t residentFileBytes()
{
    const int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    char text[256];
    const ssize_t length = read(fd, text, sizeof text - 1);
    close(fd);
    if (length <= 0)
        return 0;
    text[length] = '\0';
    // size resident shared ...: `shared` is the resident pages backed by a file (or shared memory).
    unsigned long long size = 0, resident = 0, shared = 0;
    if (std::sscanf(text, "%llu %llu %llu", &size, &resident, &shared) != 3)
        return 0;
    return uint64_t(shared) * uint64_t(sysconf(_SC_PAGESIZE));
}

uint64_t mappedBytes()
{
    SpillState& s = state();
    std::lock_guard lock(s.mutex);
    uint64_t bytes = 0;
    for (const Mapping* mapping : s.mappings)
        bytes += mapping->bytes();
    return bytes;
}

Mapping::Mapping(const void* address, size_t bytes)
    : m_address(address)
    , m_bytes(bytes)
{
    SpillState& s = state();
    std::lock_guard lock(s.mutex);
    s.mappings.insert(this);
    markActivity(s);
}

Mapping::~Mapping()
{
    {
        SpillState& s = state();
        std::lock_guard lock(s.mutex);
        s.mappings.erase(this);
    }
    munmap(const_cast<void*>(m_address), m_bytes);
}

namespace {

// A quarter of a MiB: a report's digest streams four arrays at once, two reports eight (1 MiB each took 8).
constexpr size_t kWriterBuffer = size_t(256) << 10;

std::string spillDirectory()
{
    SpillState& s = state();
    std::lock_guard lock(s.mutex);
    return s.directory;
}

std::shared_ptr<const Mapping> mapFile(int fd, size_t bytes)
{
    if (bytes == 0)
        return nullptr;
    void* address = mmap(nullptr, bytes, PROT_READ, MAP_SHARED, fd, 0);
    if (address == MAP_FAILED)
        return nullptr;
    try {
        return std::make_shared<const Mapping>(address, bytes);
    } catch (...) { // out of memory for the registry: the array stays in memory
        munmap(address, bytes);
        return nullptr;
    }
}

} // namespace

std::unique_ptr<Writer> Writer::open()
{
    const std::string directory = spillDirectory();
    if (directory.empty())
        return nullptr;
    const int fd = openUnnamedFile(directory);
    return fd < 0 ? nullptr : std::unique_ptr<Writer>(new Writer(fd));
}

Writer::Writer(int fd)
    : m_fd(fd)
{
    m_buffer.reserve(kWriterBuffer);
}

Writer::~Writer()
{
    close(m_fd); // a mapping made by finish() keeps the file
}

size_t Writer::minBytes()
{
    SpillState& s = state();
    std::lock_guard lock(s.mutex);
    return s.minBytes;
}

bool Writer::flush()
{
    // A failed write keeps the buffer: readBack() takes the file's first m_written bytes, then it.
    if (m_failed || !writeAll(m_fd, m_buffer.data(), m_buffer.size()))
        return !(m_failed = true);
    m_written += m_buffer.size();
    m_buffer.clear();
    return true;
}

bool Writer::append(const void* data, size_t bytes)
{
    if (m_failed)
        return false;
    const auto* p = static_cast<const char*>(data);
    if (m_buffer.size() + bytes > kWriterBuffer && !flush())
        return false;
    if (bytes >= kWriterBuffer) { // a large block goes straight to the file
        if (!writeAll(m_fd, p, bytes))
            return !(m_failed = true);
        m_written += bytes;
        return true;
    }
    m_buffer.insert(m_buffer.end(), p, p + bytes);
    return true;
}

std::shared_ptr<const Mapping> Writer::finish()
{
    if (!flush())
        return nullptr;
    return mapFile(m_fd, m_written);
}

bool Writer::readBack(void* out, size_t bytes)
{
    // What reached the file, then what is still in the buffer.
    const size_t inFile = std::min(bytes, m_written);
    auto* p = static_cast<char*>(out);
    size_t done = 0;
    while (done < inFile) {
        const ssize_t got = pread(m_fd, p + done, inFile - done, off_t(done));
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return false;
        done += size_t(got);
    }
    const size_t rest = bytes - inFile;
    if (rest > m_buffer.size())
        return false;
    std::copy_n(m_buffer.data(), rest, p + inFile);
    return true;
}

std::shared_ptr<const Mapping> write(const void* data, size_t bytes)
{
    std::string directory;
    {
        SpillState& s = state();
        std::lock_guard lock(s.mutex);
        if (s.directory.empty() || bytes < s.minBytes)
            return nullptr;
        directory = s.directory;
    }
    const int fd = openUnnamedFile(directory);
    if (fd < 0)
        return nullptr;
    std::shared_ptr<const Mapping> mapping = writeAll(fd, data, bytes) ? mapFile(fd, bytes) : nullptr;
    close(fd); // the mapping keeps the file
    return mapping;
}

} // namespace popscope::spill
