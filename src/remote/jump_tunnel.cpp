#include "jump_tunnel.hpp"

#include "popscope/remote/remote_error.hpp"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace popscope::remote {

JumpTunnel::JumpTunnel(ssh_session jumpSession, const std::string& jumpLabel, const std::string& host,
    int port, int timeoutSeconds)
    : m_jumpSession(jumpSession)
{
    m_channel = ssh_channel_new(jumpSession);
    // Blocking, so libssh waits at most the session's timeout for the answer: SSH_AGAIN then.
    const int opened
        = m_channel ? ssh_channel_open_forward(m_channel, host.c_str(), port, "127.0.0.1", 0) : SSH_ERROR;
    if (opened != SSH_OK) {
        const std::string why = opened == SSH_AGAIN
            ? "it sent nothing for " + std::to_string(timeoutSeconds) + " s"
            : std::string(ssh_get_error(jumpSession));
        if (m_channel)
            ssh_channel_free(m_channel);
        throw RemoteError(RemoteFailure::Unreachable,
            "the jump host " + jumpLabel + " cannot reach " + host + ":" + std::to_string(port) + " (" + why
                + ")");
    }
    int ends[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) {
        ssh_channel_free(m_channel);
        throw RemoteError(
            RemoteFailure::Unreachable, "cannot make a local socket for the jump host " + jumpLabel);
    }
    m_sessionEnd = ends[0];
    m_tunnelEnd = ends[1];
    m_thread = std::thread([this] { pump(); });
}

JumpTunnel::~JumpTunnel()
{
    m_stop = true;
    if (m_thread.joinable())
        m_thread.join();
    ssh_channel_close(m_channel);
    ssh_channel_free(m_channel);
    if (m_tunnelEnd >= 0)
        close(m_tunnelEnd);
}

void JumpTunnel::pump()
{
    char buffer[64 * 1024];
    pollfd watched[2] = { { m_tunnelEnd, POLLIN, 0 }, { ssh_get_fd(m_jumpSession), POLLIN, 0 } };
    while (!m_stop) {
        poll(watched, 2, 50);
        if (watched[0].revents & (POLLHUP | POLLERR))
            break; // the next session closed its socket
        if (watched[0].revents & POLLIN) {
            const ssize_t got = read(m_tunnelEnd, buffer, sizeof buffer);
            if (got <= 0 || ssh_channel_write(m_channel, buffer, uint32_t(got)) < 0)
                break;
        }
        int got;
        while ((got = ssh_channel_read_nonblocking(m_channel, buffer, sizeof buffer, 0)) > 0)
            for (ssize_t sent = 0; sent < got;) {
                // send, not write: a closed other end must end the tunnel, not raise SIGPIPE.
                const ssize_t n = send(m_tunnelEnd, buffer + sent, size_t(got - sent), MSG_NOSIGNAL);
                if (n <= 0)
                    return;
                sent += n;
            }
        if (got == SSH_ERROR || ssh_channel_is_eof(m_channel) || !ssh_channel_is_open(m_channel))
            break;
    }
    // The next session sees its socket close and reports the connection lost.
    shutdown(m_tunnelEnd, SHUT_RDWR);
}

} // namespace popscope::remote
