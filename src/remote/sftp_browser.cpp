#include "popscope/remote/sftp_browser.hpp"

#include "popscope/remote/remote_error.hpp"
#include "ssh_connection.hpp"

#include <libssh/sftp.h>

#include <algorithm>

namespace popscope::remote {

SftpBrowser::SftpBrowser(const RemoteAddress& address, const RemoteSettings& settings)
    : m_connection(std::make_unique<SshConnection>(address, settings))
{
    sftp_session sftp = sftp_new(m_connection->session());
    if (!sftp || sftp_init(sftp) != SSH_OK) {
        if (sftp)
            sftp_free(sftp);
        throw RemoteError(RemoteFailure::Unreachable, m_connection->label() + ": the server offers no SFTP");
    }
    m_sftp = sftp;
}

SftpBrowser::~SftpBrowser()
{
    if (m_sftp)
        sftp_free(static_cast<sftp_session>(m_sftp));
}

const std::string& SftpBrowser::label() const
{
    return m_connection->label();
}

std::vector<RemoteEntry> SftpBrowser::list(const std::string& folder)
{
    auto* sftp = static_cast<sftp_session>(m_sftp);
    sftp_dir dir = sftp_opendir(sftp, folder.empty() ? "." : folder.c_str());
    if (!dir)
        throw RemoteError(RemoteFailure::NoSuchFile, label() + ":" + folder + ": cannot list this folder");
    std::vector<RemoteEntry> entries;
    while (sftp_attributes attributes = sftp_readdir(sftp, dir)) {
        const std::string name = attributes->name ? attributes->name : "";
        const bool isFolder = attributes->type == SSH_FILEXFER_TYPE_DIRECTORY;
        const bool isProfile = name.size() > 4 && name.compare(name.size() - 4, 4, ".pop") == 0;
        if (!name.empty() && name[0] != '.' && (isFolder || isProfile))
            entries.push_back({ name, isFolder, attributes->size });
        sftp_attributes_free(attributes);
    }
    sftp_closedir(dir);
    std::sort(entries.begin(), entries.end(), [](const RemoteEntry& a, const RemoteEntry& b) {
        return a.folder != b.folder ? a.folder : a.name < b.name;
    });
    return entries;
}

std::optional<uint64_t> SftpBrowser::fileSize(const std::string& path)
{
    sftp_attributes attributes = sftp_stat(static_cast<sftp_session>(m_sftp), path.c_str());
    if (!attributes)
        return std::nullopt;
    const bool regular = attributes->type == SSH_FILEXFER_TYPE_REGULAR;
    const uint64_t size = attributes->size;
    sftp_attributes_free(attributes);
    return regular ? std::optional<uint64_t>(size) : std::nullopt;
}

} // namespace popscope::remote
