// Remote addresses and ~/.ssh/config as popscope reads them (no network: the connection tests are
// in tests/remote, against a private sshd).
#include "popscope/profile.hpp"
#include "popscope/remote/remote_address.hpp"
#include "popscope/remote/ssh_config.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace popscope;
using namespace popscope::remote;

TEST_CASE("remote addresses: ssh:// and scp forms, and what stays a local path")
{
    auto url = parseRemoteAddress("ssh://me@ipu-server:2200/data/run1/profile.pop");
    REQUIRE(url);
    CHECK(url->user == "me");
    CHECK(url->host == "ipu-server");
    CHECK(url->port == 2200);
    CHECK(url->path == "/data/run1/profile.pop");
    CHECK(url->toString() == "ssh://me@ipu-server:2200/data/run1/profile.pop");

    auto scp = parseRemoteAddress("ipu-server:runs/profile.pop");
    REQUIRE(scp);
    CHECK(scp->user.empty());
    CHECK(scp->port == 0);
    CHECK(scp->path == "runs/profile.pop"); // relative to the remote home
    CHECK(scp->toString() == "ssh://ipu-server/~/runs/profile.pop");
    CHECK(parseRemoteAddress(scp->toString()) == scp); // the canonical form reads back the same

    auto ipv6 = parseRemoteAddress("ssh://[::1]:22/p.pop");
    REQUIRE(ipv6);
    CHECK(ipv6->host == "::1");

    for (const char* local : { "profile.pop", "./a:b.pop", "/data/x:y/profile.pop", "dir/a:b.pop", "" })
        CHECK_FALSE(parseRemoteAddress(local));
    // Text that would reach libssh or a config lookup with characters no host has is refused.
    for (const char* bad : { "ssh://host;rm -rf/p.pop", "ssh://-oProxyCommand=x/p.pop",
             "ssh://host:99999/p.pop", "ssh://host", "ssh://host/", "ho st:/p.pop" })
        CHECK_FALSE(parseRemoteAddress(bad));
    CHECK(isRemoteAddress("ssh://host;bad/p.pop")); // a malformed ssh:// is still remote: named as such
}

TEST_CASE("a malformed remote address is named as such, without touching the network")
{
    try {
        Profile::open("ssh://host;bad/p.pop");
        FAIL("opened");
    } catch (const ProfileError& error) {
        CHECK(error.kind() == ErrorKind::InvalidInput);
        CHECK(std::string(error.what()).find("ssh://[user@]host[:port]/path") != std::string::npos);
    }
}

TEST_CASE("ssh config: Host patterns, first value wins, IdentityFile adds up, ~ is the given home")
{
    const auto folder = std::filesystem::temp_directory_path() / "popscope-ssh-config-test";
    std::filesystem::create_directories(folder);
    const auto config = folder / "config";
    std::ofstream(config) << "# comment\n"
                             "Host ipu-* !ipu-old\n"
                             "    HostName %h.cluster.example\n"
                             "    User alice\n"
                             "    IdentityFile ~/.ssh/cluster_key\n"
                             "    ProxyJump bastion,gate:2222\n"
                             "Host ipu-7\n"
                             "    User bob\n"
                             "    Port 2200\n"
                             "Host *\n"
                             "    Include extra.conf\n";
    std::ofstream(folder / "extra.conf") << "Port=22\nIdentityFile \"/keys/default\"\n";

    const SshHostConfig seven = readSshConfig(config.string(), "ipu-7", "/home/test");
    CHECK(seven.hostName == "ipu-7.cluster.example");
    CHECK(seven.user == "alice"); // the first block that sets it wins, as in OpenSSH
    CHECK(seven.port == 2200);
    CHECK(seven.identityFiles == std::vector<std::string> { "/home/test/.ssh/cluster_key", "/keys/default" });
    CHECK(seven.proxyJump == "bastion,gate:2222");

    const SshHostConfig old = readSshConfig(config.string(), "ipu-old", "/home/test");
    CHECK(old.hostName == "ipu-old"); // negated: the ipu-* block does not apply
    CHECK(old.user.empty());
    CHECK(old.port == 22);
    CHECK(old.identityFiles == std::vector<std::string> { "/keys/default" });
    CHECK(old.proxyJump.empty());

    const SshHostConfig none = readSshConfig((folder / "missing").string(), "h", "/home/test");
    CHECK(none.hostName == "h");
    CHECK(none.port == 0);
    std::filesystem::remove_all(folder);

    CHECK(sshHostMatches("a,b c", "c"));
    CHECK(sshHostMatches("*.example", "X.EXAMPLE"));
    CHECK_FALSE(sshHostMatches("* !x", "x"));
}
