// Remote addresses and ~/.ssh/config as popscope reads them (no network: the connection tests are
// in tests/remote, against a private sshd).
#include "popscope/profile.hpp"
#include "popscope/remote/remote_address.hpp"
#include "popscope/remote/remote_error.hpp"
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

namespace {

// Writes `text` as FOLDER/NAME and returns the path.
std::string writeConfig(const std::filesystem::path& folder, const std::string& name, const std::string& text)
{
    std::filesystem::create_directories(folder);
    std::ofstream(folder / name) << text;
    return (folder / name).string();
}

std::string configRefusal(const std::vector<std::string>& paths, const std::string& alias)
{
    try {
        readSshConfig(paths, alias, "/home/test");
    } catch (const RemoteError& error) {
        CHECK(error.failure() == RemoteFailure::UnsupportedConfig);
        return error.what();
    }
    return "";
}

} // namespace

TEST_CASE("ssh config: host-key checking, known hosts, identities and the system config, and refused "
          "lines named with their file and line")
{
    const auto folder = std::filesystem::temp_directory_path() / "popscope-ssh-config-policy";
    const std::string user = writeConfig(folder, "config",
        "Host strict\n    StrictHostKeyChecking yes\n"
        "Host new\n    StrictHostKeyChecking accept-new\n    UserKnownHostsFile ~/hosts/a ~/hosts/b\n"
        "Host lax\n    StrictHostKeyChecking no\n    IdentitiesOnly yes\n    ServerAliveInterval 30\n"
        "Host new strict\n    HostKeyAlias ipu-box\n    HashKnownHosts yes\n"
        "Match all\n    User everyone\n    HostKeyAlias everyone-box\n");
    const std::string system = writeConfig(folder, "system", "Host *\n    Port 2022\n    User system\n");
    const SshHostConfig strict = readSshConfig({ user, system }, "strict", "/home/test");
    CHECK(strict.hostKeyPolicy == HostKeyPolicy::Strict);
    CHECK(strict.user == "everyone"); // Match all applies; the user config comes first
    CHECK(strict.port == 2022); // from the system config, read after
    const SshHostConfig fresh = readSshConfig({ user, system }, "new", "/home/test");
    CHECK(fresh.hostKeyPolicy == HostKeyPolicy::AcceptNew);
    CHECK(fresh.knownHostsFiles == std::vector<std::string> { "/home/test/hosts/a", "/home/test/hosts/b" });
    const SshHostConfig lax = readSshConfig({ user, system }, "lax", "/home/test");
    CHECK(lax.hostKeyPolicy == HostKeyPolicy::Ask); // "no" is asked, never accepted silently
    CHECK(lax.identitiesOnly);
    CHECK_FALSE(strict.identitiesOnly);
    CHECK(lax.serverAliveInterval == 30);
    CHECK(strict.serverAliveInterval == 0); // none named: popscope's keepalives follow the timeout
    CHECK(strict.hostKeyAlias == "ipu-box"); // the first value found wins
    CHECK(strict.hashKnownHosts);
    CHECK(lax.hostKeyAlias == "everyone-box");
    CHECK_FALSE(lax.hashKnownHosts);

    const std::string proxy = writeConfig(folder, "proxy",
        "Host other\n    ProxyCommand nc %h %p\n"
        "Host bastioned\n    ProxyCommand nc %h %p\n");
    CHECK(readSshConfig(proxy, "plain", "/home/test").hostName == "plain"); // another host's: not read
    const std::string proxyError = configRefusal({ proxy }, "bastioned");
    CHECK(proxyError.find(proxy + ":4: ProxyCommand is not supported") != std::string::npos);
    CHECK(proxyError.find("ProxyJump") != std::string::npos);

    const std::string match = writeConfig(folder, "match", "Host a\n    User a\n\nMatch exec \"true\"\n");
    CHECK(configRefusal({ match }, "a").find(match + ":4: Match exec \"true\" is not supported")
        != std::string::npos);
    const std::string local = writeConfig(folder, "local", "LocalCommand touch /tmp/x\n");
    CHECK(configRefusal({ local }, "a").find(local + ":1: LocalCommand") != std::string::npos);
    // An Include of itself: refused at OpenSSH's depth of 16, not followed for ever nor skipped.
    const std::string loop = writeConfig(folder, "loop", "Include loop\n");
    CHECK(configRefusal({ loop }, "a").find("nested more than 16 deep") != std::string::npos);
    std::filesystem::remove_all(folder);
}

TEST_CASE("ssh config: known-hosts file lists and BatchMode are honoured, and KnownHostsCommand, "
          "CanonicalizeHostname and other HostName tokens are refused with their file and line")
{
    const auto folder = std::filesystem::temp_directory_path() / "popscope-ssh-config-hosts";
    const std::string user = writeConfig(folder, "config",
        "Host listed\n    UserKnownHostsFile ~/k1 /etc/k2\n    GlobalKnownHostsFile /g1 ~/g2\n"
        "    BatchMode yes\n    HostName %h.lab%%1\n"
        "Host none\n    UserKnownHostsFile none\n    GlobalKnownHostsFile none\n    BatchMode no\n"
        "    CanonicalizeHostname no\n"
        "Host *\n    UserKnownHostsFile ~/later\n    BatchMode no\n");
    const SshHostConfig listed = readSshConfig(user, "listed", "/home/test");
    CHECK(listed.knownHostsFiles == std::vector<std::string> { "/home/test/k1", "/etc/k2" });
    CHECK(listed.globalKnownHostsFiles == std::vector<std::string> { "/g1", "/home/test/g2" });
    CHECK(listed.batchMode); // the first value found wins over Host *'s
    CHECK(listed.hostName == "listed.lab%1");
    const SshHostConfig none = readSshConfig(user, "none", "/home/test");
    CHECK(none.knownHostsFiles == std::vector<std::string> { "/dev/null" });
    CHECK(none.globalKnownHostsFiles == std::vector<std::string> { "/dev/null" });
    CHECK_FALSE(none.batchMode);
    const SshHostConfig other = readSshConfig(user, "other", "/home/test");
    CHECK(other.knownHostsFiles == std::vector<std::string> { "/home/test/later" });
    CHECK(other.globalKnownHostsFiles.empty()); // the default: /etc/ssh/ssh_known_hosts

    const std::string refused = writeConfig(folder, "refused",
        "Host command\n    KnownHostsCommand /usr/bin/find-keys %H\n"
        "Host canonical\n    CanonicalizeHostname yes\n"
        "Host tokens\n    HostName %n.%p.lab\n"
        "Host first\n    HostName first.lab\nHost first\n    HostName %n.lab\n");
    CHECK(configRefusal({ refused }, "command").find(refused + ":2: KnownHostsCommand is not supported")
        != std::string::npos);
    CHECK(configRefusal({ refused }, "canonical")
              .find(refused + ":4: CanonicalizeHostname yes is not supported")
        != std::string::npos);
    const std::string tokens = configRefusal({ refused }, "tokens");
    CHECK(tokens.find(refused + ":6: HostName %n.%p.lab is not supported") != std::string::npos);
    CHECK(tokens.find("only %h") != std::string::npos);
    // A later HostName is never used (the first wins), so its tokens do not matter.
    CHECK(readSshConfig(refused, "first", "/home/test").hostName == "first.lab");
    std::filesystem::remove_all(folder);
}
