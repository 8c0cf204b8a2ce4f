#include "popscope/narrow_figures.hpp"

#include <catch2/catch.hpp>

#include <cstdint>

using popscope::NarrowFigures;

TEST_CASE("figures stay 32 bits each while they fit, and widen exactly at the first that does not", "[core]")
{
    NarrowFigures figures;
    figures.reserve(4);
    figures.push_back(0);
    figures.push_back(900u << 20);
    figures.push_back(UINT32_MAX);
    REQUIRE_FALSE(figures.isWide());
    CHECK(figures.narrow().size() == 3);
    CHECK(figures[2] == UINT32_MAX);

    const uint64_t absurd = uint64_t(1) << 40;
    figures.push_back(absurd);
    figures.push_back(7);
    REQUIRE(figures.isWide());
    CHECK(figures.narrow().empty());
    REQUIRE(figures.size() == 5);
    CHECK(figures[0] == 0);
    CHECK(figures[1] == uint64_t(900) << 20);
    CHECK(figures[2] == UINT32_MAX);
    CHECK(figures[3] == absurd);
    CHECK(figures[4] == 7);
}
