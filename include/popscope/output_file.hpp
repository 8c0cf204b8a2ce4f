#pragma once
#include <string>
#include <vector>

namespace popscope {

// Checks made before anything is computed or written: `output` must be a regular file or not
// exist yet, its folder must exist, and it must not be one of `inputs` (so
// `export a.pop -o a.pop` cannot destroy the profile it reads). Throws ProfileError(WriteFailed)
// naming the output.
void checkOutputFile(const std::string& output, const std::vector<std::string>& inputs = {});

// A temporary name beside `output` (same folder, so the final rename is atomic), unique per process.
std::string temporaryPathFor(const std::string& output);

// Moves a fully written temporary file over `output`; removes the temporary on failure.
void moveIntoPlace(const std::string& temporary, const std::string& output);

} // namespace popscope
