// The programs' control code and variables (format 1.3): written, read back, exchanged as JSON,
// absent from older files, and refused when damaged.
#include "cli_runner.hpp"
#include "fixture_builder.hpp"
#include "popscope/json_interchange.hpp"
#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"

#include <catch2/catch.hpp>

using namespace popscope;
using popscope::test::TempDir;

namespace {

// The fixture with control code on programs 2 and 6 and the variables programs 2 and 6 use.
ProfileDocument documentWithProgramFacts()
{
    ProfileDocument doc = test::makeDocument();
    const uint32_t tiles = doc.target.tilesPerIpu;
    doc.programControlCode = { { 2, 0, { { tiles, 8 } } }, { 6, 0, { { 1, 4 }, { tiles - 1, 12 } } },
        { 6, doc.target.numIpus - 1, { { tiles, 16 } } } };
    doc.programVariables = { { 2, 0 }, { 2, 1 }, { 6, uint32_t(doc.variables.size() - 1) } };
    return doc;
}

ProfileError factsError(const std::string& path)
{
    try {
        auto profile = Profile::open(path);
        profile->readProgramControlCode();
        profile->readProgramVariables();
    } catch (const ProfileError& error) {
        return error;
    }
    FAIL("the program facts of " << path << " were read without an error");
    throw;
}

} // namespace

TEST_CASE(
    "program facts round-trip through the writer, the reader and JSON", "[programfacts][writer][reader]")
{
    TempDir dir;
    const ProfileDocument doc = documentWithProgramFacts();
    const std::string path = dir.file("facts.pop");
    writeProfile(doc, path);
    auto profile = Profile::open(path);
    CHECK(profile->formatMinor() == kFormatMinor);
    CHECK(profile->hasProgramControlCode());
    CHECK(profile->hasProgramVariables());
    CHECK(profile->readProgramControlCode() == doc.programControlCode);
    CHECK(profile->readProgramControlCode(6)
        == std::vector<ProgramControlCode>(doc.programControlCode.begin() + 1, doc.programControlCode.end()));
    CHECK(profile->readProgramControlCode(1).empty());
    CHECK(profile->readProgramVariables() == doc.programVariables);
    CHECK(profile->readDocument() == doc);
    CHECK(documentFromJson(documentToJson(doc), "facts.json") == doc);
    CHECK(test::runCli("check " + path).status == 0);
}

TEST_CASE("a profile before format 1.3 has no program facts", "[programfacts][reader]")
{
    TempDir dir;
    const std::string path = dir.file("old.pop");
    writeProfile(documentWithProgramFacts(), path);
    test::execSql(path,
        "DROP TABLE program_control_code; DROP TABLE program_variables;"
        " DELETE FROM meta WHERE key IN ('rows.program_control_code', 'rows.program_variables');"
        " UPDATE meta SET value = '2' WHERE key = 'version_minor'");
    auto profile = Profile::open(path);
    CHECK(profile->formatMinor() == 2);
    CHECK_FALSE(profile->hasProgramControlCode());
    CHECK(profile->readProgramControlCode().empty());
    CHECK(profile->readProgramVariables().empty());
    CHECK(test::runCli("check " + path).status == 0);
}

TEST_CASE("damaged program facts are refused naming the file and the row", "[programfacts][reader][hostile]")
{
    TempDir dir;
    const std::string path = dir.file("damaged.pop");
    writeProfile(documentWithProgramFacts(), path);
    const std::pair<const char*, const char*> cases[] = {
        { "UPDATE program_control_code SET program = 99 WHERE program = 2",
            "program_control_code.program is 99" },
        { "UPDATE program_control_code SET ipu = 7 WHERE program = 2", "program_control_code.ipu is 7" },
        { "UPDATE program_control_code SET runs = x'0100000008000000' WHERE program = 2",
            "program 2, IPU 0 covers 1 tiles" },
        { "UPDATE program_control_code SET runs = x'01000000' WHERE program = 2", "holds 4 bytes" },
        { "UPDATE program_control_code SET runs = x'00000000080000001000000008000000' WHERE program = 2",
            "a run of 0 tiles" },
        { "UPDATE program_variables SET variable = 100000 WHERE program = 2 AND variable = 0",
            "program_variables.variable is 100000" },
        { "UPDATE program_variables SET program = -1 WHERE program = 6", "program_variables.program is -1" },
    };
    for (const auto& [sql, problem] : cases) {
        const std::string copy = dir.file("copy.pop");
        test::writeBytes(copy, test::readBytes(path));
        test::execSql(copy, sql);
        INFO(sql);
        const ProfileError error = factsError(copy);
        CHECK(error.kind() == ErrorKind::CorruptProfile);
        CHECK_THAT(error.what(), Catch::Contains("copy.pop") && Catch::Contains(problem));
    }
}

TEST_CASE("the writer refuses program facts that do not match the document", "[programfacts][writer]")
{
    ProfileDocument doc = documentWithProgramFacts();
    SECTION("runs that do not cover the IPU")
    {
        doc.programControlCode[0].runs[0].tiles -= 1;
        CHECK_THAT(
            validateDocument(doc), Catch::Contains("control code of program 2 on IPU 0 does not cover"));
    }
    SECTION("out of order")
    {
        std::swap(doc.programVariables[0], doc.programVariables[1]);
        CHECK_THAT(validateDocument(doc), Catch::Contains("comes twice or out of order"));
    }
    SECTION("a variable the document does not have")
    {
        doc.programVariables.back().variable = uint32_t(doc.variables.size());
        CHECK_THAT(validateDocument(doc), Catch::Contains("out of range"));
    }
}
