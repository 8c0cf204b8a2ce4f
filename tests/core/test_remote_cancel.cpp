// Cancelling a connection in progress: a port that accepts TCP but never speaks SSH would keep
// SshConnection waiting for the whole timeout (600 s here); a cancelled scope ends it at once. No
// sshd needed: the kernel completes the TCP handshake for a listening socket nobody accepts on.
#include "fixture_builder.hpp"
#include "popscope/remote/remote_error.hpp"
#include "popscope/remote/sftp_file.hpp"

#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <atomic>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace popscope;
using namespace popscope::remote;

namespace {

// A listening socket on 127.0.0.1 that never answers; its port.
struct SilentListener {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    int port = 0;
    SilentListener()
    {
        sockaddr_in address {};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        REQUIRE(bind(fd, reinterpret_cast<sockaddr*>(&address), length) == 0);
        REQUIRE(listen(fd, 4) == 0);
        REQUIRE(getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0);
        port = ntohs(address.sin_port);
    }
    ~SilentListener() { close(fd); }
};

} // namespace

TEST_CASE("remote: connecting gives up when its cancel scope says so, not at the timeout", "[remote]")
{
    SilentListener silent;
    test::TempDir home; // no ~/.ssh of the user's
    RemoteSettings settings;
    settings.home = home.path().string();
    settings.timeoutSeconds = 600;
    settings.diskCache = false;
    const auto address = parseRemoteAddress("ssh://ann@127.0.0.1:" + std::to_string(silent.port) + "/r.pop");
    REQUIRE(address);

    std::atomic<bool> cancelled = false;
    std::optional<RemoteFailure> failure;
    std::string message;
    std::thread connecting([&] {
        const CancelScope scope([&] { return cancelled.load(); });
        try {
            SftpFile::open(*address, settings);
        } catch (const RemoteError& error) {
            failure = error.failure();
            message = error.what();
        }
    });
    cancelled = true; // before or while it connects: either way it ends now
    connecting.join();
    REQUIRE(failure);
    CHECK(*failure == RemoteFailure::Cancelled);
    CHECK(message.find("127.0.0.1") != std::string::npos);
    CHECK(message.find("cancelled") != std::string::npos);
}

TEST_CASE("remote: cancel scopes nest, and end with their thread's scope", "[remote]")
{
    CHECK_FALSE(cancelRequested());
    {
        const CancelScope outer([] { return true; });
        {
            const CancelScope inner([] { return false; });
            CHECK(cancelRequested()); // the outer one still asks to give up
        }
        bool otherThreadCancelled = true;
        std::thread other([&] { otherThreadCancelled = cancelRequested(); });
        other.join();
        CHECK_FALSE(otherThreadCancelled); // scopes are per thread
    }
    CHECK_FALSE(cancelRequested());
}
