#pragma once
// A large array written once and then only read, kept in an unnamed file that is mapped read-only
// (a "spill file"), so that the kernel's page cache holds it rather than the process's heap. The
// pages a reader touches are in the process's memory until spill::releaseResidentPages() hands
// them back; the next read maps them again from the page cache, or from the disk under pressure.
// The window reads a gigabyte report's 1.4 M variable names and tiles this way: they are read in
// full a few times (a sort, a comparison) and otherwise a screenful at a time, as PopVision reads
// its database. Spilling is off until the program names a folder on a disk (the window does; the
// command line and the Python module keep arrays in memory), and an array too small to matter, a
// folder not on a local disk (tmpfs, a network file system), or a failed write keeps the array in
// memory as before.
#include <cassert>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace popscope {

namespace spill {

// Spill arrays of at least `minBytes` into unnamed files in `directory` (created if missing);
// an empty directory turns spilling off. Returns false, and spilling off, when the folder cannot
// be created or is not on a local disk file system (ext4, XFS, Btrfs, F2FS, ZFS, bcachefs, or a
// container's overlay); the folder is then not made.
bool setDirectory(const std::string& directory, size_t minBytes = size_t(1) << 20);
bool enabled();
// Lets go of every spilled page the process has touched (madvise); the arrays stay valid.
// Returns the bytes of mappings advised.
uint64_t releaseResidentPages();
// releaseResidentPages() on a thread of its own until stopTrimming(): every `period`, and sooner
// when the process's resident file pages (residentFileBytes()) grew by `growthBytes` since the last
// release, looked at every 1 ms while they change or spill files are made and every `period` once
// all is still. A scan of a spilled array (a sort, a join, a tree of every name) then holds about
// `growthBytes` of it, not the whole array: a join reads two reports' 1.4 M names in a few tens of
// milliseconds, faster than any fixed period. Pages still in use are mapped again at their next
// read (a minor fault: the page cache holds them). A scan that starts after a still second may map
// a period's worth before the first look.
void startTrimming(std::chrono::milliseconds period, size_t growthBytes = size_t(16) << 20);
void stopTrimming();
// The bytes spilled and still mapped (a bench and the tests read it).
uint64_t mappedBytes();
// The process's resident pages backed by files (spill files, the program's libraries) or shared
// memory (a window's buffers), from /proc/self/statm; 0 where it cannot be read.
uint64_t residentFileBytes();
// How many times the trimmer let go of the spilled pages (the tests read it).
uint64_t trimmerReleases();

// A scan that reads spilled arrays faster than the trimmer looks paces itself: a sequential read
// maps about 13 MiB a millisecond from the page cache, so liveness's names at the peak took 55 MiB
// of two reports' names between two of the trimmer's looks. Every `interval` steps it
// reads statm (a few microseconds) and lets go of the spilled pages once the process's resident
// file pages grew by the trimmer's growthBytes. Nothing while the trimmer is off (the command line).
class ScanPacer {
public:
    explicit ScanPacer(size_t interval = 4096);
    void step()
    {
        if (++m_steps >= m_interval)
            look();
    }
    // How many times it let go (the tests read it).
    size_t releases() const { return m_releases; }

private:
    void look();
    size_t m_interval;
    size_t m_steps = 0;
    size_t m_growth; // 0: the trimmer is off
    uint64_t m_base;
    size_t m_releases = 0;
};

// One spilled array's mapping; unmapped when the last SpilledArray holding it goes.
class Mapping {
public:
    Mapping(const void* address, size_t bytes);
    ~Mapping();
    Mapping(const Mapping&) = delete;
    Mapping& operator=(const Mapping&) = delete;
    const void* data() const { return m_address; }
    size_t bytes() const { return m_bytes; }

private:
    const void* m_address;
    size_t m_bytes;
};

// The bytes in a new spill file, mapped; null when spilling is off, the bytes are fewer than the
// minimum, or the file could not be written (the caller keeps its copy).
std::shared_ptr<const Mapping> write(const void* data, size_t bytes);

// A spill file written as it grows, through a small buffer.
class Writer {
public:
    // Null when spilling is off or no file can be made.
    static std::unique_ptr<Writer> open();
    ~Writer();
    Writer(const Writer&) = delete;
    Writer& operator=(const Writer&) = delete;
    // False once a write failed (readBack() then returns what was appended).
    bool append(const void* data, size_t bytes);
    // The bytes appended, mapped; null if a write failed.
    std::shared_ptr<const Mapping> finish();
    // Every byte appended, back into memory (when a write failed): false if even that fails.
    bool readBack(void* out, size_t bytes);
    // The minimum spilled (spill::setDirectory).
    static size_t minBytes();

private:
    explicit Writer(int fd);
    bool flush();
    int m_fd;
    std::vector<char> m_buffer;
    size_t m_written = 0;
    bool m_failed = false;
};

} // namespace spill

