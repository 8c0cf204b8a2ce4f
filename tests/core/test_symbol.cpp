// Symbol: a variable's category and element type kept once per process, read as a std::string;
// past the shared set's limit a Symbol owns its text, so a file with a new type per variable cannot
// grow the set without bound.
#include "popscope/symbol.hpp"

#include <catch2/catch.hpp>

#include <vector>

using namespace popscope;

TEST_CASE("symbol: equal texts share one copy and read as strings")
{
    const Symbol a = "float", b = std::string("float"), empty;
    CHECK(a == b);
    CHECK(&a.str() == &b.str()); // one copy
    CHECK(a == "float");
    CHECK(a.str() == "float");
    CHECK(std::string(a) + "/x" == "float/x");
    CHECK(empty.empty());
    CHECK(empty == "");
    CHECK(Symbol("half") != a);
    CHECK(sizeof(Symbol) == sizeof(void*));
}

TEST_CASE("symbol: past the shared set's limit each symbol owns its text, and copies stay right")
{
    std::vector<Symbol> many;
    for (size_t i = 0; i < Symbol::kMaxShared + 10; ++i)
        many.emplace_back("type-" + std::to_string(i));
    for (size_t i = 0; i < many.size(); ++i)
        REQUIRE(many[i] == "type-" + std::to_string(i));
    Symbol copy = many.back(); // an owned text is copied, not shared
    CHECK(copy == many.back());
    Symbol moved = std::move(copy);
    CHECK(moved == many.back());
    CHECK(copy.empty()); // NOLINT: a moved-from symbol reads empty
    copy = moved;
    CHECK(copy == moved);
    many.clear(); // owned texts freed (ASan checks)
    CHECK(moved.size() == std::string("type-").size() + std::to_string(Symbol::kMaxShared + 9).size());
}
