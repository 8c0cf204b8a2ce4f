#include "hostile_corpus.hpp"

#include "popscope/profile_writer.hpp"

#include <filesystem>

namespace popscope::test {

namespace {

// A valid profile named `name`, then `sql` run on it.
std::string damaged(const TempDir& dir, const std::string& name, const std::string& sql)
{
    const std::string path = dir.file(name);
    writeProfile(makeDocument(), path);
    execSql(path, sql);
    return path;
}

} // namespace

std::vector<HostileFile> writeHostileCorpus(const TempDir& dir)
{
    std::vector<HostileFile> corpus;
    const auto add = [&corpus](std::string what, std::string path, std::string problem) {
        corpus.push_back({ std::move(what), std::move(path), std::move(problem) });
    };

    writeBytes(dir.file("empty.pop"), "");
    add("an empty file", dir.file("empty.pop"), "empty");
    writeBytes(dir.file("text.pop"), "name,bytes\nlayer1,1024\n");
    add("a text file named .pop", dir.file("text.pop"), "not an SQLite database");
    const std::string good = dir.file("good.pop");
    writeProfile(makeDocument(), good);
    const std::string bytes = readBytes(good);
    writeBytes(dir.file("cut.pop"), bytes.substr(0, bytes.size() / 2 + 100));
    add("a copy cut short", dir.file("cut.pop"), "truncated");
    std::string smashed = bytes;
    for (size_t i = 4096; i < smashed.size(); i += 3)
        smashed[i] = char(0xA5);
    writeBytes(dir.file("smashed.pop"), smashed);
    add("damaged pages", dir.file("smashed.pop"), "damaged");
    add("a newer format version",
        damaged(dir, "newer.pop",
            "UPDATE meta SET value = '2' WHERE key = 'version_major';"
            " UPDATE meta SET value = '0' WHERE key = 'version_minor'"),
        "version 2.0");
    add("a trigger hidden in the schema",
        damaged(dir, "trigger.pop",
            "CREATE TABLE log(x); CREATE TRIGGER steps AFTER INSERT ON meta BEGIN INSERT INTO log VALUES(1); "
            "END"),
        "trigger");
    add("absurd target counts", damaged(dir, "absurd.pop", "UPDATE target SET num_ipus = 1000000000"),
        "numIPUs");
    add("a variable on a tile that does not exist",
        damaged(dir, "offtile.pop", "UPDATE vars_info SET tile = 999999 WHERE rowid = 1"), "tile 999999");
    add("a memory blob of the wrong length",
        damaged(dir, "blob.pop", "UPDATE memory_by_tile SET bytes = zeroblob(12) WHERE rowid = 1"),
        "memory_by_tile.bytes");
    add("a negative byte count",
        damaged(dir, "negative.pop", "UPDATE variables SET size_bytes = -5 WHERE id = 0"),
        "variables.size_bytes");
    std::filesystem::create_directories(dir.path() / "report-folder");
    add("a report folder without its profile", (dir.path() / "report-folder").string(), "no profile.pop");
    add("a file that does not exist", dir.file("missing.pop"), "no such file");
    std::filesystem::remove(good);
    return corpus;
}

} // namespace popscope::test
