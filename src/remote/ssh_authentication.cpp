// SshConnection::authenticate: ssh-agent, then key files (asking for a passphrase), then a
// password. Secrets are wiped from memory as soon as libssh has used them.
#include "ssh_connection.hpp"

#include "popscope/remote/remote_error.hpp"

#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace popscope::remote {

namespace {

void wipe(std::string& secret)
{
    if (!secret.empty())
        explicit_bzero(secret.data(), secret.size());
    secret.clear();
}

bool readable(const std::string& path)
{
    return access(path.c_str(), R_OK) == 0;
}

} // namespace

bool SshConnection::tryKeyFile(Prompter* prompter, const std::string& path)
{
    // The public half, when present, asks the server first, so a passphrase is only asked for a
    // key the server would accept.
    ssh_key publicKey = nullptr;
    if (ssh_pki_import_pubkey_file((path + ".pub").c_str(), &publicKey) == SSH_OK) {
        const int offered = ssh_userauth_try_publickey(m_session, nullptr, publicKey);
        ssh_key_free(publicKey);
        if (answered(offered) != SSH_AUTH_SUCCESS)
            return false;
    }
    ssh_key privateKey = nullptr;
    // "" rather than no passphrase: with none, OpenSSL would ask for a PEM key's on /dev/tty itself.
    if (ssh_pki_import_privkey_file(path.c_str(), "", nullptr, nullptr, &privateKey) != SSH_OK) {
        // Encrypted (or unreadable): ask for its passphrase, three times at most.
        for (int attempt = 0; attempt < 3 && !privateKey && prompter; ++attempt) {
            auto passphrase = prompter->askSecret(
                (attempt ? "Wrong passphrase. " : "") + std::string("Passphrase for the key ") + path + ":");
            if (!passphrase)
                return false;
            if (ssh_pki_import_privkey_file(path.c_str(), passphrase->c_str(), nullptr, nullptr, &privateKey)
                != SSH_OK)
                privateKey = nullptr;
            wipe(*passphrase);
        }
        if (!privateKey)
            return false;
    }
    const int result = ssh_userauth_publickey(m_session, nullptr, privateKey);
    ssh_key_free(privateKey);
    return answered(result) == SSH_AUTH_SUCCESS;
}

int SshConnection::answered(int result) const
{
    // A blocking libssh call gives up after the session's timeout with SSH_AUTH_AGAIN: the server
    // stopped answering, which is no reason to try the next key (and wait as long again).
    if (result == SSH_AUTH_AGAIN)
        fail(RemoteFailure::Unreachable,
            "the server sent nothing for " + std::to_string(m_timeoutSeconds) + " s while authenticating");
    return result;
}

void SshConnection::authenticate(Prompter* prompter)
{
    const int none = answered(ssh_userauth_none(m_session, nullptr));
    if (none == SSH_AUTH_SUCCESS)
        return;
    if (none == SSH_AUTH_ERROR)
        fail(RemoteFailure::AuthenticationFailed,
            std::string("the server broke off before authentication: ") + ssh_get_error(m_session));
    const int methods = ssh_userauth_list(m_session, nullptr);
    std::string tried;
    if (methods & SSH_AUTH_METHOD_PUBLICKEY) {
        if (const char* agent = std::getenv("SSH_AUTH_SOCK"); agent && *agent && !m_identitiesOnly) {
            if (answered(ssh_userauth_agent(m_session, nullptr)) == SSH_AUTH_SUCCESS)
                return;
            tried += "ssh-agent, ";
        }
        for (const std::string& path : m_identityFiles) {
            if (!readable(path))
                continue;
            if (tryKeyFile(prompter, path))
                return;
            tried += path + ", ";
        }
    }
    if ((methods & SSH_AUTH_METHOD_PASSWORD) && prompter) {
        for (int attempt = 0; attempt < 3; ++attempt) {
            auto password = prompter->askSecret(
                (attempt ? "Wrong password. " : "") + std::string("Password for ") + m_label + ":");
            if (!password)
                break;
            const int result = ssh_userauth_password(m_session, nullptr, password->c_str());
            wipe(*password);
            if (answered(result) == SSH_AUTH_SUCCESS)
                return;
        }
        tried += "password, ";
    }
    if (tried.empty())
        tried = "no key file or agent found, and the server takes no password, ";
    fail(RemoteFailure::AuthenticationFailed,
        "authentication failed (tried " + tried.substr(0, tried.size() - 2) + ")");
}

} // namespace popscope::remote
