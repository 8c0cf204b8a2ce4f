#pragma once
#include "popscope/errors.hpp"
#include "popscope/profile_document.hpp"

#include <functional>
#include <string>

namespace popscope {

struct WriteStats {
    uint64_t rows = 0; // table rows inserted
    uint64_t bytes = 0; // size of the file written
    uint64_t rowsPerStatement = 1; // the most rows one INSERT of the writer carries (benchmarks compare)
};

// Told the share written (0..1) now and then; returning false stops the write, which then throws
// WriteCancelled and leaves no file behind.
using WriteProgress = std::function<bool(double shareDone)>;

class WriteCancelled : public std::runtime_error {
public:
    WriteCancelled()
        : std::runtime_error("the write was cancelled")
    {
    }
};

// Validates `doc` (throws ProfileError(InvalidInput) naming the problem) and writes it to `path`
// in one transaction into a temporary file renamed into place: an interrupted or cancelled write
// never leaves a half profile. Indexes are created after the bulk load.
WriteStats writeProfile(
    const ProfileDocument& doc, const std::string& path, const WriteProgress& progress = {});

// Checks the document's internal consistency (sizes against the target, indexes in range).
// Returns "" when valid, else the first problem found.
std::string validateDocument(const ProfileDocument& doc);

} // namespace popscope
