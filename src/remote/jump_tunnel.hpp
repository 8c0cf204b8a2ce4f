#pragma once
// A TCP connection made from a jump host (ProxyJump): a direct-tcpip channel on the jump host's
// session, bridged to one end of a local socket pair whose other end the next session uses as
// its socket. A thread moves the bytes; it alone uses the jump session once the tunnel is open.
#include <libssh/libssh.h>

#include <atomic>
#include <string>
#include <thread>

namespace popscope::remote {

class JumpTunnel {
public:
    // Opens the channel to host:port from `jumpSession`; throws RemoteError when refused, or when
    // the jump host does not answer within `timeoutSeconds` (the session's own timeout).
    JumpTunnel(ssh_session jumpSession, const std::string& jumpLabel, const std::string& host, int port,
        int timeoutSeconds);
    ~JumpTunnel();
    JumpTunnel(const JumpTunnel&) = delete;
    JumpTunnel& operator=(const JumpTunnel&) = delete;

    // The socket the next session is given (SSH_OPTIONS_FD); that session closes it.
    int socketForSession() const { return m_sessionEnd; }

private:
    void pump();

    ssh_session m_jumpSession;
    ssh_channel m_channel = nullptr;
    int m_sessionEnd = -1;
    int m_tunnelEnd = -1;
    std::atomic<bool> m_stop { false };
    std::thread m_thread;
};

} // namespace popscope::remote