// Built as a std::vector (values()), then spill() moves it into a spill file when spilling is on.
// Reading is the same either way; values() must not be called after spill(). An array built by
// push_back()/append() alone can streamWhileBuilding(): past the minimum it goes straight into its
// spill file, so building a large array never holds it in memory (only size() reads it then).
template <typename T> class SpilledArray {
    static_assert(std::is_trivially_copyable_v<T>, "a spill file holds the values' bytes");

public:
    SpilledArray() = default;
    SpilledArray(std::vector<T> values) // NOLINT: a vector is an array not yet spilled
        : m_values(std::move(values))
    {
    }
    // A copy shares the spill file (it is never written again); an array still streaming is not
    // copied.
    SpilledArray(const SpilledArray& other)
        : m_values((assert(!other.m_writer), other.m_values))
        , m_mapping(other.m_mapping)
        , m_spilled(other.m_spilled)
    {
    }
    SpilledArray& operator=(const SpilledArray& other)
    {
        if (this != &other)
            *this = SpilledArray(other);
        return *this;
    }
    SpilledArray(SpilledArray&&) noexcept = default;
    SpilledArray& operator=(SpilledArray&&) noexcept = default;
    ~SpilledArray() = default;

    std::vector<T>& values()
    {
        assert(!m_mapping && !m_writer); // building, and not by streaming
        return m_values;
    }
    void streamWhileBuilding() { m_streamFrom = spill::enabled() ? spill::Writer::minBytes() : 0; }
    bool isStreaming() const { return m_writer != nullptr; }
    void push_back(const T& value) { append(&value, 1); }
    void append(const T* values, size_t count)
    {
        if (m_writer) {
            if (!m_writer->append(values, count * sizeof(T)))
                stopStreaming();
            else {
                m_streamed += count;
                return;
            }
        }
        m_values.insert(m_values.end(), values, values + count);
        if (m_streamFrom != 0 && m_values.size() * sizeof(T) >= m_streamFrom)
            startStreaming();
    }
    // Into a spill file (the vector's memory freed), or kept in the vector: at its size, unless
    // `shrinkIfKept` is false (a copy at its final size would double a large array for a moment).
    void spill(bool shrinkIfKept = true)
    {
        if (m_mapping)
            return;
        if (m_writer) {
            if (auto mapping = m_writer->finish()) {
                m_mapping = std::move(mapping);
                m_spilled = { static_cast<const T*>(m_mapping->data()), m_streamed };
                m_writer.reset();
                return;
            }
            stopStreaming();
        }
        if (auto mapping = spill::write(m_values.data(), m_values.size() * sizeof(T))) {
            m_mapping = std::move(mapping);
            m_spilled = { static_cast<const T*>(m_mapping->data()), m_values.size() };
            std::vector<T>().swap(m_values); // `= {}` would assign no values and keep the memory
        } else if (shrinkIfKept) {
            m_values.shrink_to_fit();
        }
    }
    bool isSpilled() const { return m_mapping != nullptr; }

    // Not while streaming: the values are in the file, not yet mapped (size() is known).
    std::span<const T> span() const
    {
        assert(!m_writer);
        return m_mapping ? m_spilled : std::span<const T>(m_values);
    }
    size_t size() const { return m_writer ? m_streamed : span().size(); }
    bool empty() const { return size() == 0; }
    const T* data() const { return span().data(); }
    const T& operator[](size_t index) const { return span()[index]; }
    const T& front() const { return span().front(); }
    const T& back() const { return span().back(); }
    const T* begin() const { return data(); }
    const T* end() const { return data() + size(); }

private:
    void startStreaming()
    {
        m_streamFrom = 0;
        auto writer = spill::Writer::open();
        if (!writer || !writer->append(m_values.data(), m_values.size() * sizeof(T)))
            return;
        m_streamed = m_values.size();
        std::vector<T>().swap(m_values);
        m_writer = std::move(writer);
    }
    // A write failed: what was written comes back into memory (or the array is lost: bad_alloc).
    void stopStreaming()
    {
        std::vector<T> values(m_streamed);
        if (!m_writer->readBack(values.data(), m_streamed * sizeof(T)))
            throw std::runtime_error("a spill file could not be written nor read back");
        m_values = std::move(values);
        m_writer.reset();
        m_streamed = 0;
    }

    std::vector<T> m_values;
    std::unique_ptr<spill::Writer> m_writer; // while streaming
    size_t m_streamed = 0;
    size_t m_streamFrom = 0; // bytes from which append() streams; 0: never
    std::shared_ptr<const spill::Mapping> m_mapping;
    std::span<const T> m_spilled;
};

} // namespace popscope
