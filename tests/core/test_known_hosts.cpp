// known_hosts as OpenSSH reads and writes it: the name a key is recorded under (HostKeyAlias, a
// port other than 22), hashed names as OpenSSH writes them (HashKnownHosts), and checking a key
// against plain and hashed lines, with @revoked lines honoured.
#include "fixture_builder.hpp"
#include "known_hosts.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <memory>

using namespace popscope::remote;
using popscope::test::TempDir;

namespace {

using Key = std::unique_ptr<ssh_key_struct, void (*)(ssh_key)>;

Key newKey(ssh_keytypes_e type = SSH_KEYTYPE_ED25519, int bits = 0)
{
    ssh_key key = nullptr;
    REQUIRE(ssh_pki_generate(type, bits, &key) == SSH_OK);
    return Key(key, ssh_key_free);
}

std::string base64Of(ssh_key key)
{
    char* blob = nullptr;
    REQUIRE(ssh_pki_export_pubkey_base64(key, &blob) == SSH_OK);
    std::string text = blob;
    ssh_string_free_char(blob);
    return text;
}

std::string readKnownHosts(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return { std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>() };
}

void writeWhole(const std::string& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary) << text;
}

} // namespace

TEST_CASE("known_hosts: a key is recorded under the HostKeyAlias, else the host with its port", "[remote]")
{
    CHECK(knownHostsName("Gpu1.Lab", 22, "") == "gpu1.lab");
    CHECK(knownHostsName("127.0.0.1", 2222, "") == "[127.0.0.1]:2222");
    CHECK(knownHostsName("127.0.0.1", 2222, "IPU-Box") == "ipu-box"); // no port with an alias, as OpenSSH
}

TEST_CASE("known_hosts: a hashed name is OpenSSH's HMAC-SHA1 of the name under the salt", "[remote]")
{
    KnownHostsSalt salt {};
    for (size_t i = 0; i < salt.size(); ++i)
        salt[i] = static_cast<unsigned char>(i);
    // Python's hmac.new(bytes(range(20)), b"[127.0.0.1]:2222", hashlib.sha1), base64.
    CHECK(hashedHostName("[127.0.0.1]:2222", salt)
        == "|1|AAECAwQFBgcICQoLDA0ODxAREhM=|zKYaAqmSav3Qxr2sffNqWFIcbe4=");
    // libssh's reader matches a freshly salted name for that name only, and two salts differ.
    const Key key = newKey();
    const std::string hashed = hashedHostName("[127.0.0.1]:2222");
    CHECK(hashed != hashedHostName("[127.0.0.1]:2222"));
    const std::string line = hashed + " ssh-ed25519 " + base64Of(key.get());
    ssh_knownhosts_entry* entry = nullptr;
    CHECK(ssh_known_hosts_parse_line("[127.0.0.1]:2222", line.c_str(), &entry) == SSH_OK);
    ssh_knownhosts_entry_free(entry);
    entry = nullptr;
    CHECK(ssh_known_hosts_parse_line("[127.0.0.1]:2223", line.c_str(), &entry) == SSH_AGAIN);
}

TEST_CASE("known_hosts: a key is checked under its name, plain or hashed, in either file", "[remote]")
{
    TempDir dir;
    const std::string user = dir.file("known_hosts"), system = dir.file("ssh_known_hosts");
    const Key key = newKey(), other = newKey(), ecdsa = newKey(SSH_KEYTYPE_ECDSA_P256, 256);
    writeWhole(user,
        "# a comment\n\n[127.0.0.1]:2222 ssh-ed25519 " + base64Of(other.get()) + "\n"
            + hashedHostName("ipu-box") + " ssh-ed25519 " + base64Of(key.get()) + "\n"
            + "gpu1 ecdsa-sha2-nistp256 " + base64Of(ecdsa.get()) + "\n");
    writeWhole(system, "gpu2 ssh-ed25519 " + base64Of(key.get()) + "\n");
    const std::vector<std::string> files { user, system };
    const auto status
        = [&files, &key](const std::string& name) { return checkKnownHost(files, name, key.get()).status; };
    CHECK(status("ipu-box") == SSH_KNOWN_HOSTS_OK); // hashed alias line
    CHECK(status("[127.0.0.1]:2222") == SSH_KNOWN_HOSTS_CHANGED);
    CHECK(status("gpu1") == SSH_KNOWN_HOSTS_OTHER);
    CHECK(status("gpu2") == SSH_KNOWN_HOSTS_OK); // the system's file
    CHECK(status("gpu3") == SSH_KNOWN_HOSTS_UNKNOWN);
    CHECK(checkKnownHost({ dir.file("missing") }, "gpu2", key.get()).status == SSH_KNOWN_HOSTS_UNKNOWN);
    CHECK_FALSE(revokingFile(files, key.get()));
    // The refusal names the file that holds the @revoked line: here the system's.
    writeWhole(system, "@revoked * ssh-ed25519 " + base64Of(key.get()) + "\n");
    CHECK(revokingFile(files, key.get()) == system);
    CHECK_FALSE(revokingFile(files, other.get()));
}

