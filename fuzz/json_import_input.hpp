#pragma once
// Fuzz target: the JSON interchange importer (`popscope-cli import`). Bad JSON or a document that
// breaks the schema's rules must end in ProfileError; an accepted document must write and read
// back as a profile.
#include "fuzz_support.hpp"

#include "popscope/json_interchange.hpp"
#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/tile_memory.hpp"

namespace popscope::fuzz {

// One fuzzing input; also run by the regression tests (tests/fuzz-regressions/).
inline int jsonImportInput(const uint8_t* data, size_t size)
{
    ProfileDocument doc;
    try {
        doc = documentFromJson(std::string(fuzz::asText(data, size)), "fuzz.json");
    } catch (const ProfileError&) {
        return 0; // refused cleanly
    }
    // Accepted: everything downstream of an import must cope with it.
    documentToJson(doc);
    tileMemoryFromDocument(doc);
    const std::string path = fuzz::scratchDir() + "/imported.pop";
    try {
        writeProfile(doc, path);
        Profile::open(path)->readDocument();
    } catch (const ProfileError& e) {
        // The importer validates like the writer and reader, so an accepted document that the
        // writer or reader refuses is a finding too.
        std::fprintf(stderr, "imported document refused downstream: %s\n", e.what());
        std::abort();
    }
    return 0;
}

} // namespace popscope::fuzz
