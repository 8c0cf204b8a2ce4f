#include "popscope/remote/sftp_browser.hpp"

#include "popscope/remote/remote_error.hpp"
#include "ssh_connection.hpp"

#include <libssh/sftp.h>

#include <algorithm>

namespace popscope::remote {

SftpBrowser::SftpBrowser(const RemoteAddress& address, const RemoteSettings& settings)
    : m_connection(std::make_unique<SshConnection>(address, settings))
{
    const auto watched = m_connection->watchReply();
    sftp_session sftp = sftp_new(m_connection->session());
    if (!sftp || sftp_init(sftp) != SSH_OK) {
        if (sftp)
            sftp_free(sftp);
        if (auto ended = m_connection->watchdogError("starting SFTP"))
            throw *ended;
        throw RemoteError(RemoteFailure::Unreachable, m_connection->label() + ": the server offers no SFTP");
    }
    m_sftp = sftp;
}

SftpBrowser::~SftpBrowser()
{
    if (m_sftp) {
        const auto watched = m_connection->watchReply();
        sftp_free(static_cast<sftp_session>(m_sftp));
    }
}

const std::string& SftpBrowser::label() const
{
    return m_connection->label();
}

RemoteFolderContents SftpBrowser::list(const std::string& folder)
{
    auto* sftp = static_cast<sftp_session>(m_sftp);
    // Each reply within the timeout, not the whole listing: a long folder on a slow link is no stall.
    const auto watchedCall = [this](auto call) {
        const auto watched = m_connection->watchReply();
        return call();
    };
    sftp_dir dir = watchedCall([&] { return sftp_opendir(sftp, folder.empty() ? "." : folder.c_str()); });
    if (!dir) {
        if (auto ended = m_connection->watchdogError("listing " + folder))
            throw *ended;
        throw RemoteError(RemoteFailure::NoSuchFile, label() + ":" + folder + ": cannot list this folder");
    }
    RemoteFolderContents listing;
    uint64_t read = 0;
    while (sftp_attributes attributes = watchedCall([&] { return sftp_readdir(sftp, dir); })) {
        const std::string name = attributes->name ? attributes->name : "";
        const bool isFolder = attributes->type == SSH_FILEXFER_TYPE_DIRECTORY;
        const bool isProfile = name.size() > 4 && name.compare(name.size() - 4, 4, ".pop") == 0;
        if (!name.empty() && name[0] != '.' && (isFolder || isProfile))
            listing.entries.push_back({ name, isFolder, attributes->size });
        sftp_attributes_free(attributes);
        // A folder of millions of entries (or a server that never ends one) stops at the cap.
        if (++read >= kMaxEntriesRead) {
            listing.truncated = true;
            break;
        }
    }
    watchedCall([&] { return sftp_closedir(dir); }); // closed before a stall is reported, not leaked
    if (auto ended = m_connection->watchdogError("listing " + folder))
        throw *ended;
    std::sort(listing.entries.begin(), listing.entries.end(), [](const RemoteEntry& a, const RemoteEntry& b) {
        return a.folder != b.folder ? a.folder : a.name < b.name;
    });
    return listing;
}

std::optional<uint64_t> SftpBrowser::fileSize(const std::string& path)
{
    sftp_attributes attributes = nullptr;
    {
        const auto watched = m_connection->watchReply();
        attributes = sftp_stat(static_cast<sftp_session>(m_sftp), path.c_str());
    }
    if (auto ended = m_connection->watchdogError("reading the size of " + path))
        throw *ended;
    if (!attributes)
        return std::nullopt;
    const bool regular = attributes->type == SSH_FILEXFER_TYPE_REGULAR;
    const uint64_t size = attributes->size;
    sftp_attributes_free(attributes);
    return regular ? std::optional<uint64_t>(size) : std::nullopt;
}

} // namespace popscope::remote
