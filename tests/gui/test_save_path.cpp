// The file a Save dialog's answer names (askSavePath): the suffix of the chosen filter is added
// only when the user typed none.
#include "models/save_path.hpp"

#include <catch2/catch.hpp>

using namespace popscope;

TEST_CASE("a Save dialog's path gets the chosen filter's suffix when it has none", "[save]")
{
    const QString images = QStringLiteral("PNG image (*.png);;SVG image (*.svg)");
    REQUIRE(filterSuffix(images) == QStringLiteral(".png")); // the first filter of a list
    REQUIRE(filterSuffix(QStringLiteral("SVG image (*.svg)")) == QStringLiteral(".svg"));
    REQUIRE(filterSuffix(QStringLiteral("All files (*)")).isEmpty());
    REQUIRE(withFilterSuffix(QStringLiteral("/tmp/chart"), QStringLiteral("SVG image (*.svg)"))
        == QStringLiteral("/tmp/chart.svg"));
    REQUIRE(withFilterSuffix(QStringLiteral("/tmp/chart.png"), QStringLiteral("SVG image (*.svg)"))
        == QStringLiteral("/tmp/chart.png"));
    REQUIRE(
        withFilterSuffix(QStringLiteral("/tmp/a.trace.json"), QStringLiteral("Chrome trace JSON (*.json)"))
        == QStringLiteral("/tmp/a.trace.json"));
    REQUIRE(withFilterSuffix(QStringLiteral("/tmp/table"), QStringLiteral("All files (*)"))
        == QStringLiteral("/tmp/table"));
    REQUIRE(withFilterSuffix(QString(), images).isEmpty()); // cancelled
}
