#include "open_session.hpp"

#include "popscope/remote/remote_error.hpp"

#include <fcntl.h>
#include <optional>

namespace popscope::remote {

namespace {

std::string sftpProblem(sftp_session sftp, ssh_session session)
{
    switch (sftp_get_error(sftp)) {
    case SSH_FX_NO_SUCH_FILE:
    case SSH_FX_NO_SUCH_PATH:
        return "no such file";
    case SSH_FX_PERMISSION_DENIED:
        return "permission denied";
    default:
        return ssh_get_error(session);
    }
}

// Opens and stats the file on the session's connection, and checks what the server says of it.
void checkOpened(OpenSession& session, const RemoteAddress& address)
{
    ssh_session ssh = session.connection->session();
    const std::string where = session.connection->label() + ":" + address.path;
    sftp_attributes attributes = nullptr;
    {
        const auto watched = session.connection->watchReply();
        session.sftp = sftp_new(ssh);
        const bool started = session.sftp && sftp_init(session.sftp) == SSH_OK;
        if (started)
            session.file = sftp_open(session.sftp, address.path.c_str(), O_RDONLY, 0);
        attributes = session.file ? sftp_fstat(session.file) : nullptr;
        if (auto ended = session.connection->watchdogError("opening " + address.path))
            throw *ended;
        if (!started)
            throw RemoteError(RemoteFailure::Unreachable,
                where + ": the server offers no SFTP (" + ssh_get_error(ssh) + ")");
    }
    if (!attributes)
        throw RemoteError(RemoteFailure::NoSuchFile, where + ": " + sftpProblem(session.sftp, ssh));
    session.state = { true, attributes->size, int64_t(attributes->mtime) };
    const bool isFile = attributes->type == SSH_FILEXFER_TYPE_REGULAR;
    sftp_attributes_free(attributes);
    if (!isFile)
        throw RemoteError(RemoteFailure::NoSuchFile, where + ": not a regular file");
    // A size the server claims is checked before anything is sized by it (the block map, SQLite's
    // 64-bit signed file size): no profile comes near it, so a larger one is a lying server.
    if (session.state.size > SftpFile::kMaxFileBytes)
        throw RemoteError(RemoteFailure::ImplausibleReply,
            where + ": the server claims the file holds " + std::to_string(session.state.size)
                + " bytes, more than any profile (at most " + std::to_string(SftpFile::kMaxFileBytes >> 40)
                + " TiB): refused");
}

} // namespace

OpenSession::~OpenSession()
{
    std::optional<ReplyWatchdog::Armed> watched;
    if (connection && (file || sftp))
        watched.emplace(connection->watchReply());
    if (file)
        sftp_close(file);
    if (sftp)
        sftp_free(sftp);
}

std::unique_ptr<OpenSession> openSession(
    const RemoteAddress& address, const RemoteSettings& settings, ClosingSessions& closing)
{
    auto session = std::make_unique<OpenSession>();
    session->connection = std::make_unique<SshConnection>(address, settings);
    try {
        checkOpened(*session, address);
    } catch (...) {
        closing.push_back(std::move(session));
        throw;
    }
    return session;
}

} // namespace popscope::remote