TEST_CASE("known_hosts: a mismatch names the file and line of the key that does not match", "[remote]")
{
    TempDir dir;
    const std::string first = dir.file("known_hosts"), second = dir.file("known_hosts2"),
                      system = dir.file("ssh_known_hosts");
    const Key key = newKey(), other = newKey(), ecdsa = newKey(SSH_KEYTYPE_ECDSA_P256, 256);
    writeWhole(first, "# nothing for gpu1 here\ngpu9 ssh-ed25519 " + base64Of(other.get()) + "\n");
    writeWhole(second,
        "gpu2 ecdsa-sha2-nistp256 " + base64Of(ecdsa.get()) + "\n\n# gpu1\n" + hashedHostName("gpu1")
            + " ssh-ed25519 " + base64Of(other.get()) + "\n");
    writeWhole(system, "gpu1 ssh-ed25519 " + base64Of(other.get()) + "\n");
    const std::vector<std::string> files { first, second, system };
    // The changed key is in the second user file, line 4 (hashed), not in the first file.
    const KnownHostCheck changed = checkKnownHost(files, "gpu1", key.get());
    CHECK(changed.status == SSH_KNOWN_HOSTS_CHANGED);
    CHECK(changed.where.text() == second + ":4");
    // Only the system's file holds one: named, with its line.
    const KnownHostCheck global = checkKnownHost({ first, system }, "gpu1", key.get());
    CHECK(global.where.text() == system + ":1");
    // A key of another type: its line.
    const KnownHostCheck otherType = checkKnownHost(files, "gpu2", key.get());
    CHECK(otherType.status == SSH_KNOWN_HOSTS_OTHER);
    CHECK(otherType.where.text() == second + ":1");
    // A line of another type before a changed one of the same type: the changed one is named.
    writeWhole(system, "gpu2 ssh-ed25519 " + base64Of(other.get()) + "\n");
    CHECK(checkKnownHost(files, "gpu2", key.get()).where.text() == system + ":1");
}

TEST_CASE("known_hosts: an accepted key is appended on a line of its own, hashed when asked", "[remote]")
{
    TempDir dir;
    const std::string file = dir.file("ssh/known_hosts"); // its folder made too
    const Key key = newKey();
    recordKnownHost(file, "ipu-box", key.get(), false);
    CHECK(readKnownHosts(file) == "ipu-box ssh-ed25519 " + base64Of(key.get()) + "\n");
    writeWhole(file, "gpu1 ssh-ed25519 " + base64Of(key.get())); // no newline at its end
    recordKnownHost(file, "[127.0.0.1]:2222", key.get(), true);
    const std::string text = readKnownHosts(file);
    const std::string added = text.substr(text.find('\n') + 1);
    CHECK(added.rfind("|1|", 0) == 0);
    CHECK(added.find("127.0.0.1") == std::string::npos);
    CHECK(checkKnownHost({ file }, "[127.0.0.1]:2222", key.get()).status == SSH_KNOWN_HOSTS_OK);
    CHECK(checkKnownHost({ file }, "gpu1", key.get()).status == SSH_KNOWN_HOSTS_OK);
    CHECK_THROWS_WITH(recordKnownHost(dir.file("known_hosts/."), "x", key.get(), false),
        Catch::Contains("cannot add the host key to"));
}
