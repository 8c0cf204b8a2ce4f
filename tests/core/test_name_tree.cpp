// NameTree: rows grouped by name path, kept compact (children side by side, labels in one buffer):
// subtotals per group and column, children largest first, paths and rows found again.
#include "popscope/name_tree.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace popscope;

TEST_CASE("name tree: groups by path with subtotals, children largest first and side by side")
{
    NameTreeBuilder builder(2);
    builder.add(0, "layer1/conv/weights", 100);
    builder.add(0, "layer1/conv/bias", 10);
    builder.add(0, "layer2/fc/weights", 300);
    builder.add(1, "layer1/conv/weights", 120);
    builder.add(1, "/layer3//x", 5); // empty segments are skipped
    const NameTree tree = builder.build();

    REQUIRE(tree.label(0) == "Total");
    CHECK(tree.value(0, 0) == 410);
    CHECK(tree.value(0, 1) == 125);
    REQUIRE(tree.nodes[0].childCount == 3);
    // Largest in column 0 first; layer3 has nothing in column 0 and comes last.
    CHECK(tree.label(tree.child(0, 0)) == "layer2");
    CHECK(tree.label(tree.child(0, 1)) == "layer1");
    CHECK(tree.label(tree.child(0, 2)) == "layer3");
    CHECK(!tree.has(tree.child(0, 2), 0));
    CHECK(tree.has(tree.child(0, 2), 1));

    const int64_t conv = tree.find("layer1/conv");
    REQUIRE(conv > 0);
    CHECK(tree.path(size_t(conv)) == "layer1/conv");
    CHECK(tree.value(size_t(conv), 0) == 110);
    CHECK(tree.count(size_t(conv), 0) == 2);
    REQUIRE(tree.nodes[size_t(conv)].childCount == 2);
    const uint32_t weights = tree.child(size_t(conv), 0);
    CHECK(tree.label(weights) == "weights");
    CHECK(tree.rowInParent(weights) == 0);
    CHECK(tree.rowInParent(tree.child(size_t(conv), 1)) == 1);
    CHECK(tree.nodes[weights].parent == conv);
    CHECK(tree.find("layer1/conv/weights") == int64_t(weights));
    CHECK(tree.find("layer1/nothing") == -1);
    CHECK(tree.find("layer3/x") > 0);
    for (size_t n = 1; n < tree.nodes.size(); ++n) // every node is its parent's child at its row
        CHECK(tree.child(size_t(tree.nodes[n].parent), tree.rowInParent(n)) == n);
}

TEST_CASE("name tree: whole names as rows, and the largest of a group instead of the sum")
{
    NameTreeBuilder builder(1, '\0', NameTreeBuilder::Combine::Max);
    builder.add(0, "a/b", 7);
    builder.add(0, "a/c", 9);
    const NameTree tree = builder.build();
    REQUIRE(tree.nodes[0].childCount == 2);
    CHECK(tree.label(tree.child(0, 0)) == "a/c");
    CHECK(tree.value(0, 0) == 9);
    CHECK(NameTreeBuilder(0).build().nodes.size() == 1); // an empty tree has its Total row
}

namespace {

// "g<i mod 37>/v<i>". Built with +=: GCC 12 at -O3 warns about `"g" + std::to_string(...)` here
// (-Wstringop-overflow, a false positive, since the precompiled headers changed what it inlines).
std::string groupedName(uint64_t i)
{
    std::string name = "g";
    name += std::to_string(i % 37);
    name += "/v";
    name += std::to_string(i);
    return name;
}

} // namespace

TEST_CASE("name tree: thousands of names, every one found again under its group")
{
    NameTreeBuilder builder(1);
    for (uint64_t i = 0; i < 20000; ++i)
        builder.add(0, groupedName(i), i + 1);
    builder.add(0, "g0/v0", 1000000); // the same name again adds to its row
    const NameTree tree = builder.build();
    REQUIRE(tree.nodes.size() == 1 + 37 + 20000);
    REQUIRE(tree.nodes[0].childCount == 37);
    for (uint64_t i = 0; i < 20000; i += 997) {
        const int64_t node = tree.find(groupedName(i));
        REQUIRE(node > 0);
        CHECK(tree.value(size_t(node), 0) == i + 1 + (i == 0 ? 1000000 : 0));
    }
    CHECK(tree.label(tree.child(0, 0)) == "g0"); // the largest group first
}
