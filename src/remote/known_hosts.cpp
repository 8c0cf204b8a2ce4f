#include "known_hosts.hpp"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace popscope::remote {

namespace {

std::string lowerCaseName(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text;
}

std::string base64(const unsigned char* data, size_t length)
{
    std::string text(4 * ((length + 2) / 3) + 1, '\0');
    const int written = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(text.data()), data, int(length));
    text.resize(size_t(std::max(written, 0)));
    return text;
}

// Calls `visit` with each line of `file` that holds a host entry or a marker (comments and blank
// lines skipped, leading blanks removed) and its number, from 1; stops when it returns false.
void forEachEntry(const std::string& file, const std::function<bool(const std::string&, int)>& visit)
{
    std::ifstream in(file);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        const size_t start = line.find_first_not_of(" \t");
        if (start == std::string::npos || line[start] == '#')
            continue;
        if (!visit(line.substr(start), number))
            return;
    }
}

// The file's verdict on `key` for `name`; for CHANGED its first line with another key of the
// type, for OTHER its first line with a key of another type.
KnownHostCheck checkFile(const std::string& file, const std::string& name, ssh_key key)
{
    KnownHostCheck found;
    forEachEntry(file, [&](const std::string& line, int number) {
        if (line.front() == '@') // @revoked is checked on its own; @cert-authority is not followed
            return true;
        ssh_knownhosts_entry* entry = nullptr;
        if (ssh_known_hosts_parse_line(name.c_str(), line.c_str(), &entry) != SSH_OK)
            return true; // another host's line (SSH_AGAIN), or one that cannot be read
        if (ssh_key_cmp(key, entry->publickey, SSH_KEY_CMP_PUBLIC) == 0)
            found = { SSH_KNOWN_HOSTS_OK, {} };
        else if (ssh_key_type(key) == ssh_key_type(entry->publickey)) {
            if (found.status != SSH_KNOWN_HOSTS_CHANGED)
                found = { SSH_KNOWN_HOSTS_CHANGED, { file, number } };
        } else if (found.status == SSH_KNOWN_HOSTS_UNKNOWN)
            found = { SSH_KNOWN_HOSTS_OTHER, { file, number } };
        ssh_knownhosts_entry_free(entry);
        return found.status != SSH_KNOWN_HOSTS_OK;
    });
    return found;
}

[[noreturn]] void failToRecord(const std::string& file, const std::string& why)
{
    throw std::runtime_error("cannot add the host key to " + file + ": " + why);
}

} // namespace

std::string knownHostsName(const std::string& host, int port, const std::string& alias)
{
    if (!alias.empty())
        return lowerCaseName(alias);
    if (port == 0 || port == 22)
        return lowerCaseName(host);
    std::string name = "[";
    name.append(lowerCaseName(host)).append("]:").append(std::to_string(port));
    return name;
}

KnownHostCheck checkKnownHost(const std::vector<std::string>& files, const std::string& name, ssh_key key)
{
    KnownHostCheck result;
    for (const std::string& file : files) {
        KnownHostCheck found = checkFile(file, name, key);
        if (found.status == SSH_KNOWN_HOSTS_OK)
            return found;
        // The first file's CHANGED line is the one named, else the first line of another type.
        if ((found.status == SSH_KNOWN_HOSTS_CHANGED && result.status != SSH_KNOWN_HOSTS_CHANGED)
            || result.status == SSH_KNOWN_HOSTS_UNKNOWN)
            result = std::move(found);
    }
    return result;
}

std::optional<std::string> revokingFile(const std::vector<std::string>& files, ssh_key key)
{
    char* blob = nullptr;
    if (ssh_pki_export_pubkey_base64(key, &blob) != SSH_OK || !blob)
        return std::nullopt;
    const std::string keyBase64 = blob;
    ssh_string_free_char(blob);
    for (const std::string& file : files) {
        bool revoked = false;
        forEachEntry(file, [&](const std::string& line, int) {
            std::istringstream fields(line);
            std::string marker, hosts, type, text;
            revoked = fields >> marker >> hosts >> type >> text && marker == "@revoked" && text == keyBase64;
            return !revoked;
        });
        if (revoked)
            return file;
    }
    return std::nullopt;
}

std::string hashedHostName(const std::string& name, const KnownHostsSalt& salt)
{
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    HMAC(EVP_sha1(), salt.data(), int(salt.size()), reinterpret_cast<const unsigned char*>(name.data()),
        name.size(), digest, &length);
    return "|1|" + base64(salt.data(), salt.size()) + "|" + base64(digest, length);
}

std::string hashedHostName(const std::string& name)
{
    KnownHostsSalt salt {};
    if (RAND_bytes(salt.data(), int(salt.size())) != 1)
        throw std::runtime_error("no random bytes for hashing a known_hosts name");
    return hashedHostName(name, salt);
}

void recordKnownHost(const std::string& file, const std::string& name, ssh_key key, bool hash)
{
    std::string line = hash ? hashedHostName(name) : name;
    char* blob = nullptr;
    if (ssh_pki_export_pubkey_base64(key, &blob) != SSH_OK || !blob)
        failToRecord(file, "the key cannot be written out");
    line.append(" ").append(ssh_key_type_to_char(ssh_key_type(key))).append(" ").append(blob).append("\n");
    ssh_string_free_char(blob);
    if (const size_t slash = file.rfind('/'); slash != std::string::npos && slash > 0)
        mkdir(file.substr(0, slash).c_str(), 0700);
    const int fd = open(file.c_str(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0)
        failToRecord(file, std::strerror(errno));
    struct stat status { };
    char last = '\n';
    const bool endsOpen = fstat(fd, &status) == 0 && status.st_size > 0
        && pread(fd, &last, 1, status.st_size - 1) == 1 && last != '\n';
    if (endsOpen) // the file's last line gets its newline first
        line = std::string(1, '\n').append(line);
    const bool written = write(fd, line.data(), line.size()) == ssize_t(line.size());
    const int writeError = errno;
    if (close(fd) != 0 || !written)
        failToRecord(file, std::strerror(written ? errno : writeError));
}

} // namespace popscope::remote
