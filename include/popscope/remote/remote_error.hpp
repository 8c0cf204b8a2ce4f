#pragma once
// A failure to reach or read a remote profile. The message names the host and the cause.
#include <stdexcept>
#include <string>

namespace popscope::remote {

enum class RemoteFailure {
    BadAddress, // the text is not an address popscope understands
    Unreachable, // name lookup, refused connection, timeout
    HostKeyRejected, // unknown and not accepted, or changed: never connected
    AuthenticationFailed,
    NoSuchFile,
    ConnectionLost, // the server went away while the file was open
    Cancelled,
    ImplausibleReply, // the server's answer cannot be right (a file larger than any profile)
    UnsupportedConfig, // an ssh_config line popscope refuses to skip (ProxyCommand, Match exec)
};

class RemoteError : public std::runtime_error {
public:
    RemoteError(RemoteFailure failure, const std::string& message)
        : std::runtime_error(message)
        , m_failure(failure)
    {
    }
    RemoteFailure failure() const { return m_failure; }

private:
    RemoteFailure m_failure;
};

} // namespace popscope::remote
