#pragma once
// PartReader: the checks every Profile::read* applies to a table's values (bounds, tile ids, packed
// per-tile lists, row numbering), shared by the files that read a profile's parts.
#include "packed_array.hpp"
#include "popscope/errors.hpp"
#include "popscope/profile.hpp"
#include "sqlite_database.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace popscope {

// Vectors are reserved for the table's row count up to this many rows (beyond it they grow as
// they are read), so a file that claims a huge table does not allocate before its rows are checked.
constexpr uint64_t kMaxReserve = uint64_t(1) << 22;

class PartReader {
public:
    PartReader(SqliteDatabase& db, const Target& target, const std::string& path)
        : m_db(db)
        , m_target(target)
        , m_path(path)
    {
    }

    [[noreturn]] void corrupt(const std::string& problem) const
    {
        throw ProfileError(ErrorKind::CorruptProfile, m_path, problem);
    }

    int64_t bounded(const Statement& s, int column, int64_t low, int64_t high, const char* what) const
    {
        int64_t v = s.getInt(column);
        if (v < low || v > high)
            outOfRange(v, low, high, what);
        return v;
    }
    // Not inlined: the message is the cold path of every bounded read, and GCC 12 inlining its
    // string concatenation at -O3 into the big readers warns falsely (-Warray-bounds).
    [[noreturn, gnu::noinline]] void outOfRange(int64_t v, int64_t low, int64_t high, const char* what) const
    {
        corrupt(std::string(what) + " is " + std::to_string(v) + ", outside " + std::to_string(low) + ".."
            + std::to_string(high));
    }
    uint32_t ipu(const Statement& s, int column, const char* what) const
    {
        return uint32_t(bounded(s, column, 0, int64_t(m_target.numIpus) - 1, what));
    }
    uint32_t tile(int64_t value, const char* what) const
    {
        if (value < 0 || uint64_t(value) >= m_target.numTiles())
            corrupt(std::string(what) + " names tile " + std::to_string(value) + " of "
                + std::to_string(m_target.numTiles()));
        return uint32_t(value);
    }
    std::vector<uint32_t> perTile(const Statement& s, int column, const char* what) const
    {
        auto values = packed::decode<uint32_t>(s.getBlob(column), m_target.tilesPerIpu);
        if (!values)
            corrupt(std::string(what) + " holds " + std::to_string(s.getBlob(column).size())
                + " bytes, expected 4 per tile (" + std::to_string(m_target.tilesPerIpu * 4ull) + ")");
        return std::move(*values);
    }
    // Rows must be numbered 0..n-1 in order: the document refers to them by position.
    void expectId(const Statement& s, size_t expected, const char* table) const
    {
        if (s.getInt(0) != int64_t(expected))
            corrupt(std::string("table '") + table + "' is not numbered 0..n-1 (row "
                + std::to_string(s.getInt(0)) + " where " + std::to_string(expected) + " was expected)");
    }
    template <typename Pair>
    std::vector<Pair> tilePairs(
        const Statement& s, int column, uint32_t Pair::*first, uint32_t Pair::*second, const char* what) const
    {
        auto pairs = packed::decodePairs<Pair>(s.getBlob(column), first, second);
        if (!pairs)
            corrupt(std::string(what) + " has a per-tile list whose length is not a multiple of 8 bytes");
        for (const Pair& p : *pairs)
            tile(p.*first, what);
        return std::move(*pairs);
    }
    void exchangeKind(const std::string& exchange, std::string_view kind) const
    {
        if (kind != "internal" && kind != "host" && kind != "global")
            corrupt("exchange '" + exchange + "' has an unknown kind '" + std::string(kind) + "'");
    }
    std::map<int64_t, std::string> categories() const
    {
        std::map<int64_t, std::string> names;
        Statement s(m_db, "SELECT id, name FROM var_categories");
        while (s.step())
            names[s.getInt(0)] = s.getText(1);
        return names;
    }
    const std::string& category(const std::map<int64_t, std::string>& names, int64_t id) const
    {
        auto it = names.find(id);
        if (it == names.end())
            corrupt("memory category " + std::to_string(id) + " is not in var_categories");
        return it->second;
    }
    int64_t reference(const Statement& s, int column, uint64_t count, const char* what) const
    {
        return bounded(s, column, -1, int64_t(count) - 1, what);
    }
    uint64_t rows(const char* table) const
    {
        Statement s(m_db, std::string("SELECT count(*) FROM ") + table);
        s.step();
        return uint64_t(s.getInt(0));
    }

    SqliteDatabase& m_db;
    const Target& m_target;
    const std::string& m_path;
};

} // namespace popscope
