// CSV tables and chart images on a full disk: a message naming the file and the cause, and the
// earlier file of that name left as it was (QSaveFile: written beside it, renamed when complete).
#include "file_size_limit.hpp"
#include "fixture_builder.hpp"
#include "leaks_ignored.hpp"
#include "models/csv_exporter.hpp"
#include "models/image_file.hpp"

#include <QImage>
#include <QStandardItemModel>

#include <catch2/catch.hpp>

#include <filesystem>

using namespace popscope;
using popscope::test::TempDir;

TEST_CASE("a CSV export and a chart image on a full disk fail cleanly and keep the earlier file",
    "[faults][output]")
{
    TempDir dir;
    const QString csv = QString::fromStdString(dir.file("table.csv"));
    const QString png = QString::fromStdString(dir.file("chart.png"));
    test::writeBytes(csv.toStdString(), "earlier,table\n");
    test::writeBytes(png.toStdString(), "earlier image");

    QStandardItemModel table(2000, 4); // ~100 KB of CSV
    for (int row = 0; row < table.rowCount(); ++row)
        for (int column = 0; column < table.columnCount(); ++column)
            table.setItem(row, column,
                new QStandardItem(QStringLiteral("layer%1/conv/partials-%2").arg(row).arg(column)));
    QImage image(800, 600, QImage::Format_RGB32); // noise does not compress: ~1.4 MB of PNG
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            image.setPixel(x, y, uint((x * 2654435761u) ^ (y * 40503u)));

    QString csvError, pngError;
    {
        test::FileSizeLimit fullDisk(8192);
        CHECK_FALSE(CsvExporter::writeFile(table, csv, &csvError));
        test::LeaksIgnored qtPngWriterLeak; // Qt's PNG writer leaks a row buffer when a write fails
        CHECK_FALSE(saveImageFile(image, png, &pngError));
    }
    CHECK(csvError.startsWith(csv));
    CHECK(csvError.contains(QStringLiteral("cannot write")));
    CHECK(pngError.startsWith(png));
    CHECK(pngError.contains(QStringLiteral("cannot write the image")));
    CHECK(test::readBytes(csv.toStdString()) == "earlier,table\n");
    CHECK(test::readBytes(png.toStdString()) == "earlier image");
    CHECK(
        std::distance(std::filesystem::directory_iterator(dir.path()), std::filesystem::directory_iterator())
        == 2);

    // With room, both are written whole.
    REQUIRE(CsvExporter::writeFile(table, csv, &csvError));
    REQUIRE(saveImageFile(image, png, &pngError));
    CHECK(QImage(png).size() == image.size());
}

TEST_CASE("a chart image in a place that cannot be written names the file", "[faults][output]")
{
    QString error;
    CHECK_FALSE(saveImageFile(
        QImage(10, 10, QImage::Format_RGB32), QStringLiteral("/proc/popscope-chart.png"), &error));
    CHECK(error.startsWith(QStringLiteral("/proc/popscope-chart.png: cannot write the image (")));
}
