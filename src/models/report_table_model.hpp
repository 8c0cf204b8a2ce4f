#pragma once
// Base of popscope's flat tables: typed columns (text, bytes, count, flag), bytes shown in the
// user's unit, raw values in SortRole for sorting and CSV export.
#include "models/item_roles.hpp"
#include "popscope/units.hpp"

#include <QAbstractTableModel>

#include <string_view>
#include <vector>

namespace popscope {

class ReportTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Diff kinds are signed (target - source) and Percent a signed fraction; compare mode uses them.
    // Ratio is a number with decimals (FLOPs per cycle) held in thousandths: number() 1500 = 1.50.
    // Share: a share in basis points (9416 shown as 94.16%); DiffShare: its change in points ("+94.07 pp").
    enum class Kind {
        Text,
        Bytes,
        Count,
        Flag,
        DiffBytes,
        DiffCount,
        Percent,
        Ratio,
        DiffRatio,
        Share,
        DiffShare
    };
    static bool isSigned(Kind kind)
    {
        return kind == Kind::DiffBytes || kind == Kind::DiffCount || kind == Kind::Percent
            || kind == Kind::DiffRatio || kind == Kind::DiffShare;
    }
    struct Column {
        QString header;
        Kind kind = Kind::Text;
        QString toolTip;
    };

    explicit ReportTableModel(QObject* parent = nullptr);

    MemoryUnit unit() const { return m_unit; }
    void setUnit(MemoryUnit unit);
    const std::vector<Column>& columns() const { return m_columns; }
    Kind columnKind(int column) const { return m_columns.at(size_t(column)).kind; }
    // The kind of one cell: the column's unless a row says otherwise (What changed mixes units).
    virtual Kind cellKind(int row, int column) const
    {
        Q_UNUSED(row);
        return columnKind(column);
    }
    // The raw number of a cell, without a QVariant (sorting 250 k rows): unsigned kinds as they
    // are, signed kinds as a double (absent cells sort below every number).
    uint64_t sortNumber(int row, int column) const { return number(row, column); }
    double sortSigned(int row, int column) const;
    // False where the cell has no value (a row one side lacks): shown as absentText ("—").
    virtual bool present(int row, int column) const;
    // What an absent cell shows: "—", or "new" for the Diff % of a row the source lacks.
    virtual QString absentText(int row, int column) const;
    // The key that matches a row across two reports and that links select it by, as UTF-8 straight
    // from core's data (a variable's name, an operation's key), never the text a cell shows: a
    // reworded label cannot change a join. Models joined in compare mode override it.
    virtual std::string_view keyView(int row) const
    {
        Q_UNUSED(row);
        return {};
    }
    // The row whose keyView is `key`, or -1.
    int rowOfKey(std::string_view key) const;
    // Whether the next rows set come sorted by presortedColumn(), largest first (ties in the
    // report's order). Single tables ask for it; a comparison's sides keep the report's order,
    // which matchRows pairs repeated names in. Models that cannot, ignore it.
    virtual void setPresorted(bool presorted) { Q_UNUSED(presorted); }
    // The column whose numbers the rows come sorted by, largest first, or -1. A view sorted that
    // way keeps the model's order instead of sorting it again.
    virtual int presortedColumn() const { return -1; }
    // A Text cell's text (compare mode reads both sides' tables through these).
    QString cellText(int row, int column) const { return text(row, column); }
    // Whether compare mode shows Source / Target / Diff / Diff % for this column (numbers do).
    virtual bool isCompared(int column) const
    {
        const Kind kind = columnKind(column);
        return kind == Kind::Bytes || kind == Kind::Count || kind == Kind::Ratio;
    }
    // Whether a larger number in `column` is worse (+1), better (-1) or neither (0), for the join.
    int worseDirectionOf(int column) const { return worseDirection(column); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    virtual int rows() const = 0;
    virtual QString text(int row, int column) const;
    virtual uint64_t number(int row, int column) const;
    virtual QString toolTip(int row, int column) const;
    // Signed kinds: the difference (DiffBytes, DiffCount) or fraction (Percent).
    virtual int64_t signedNumber(int row, int column) const;
    virtual double fraction(int row, int column) const;
    // +1 when a larger number is worse (memory), -1 when better, 0 when neither: colours Diffs.
    virtual int worseDirection(int column) const;
    // The same for one cell, where rows differ in what they measure (What changed); the column's by default.
    virtual int cellWorseDirection(int, int column) const { return worseDirection(column); }
    void setColumns(std::vector<Column> columns) { m_columns = std::move(columns); }
    Column& columnAt(int column) { return m_columns.at(size_t(column)); }
    void setHeader(int column, const QString& header);

private:
    // data() for one role of a cell of this kind.
    QVariant displayData(int row, int column, Kind kind) const;
    QVariant sortData(int row, int column, Kind kind) const;
    QVariant foregroundData(int row, int column, Kind kind) const;
    QVariant toolTipData(int row, int column, Kind kind) const;

    std::vector<Column> m_columns;
    MemoryUnit m_unit = MemoryUnit::Binary;
};

} // namespace popscope
