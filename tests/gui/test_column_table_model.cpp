#include "models/column_table_model.hpp"
#include "models/compare_table_model.hpp"
#include "models/item_roles.hpp"
#include "models/table_filter_proxy.hpp"

#include <QAbstractItemModelTester>

#include <catch2/catch.hpp>

#include <string>

using namespace popscope;

namespace {

struct Kernel {
    std::string name;
    uint64_t bytes = 0;
    uint64_t cycles = 0;
};

using KernelTable = ColumnTableModel<Kernel>;
using Kind = ReportTableModel::Kind;
enum KernelColumn { Name, Bytes, Cycles };

// Name, Bytes (compared, with a cell tool tip) and Cycles (compared, its Diff neither better nor worse).
void describeKernels(KernelTable& table)
{
    table.setColumnDescriptors(
        {
            { .header = QStringLiteral("Kernel"),
                .text = [](const Kernel& k) { return QString::fromStdString(k.name); } },
            { .header = QStringLiteral("Memory"),
                .kind = Kind::Bytes,
                .headerToolTip = QStringLiteral("Bytes it holds"),
                .number = &Kernel::bytes,
                .toolTip = [](const Kernel& k) { return QStringLiteral("%1 holds it").arg(k.name.c_str()); },
                .compared = true },
            { .header = QStringLiteral("Cycles"),
                .kind = Kind::Count,
                .number = &Kernel::cycles,
                .compared = true,
                .worse = 0 },
        },
        [](const Kernel& k) { return std::string_view(k.name); });
}

QString shown(const QAbstractItemModel& model, int row, int column, int role = Qt::DisplayRole)
{
    return model.data(model.index(row, column), role).toString();
}

} // namespace

TEST_CASE("column table: sorting by a numeric column orders numbers, not text", "[models][columns]")
{
    KernelTable table;
    QAbstractItemModelTester tester(&table, QAbstractItemModelTester::FailureReportingMode::Fatal);
    describeKernels(table);
    table.setRows({ { "a", 9, 100 }, { "b", 100, 9 }, { "c", 10, 10 } });
    REQUIRE(table.rowCount() == 3);
    REQUIRE(table.columnCount() == 3);

    TableFilterProxy proxy;
    proxy.setSourceModel(&table);
    proxy.sort(Bytes, Qt::AscendingOrder);
    // As text, "10 B" and "100 B" would come before "9 B".
    REQUIRE(shown(proxy, 0, Name) == QStringLiteral("a"));
    REQUIRE(shown(proxy, 1, Name) == QStringLiteral("c"));
    REQUIRE(shown(proxy, 2, Name) == QStringLiteral("b"));
    proxy.sort(Cycles, Qt::DescendingOrder);
    REQUIRE(shown(proxy, 0, Name) == QStringLiteral("a"));
    REQUIRE(shown(proxy, 2, Name) == QStringLiteral("b"));

    proxy.setFilterText(QStringLiteral("c"));
    REQUIRE(proxy.rowCount() == 1);
}

TEST_CASE("column table: a descriptor gives the header, text, unit and tool tips", "[models][columns]")
{
    KernelTable table;
    describeKernels(table);
    table.setRows({ { "matmul", 1536, 2500 } });

    REQUIRE(table.headerData(Bytes, Qt::Horizontal).toString() == QStringLiteral("Memory"));
    REQUIRE(table.headerData(Bytes, Qt::Horizontal, Qt::ToolTipRole).toString()
        == QStringLiteral("Bytes it holds"));
    REQUIRE(table.headerData(Bytes, Qt::Horizontal, CsvHeaderRole).toString()
        == QStringLiteral("Memory (bytes)"));

    REQUIRE(shown(table, 0, Name) == QStringLiteral("matmul"));
    REQUIRE(shown(table, 0, Bytes) == QStringLiteral("1.50 KiB"));
    REQUIRE(table.data(table.index(0, Bytes), SortRole).toULongLong() == 1536);
    REQUIRE(shown(table, 0, Cycles) == QStringLiteral("2,500"));
    REQUIRE(table.data(table.index(0, Cycles), Qt::TextAlignmentRole).value<Qt::Alignment>()
        == (Qt::AlignRight | Qt::AlignVCenter));

    // The descriptor's tool tip, else the kind's: a text in full.
    REQUIRE(shown(table, 0, Bytes, Qt::ToolTipRole) == QStringLiteral("matmul holds it"));
    REQUIRE(shown(table, 0, Name, Qt::ToolTipRole) == QStringLiteral("matmul"));

    table.setUnit(MemoryUnit::Bytes);
    REQUIRE(shown(table, 0, Bytes) == QStringLiteral("1,536 B"));
    REQUIRE(table.keyView(0) == "matmul");
    REQUIRE(table.rowOfKey("matmul") == 0);
    REQUIRE(table.isCompared(Bytes));
    REQUIRE_FALSE(table.isCompared(Name));
}

TEST_CASE("column table: compared columns become Source, Target, Diff and Diff %", "[models][columns]")
{
    KernelTable source, target;
    describeKernels(source);
    describeKernels(target);
    source.setRows({ { "matmul", 1024, 500 }, { "sort", 64, 80 } });
    target.setRows({ { "matmul", 2048, 400 }, { "conv", 32, 10 } });
    CompareTableModel join(&source, &target);
    QAbstractItemModelTester tester(&join, QAbstractItemModelTester::FailureReportingMode::Fatal);
    join.rebuild();

    REQUIRE(join.columnCount() == 1 + 4 + 4); // the name, then four columns per compared one
    REQUIRE(join.rowCount() == 3);
    const int matmul = join.rowOf(QStringLiteral("matmul"));
    REQUIRE(matmul == 0); // the largest change of the first compared column first
    using Part = CompareTableModel::Part;
    REQUIRE(shown(join, matmul, join.columnOf(Bytes, Part::Source)) == QStringLiteral("1.00 KiB"));
    REQUIRE(shown(join, matmul, join.columnOf(Bytes, Part::Target)) == QStringLiteral("2.00 KiB"));
    REQUIRE(shown(join, matmul, join.columnOf(Bytes, Part::Diff)) == QStringLiteral("+1.00 KiB"));
    REQUIRE(shown(join, matmul, join.columnOf(Cycles, Part::Diff)) == QStringLiteral("−100"));
    REQUIRE(join.data(join.index(matmul, join.columnOf(Cycles, Part::Diff)), SortRole).toLongLong() == -100);
    // More bytes are worse (coloured); cycles are described as neither.
    REQUIRE(join.data(join.index(matmul, join.columnOf(Bytes, Part::Diff)), Qt::ForegroundRole).isValid());
    REQUIRE_FALSE(
        join.data(join.index(matmul, join.columnOf(Cycles, Part::Diff)), Qt::ForegroundRole).isValid());

    const int conv = join.rowOf(QStringLiteral("conv"));
    REQUIRE(shown(join, conv, join.columnOf(Bytes, Part::Source)) == QStringLiteral("—"));
    REQUIRE(shown(join, conv, join.columnOf(Bytes, Part::DiffPercent)) == QStringLiteral("new"));
}
