#include "popscope/output_file.hpp"

#include "popscope/errors.hpp"

#include <filesystem>
#include <unistd.h>

namespace popscope {

namespace fs = std::filesystem;

void checkOutputFile(const std::string& output, const std::vector<std::string>& inputs)
{
    if (output.empty())
        throw ProfileError(ErrorKind::WriteFailed, output, "no output file name");
    std::error_code ec;
    const fs::file_status status = fs::status(output, ec);
    if (fs::exists(status)) {
        // Renaming over a device, a FIFO or a folder would replace it with a plain file.
        if (!fs::is_regular_file(status))
            throw ProfileError(ErrorKind::WriteFailed, output,
                "is not a regular file (a folder, device or pipe); choose a file name");
        for (const std::string& input : inputs) {
            // A report folder is read through its profile.pop (Profile::open), so guard that too.
            const bool same = fs::equivalent(output, input, ec)
                || (fs::is_directory(input, ec)
                    && fs::equivalent(output, fs::path(input) / "profile.pop", ec));
            if (same)
                throw ProfileError(ErrorKind::WriteFailed, output,
                    "is also the input file; choose another output name so the input is not overwritten");
        }
    }
    const fs::path folder = fs::path(output).parent_path();
    if (!folder.empty() && !fs::is_directory(folder, ec))
        throw ProfileError(
            ErrorKind::WriteFailed, output, "its folder '" + folder.string() + "' does not exist");
}

std::string temporaryPathFor(const std::string& output)
{
    return output + ".tmp-" + std::to_string(::getpid());
}

void moveIntoPlace(const std::string& temporary, const std::string& output)
{
    std::error_code ec;
    fs::rename(temporary, output, ec);
    if (ec) {
        std::error_code ignored;
        fs::remove(temporary, ignored);
        throw ProfileError(
            ErrorKind::WriteFailed, output, "cannot move the written file into place: " + ec.message());
    }
}

} // namespace popscope
