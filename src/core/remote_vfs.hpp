#pragma once
// A read-only SQLite VFS over remote files (popscope::remote::SftpFile). A remote profile is
// registered under a name of its own and opened through the VFS "popscope-sftp" by that name.
#include <memory>
#include <string>

namespace popscope::remote {
class SftpFile;
}

namespace popscope {

inline constexpr const char* kRemoteVfsName = "popscope-sftp";

// Registers the VFS once and `file` under a new name, which the caller opens with SQLite and
// releases with forgetRemoteFile when the connection is closed.
std::string registerRemoteFile(std::shared_ptr<remote::SftpFile> file);
void forgetRemoteFile(const std::string& name);
// The message of the last read that failed on `name`, or empty.
std::string lastRemoteError(const std::string& name);

} // namespace popscope
