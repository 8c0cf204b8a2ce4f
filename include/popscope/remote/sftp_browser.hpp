#pragma once
// Lists remote folders for the Open Remote dialog's completion: one connection to a host, kept
// while the dialog is open. Throws RemoteError like SftpFile.
#include "popscope/remote/remote_address.hpp"
#include "popscope/remote/remote_settings.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace popscope::remote {

class SshConnection;

struct RemoteEntry {
    std::string name;
    bool folder = false;
    uint64_t size = 0;
};

struct RemoteFolderContents {
    std::vector<RemoteEntry> entries;
    bool truncated = false; // the folder holds more than SftpBrowser::kMaxEntriesRead entries
};

class SftpBrowser {
public:
    // Connects to the host of `address` (its path is not used).
    SftpBrowser(const RemoteAddress& address, const RemoteSettings& settings);
    ~SftpBrowser();
    SftpBrowser(const SftpBrowser&) = delete;
    SftpBrowser& operator=(const SftpBrowser&) = delete;

    // The folders and .pop files in `folder` (absolute, or relative to the remote home), sorted
    // folders first; hidden entries left out. Reads at most kMaxEntriesRead entries.
    RemoteFolderContents list(const std::string& folder);
    static constexpr uint64_t kMaxEntriesRead = 100000;
    // The size of one file, or nothing when it is not a regular file.
    std::optional<uint64_t> fileSize(const std::string& path);
    const std::string& label() const;

private:
    std::unique_ptr<SshConnection> m_connection;
    void* m_sftp = nullptr;
};

} // namespace popscope::remote
