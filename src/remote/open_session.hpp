#pragma once
// An SSH connection with a remote file open on it over SFTP: made by openSession(), then adopted by
// an SftpFile or dropped. Dropping it closes the file, which waits for the server.
#include "popscope/remote/remote_address.hpp"
#include "popscope/remote/remote_settings.hpp"
#include "popscope/remote/sftp_file.hpp"
#include "ssh_connection.hpp"

#include <libssh/sftp.h>

#include <memory>
#include <vector>

namespace popscope::remote {

// A connection with the file open on it, before it becomes an SftpFile's (or is dropped).
struct OpenSession {
    std::unique_ptr<SshConnection> connection;
    sftp_session sftp = nullptr;
    sftp_file file = nullptr;
    RemoteFileState state;

    OpenSession() = default;
    OpenSession(const OpenSession&) = delete;
    OpenSession& operator=(const OpenSession&) = delete;
    // Closes the file, which waits for the server's answer: under the same deadline as every
    // other reply, so a server that never answers the close cannot hang popscope.
    ~OpenSession();
};

// Connects, opens the file read-only and stats it. Throws RemoteError; a session refused after the
// file was opened goes to `closing`, whose owner closes it without holding a lock.
std::unique_ptr<OpenSession> openSession(
    const RemoteAddress& address, const RemoteSettings& settings, ClosingSessions& closing);

} // namespace popscope::remote
