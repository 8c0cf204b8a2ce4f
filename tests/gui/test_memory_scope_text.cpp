// memoryScopeText: the line over the Memory page's tables, for all tiles or a selection, in single
// and compare mode (same tiles or different tile counts).
#include "models/memory/details_model.hpp"
#include "models/memory/memory_scope_text.hpp"
#include "models/memory/tile_scope.hpp"

#include <catch2/catch.hpp>

using namespace popscope;

TEST_CASE("memory scope text: all tiles, single and compare mode", "[memory][scope]")
{
    const uint32_t tiles = 1472;
    CHECK(memoryScopeText({ tiles, false, 0, 0, 0, {} })
        == QStringLiteral("Tables show <b>all %1 tiles</b>. Select tiles to narrow them down.")
               .arg(countText(tiles)));
    CHECK(memoryScopeText({ tiles, true, tiles, tiles, 0, {} })
              .contains(QStringLiteral("</b> of both reports.")));
    const QString different = memoryScopeText({ tiles, true, 2 * tiles, tiles, 0, {} });
    CHECK(different.contains(QStringLiteral("(%1 and %2)").arg(countText(tiles), countText(2 * tiles))));
    CHECK(different.contains(QStringLiteral("covers the %1 tiles both have").arg(countText(tiles))));
}

TEST_CASE("memory scope text: a selection", "[memory][scope]")
{
    CHECK(memoryScopeText({ 1472, false, 0, 0, 1, QStringLiteral("5") })
        == QStringLiteral("Tables show <b>1 selected tile</b>: 5"));
    // A long selection is cut at 80 characters; more tiles than Details has columns says so.
    QString list;
    for (int t = 0; t < 40; ++t)
        list += QStringLiteral("%1, ").arg(t * 2);
    const uint64_t count = 40;
    const QString text = memoryScopeText({ 1472, false, 0, 0, count, list });
    CHECK(text.startsWith(QStringLiteral("Tables show <b>40 selected tiles</b>: %1…").arg(list.left(80))));
    CHECK(count > uint64_t(DetailsModel::kMaxTileColumns));
    CHECK(text.endsWith(QStringLiteral("the first %1; its Selection column sums all of them.")
                            .arg(DetailsModel::kMaxTileColumns)));
    // Compare mode: no Details columns note; with different tile counts, the tiles left out.
    CHECK(memoryScopeText({ 1472, true, 1472, 1472, count, list })
        == QStringLiteral("Tables show <b>40 selected tiles</b> of both reports: %1…").arg(list.left(80)));
    CHECK(memoryScopeText({ 1472, true, 2944, 1472, 2, QStringLiteral("0-1") })
        == QStringLiteral(
            "Tables show <b>2 selected tiles</b> of both reports: 0-1 (only tiles 0–%1 are in both reports; "
            "the rest are left out)")
               .arg(countText(1471)));
}
