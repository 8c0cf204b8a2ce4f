#pragma once
// A flat table over a vector of rows of any type, described column by column: each column is a
// Descriptor (header, kind, what a row shows in it, a cell's tool tip, whether compare mode splits
// it). ReportTableModel does the rest from the kind: text in the user's unit, numbers aligned right,
// raw numbers in SortRole for sorting and CSV, Diff colours. Adding a column is adding a descriptor.
#include "models/report_table_model.hpp"

#include <functional>
#include <string_view>
#include <utility>
#include <vector>

namespace popscope {

template <class Row> class ColumnTableModel : public ReportTableModel {
public:
    struct Descriptor {
        QString header;
        Kind kind = Kind::Text;
        QString headerToolTip {};
        // What a row shows: a Text column's text; any other kind's raw number, which the kind
        // formats (bytes in the user's unit, counts with separators) and sorting and CSV use as is.
        std::function<QString(const Row&)> text {};
        std::function<uint64_t(const Row&)> number {};
        // A cell's tool tip; unset or empty: the kind's (a size in bytes, a text in full).
        std::function<QString(const Row&)> toolTip {};
        // Compare mode shows Source, Target, Diff and Diff % for this column; others as one column,
        // "source → target" where the two differ.
        bool compared = false;
        // +1: a larger number is worse (memory, cycles), its Diff red; -1: better; 0: neither.
        int worse = 1;
    };
    // A row's key: what matches it across two reports and what links select it by (core's string).
    using RowKey = std::function<std::string_view(const Row&)>;

    explicit ColumnTableModel(QObject* parent = nullptr)
        : ReportTableModel(parent)
    {
    }

    void setColumnDescriptors(std::vector<Descriptor> descriptors, RowKey key = {})
    {
        std::vector<Column> columns;
        for (const Descriptor& d : descriptors)
            columns.push_back({ d.header, d.kind, d.headerToolTip });
        beginResetModel();
        m_descriptors = std::move(descriptors);
        m_key = std::move(key);
        setColumns(std::move(columns));
        endResetModel();
    }
    const Descriptor& descriptor(int column) const { return m_descriptors.at(size_t(column)); }
    // Replaces every row (a model reset).
    void setRows(std::vector<Row> rows)
    {
        beginResetModel();
        takeRows(std::move(rows));
        endResetModel();
    }
    const Row& rowAt(int row) const { return m_rows.at(size_t(row)); }

    std::string_view keyView(int row) const override
    {
        return m_key ? m_key(m_rows[size_t(row)]) : std::string_view();
    }
    bool isCompared(int column) const override { return descriptor(column).compared; }

protected:
    // Replaces the rows between the caller's beginResetModel() and endResetModel(), for a model that
    // changes what its rows refer to (a report) in the same reset. The old rows' memory goes too.
    void takeRows(std::vector<Row> rows) { m_rows = std::move(rows); }

    int rows() const override { return int(m_rows.size()); }
    QString text(int row, int column) const override
    {
        const Descriptor& d = descriptor(column);
        return d.text ? d.text(m_rows[size_t(row)]) : QString();
    }
    uint64_t number(int row, int column) const override
    {
        const Descriptor& d = descriptor(column);
        return d.number ? d.number(m_rows[size_t(row)]) : 0;
    }
    QString toolTip(int row, int column) const override
    {
        const Descriptor& d = descriptor(column);
        return d.toolTip ? d.toolTip(m_rows[size_t(row)]) : QString();
    }
    int worseDirection(int column) const override { return descriptor(column).worse; }

private:
    std::vector<Descriptor> m_descriptors;
    RowKey m_key;
    std::vector<Row> m_rows;
};

} // namespace popscope
