#include "terminal_prompter.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <termios.h>
#include <unistd.h>

namespace popscope::cli {

namespace {

// Standard input and error when the input is piped (scripts and tests answer there), else the
// controlling terminal, as OpenSSH asks.
class Terminal {
public:
    Terminal()
    {
        if (isatty(STDIN_FILENO))
            m_tty = std::fopen("/dev/tty", "r+");
        m_in = m_tty ? m_tty : stdin;
        m_out = m_tty ? m_tty : stderr;
    }
    ~Terminal()
    {
        if (m_tty)
            std::fclose(m_tty);
    }

    std::optional<std::string> ask(const std::string& prompt, bool secret)
    {
        std::fputs(prompt.c_str(), m_out);
        std::fflush(m_out);
        termios saved {};
        const int fd = fileno(m_in);
        const bool hide = secret && isatty(fd) && tcgetattr(fd, &saved) == 0;
        if (hide) {
            termios quiet = saved;
            quiet.c_lflag &= ~tcflag_t(ECHO);
            tcsetattr(fd, TCSAFLUSH, &quiet);
        }
        char line[1024];
        const bool got = std::fgets(line, sizeof line, m_in) != nullptr;
        if (hide) {
            tcsetattr(fd, TCSAFLUSH, &saved);
            std::fputs("\n", m_out);
        }
        if (!got)
            return std::nullopt;
        std::string answer(line, strcspn(line, "\r\n"));
        explicit_bzero(line, sizeof line);
        return answer;
    }

    FILE* out() const { return m_out; }

private:
    FILE* m_tty = nullptr;
    FILE* m_in = nullptr;
    FILE* m_out = nullptr;
};

} // namespace

bool TerminalPrompter::confirmUnknownHost(const remote::HostKeyQuestion& question)
{
    Terminal terminal;
    const std::string prompt = "The authenticity of host '" + question.host + "' can't be established.\n"
        + question.keyType + " key fingerprint is " + question.fingerprint + ".\n"
        + "Are you sure you want to continue connecting and add it to " + question.knownHostsFile
        + " (yes/no)? ";
    for (int attempt = 0; attempt < 3; ++attempt) {
        auto answer = terminal.ask(prompt, false);
        if (!answer || *answer == "no" || *answer == "n")
            return false;
        if (*answer == "yes")
            return true;
        std::fputs("Please type 'yes' or 'no'.\n", terminal.out());
    }
    return false;
}

std::optional<std::string> TerminalPrompter::askSecret(const std::string& prompt)
{
    Terminal terminal;
    return terminal.ask(prompt + " ", true);
}

void useTerminalForRemoteProfiles()
{
    remote::RemoteSettings settings = remote::remoteSettings();
    settings.prompter = std::make_shared<TerminalPrompter>();
    if (const char* timeout = std::getenv("POPSCOPE_SSH_TIMEOUT"); timeout && std::atoi(timeout) > 0)
        settings.timeoutSeconds = std::atoi(timeout);
    if (const char* cache = std::getenv("POPSCOPE_SSH_CACHE"); cache && std::string(cache) == "off")
        settings.diskCache = false;
    remote::setRemoteSettings(settings);
}

} // namespace popscope::cli
