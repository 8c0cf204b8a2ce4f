#include "terminal_prompter.hpp"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <termios.h>
#include <unistd.h>

namespace popscope::cli {

namespace {

// While a secret is typed the terminal's echo is off; Ctrl-C or a kill then turns it back on before
// the process ends, so the shell is not left without echo.
termios echoing {};
int echoingFd = -1;

void restoreEchoAndDie(int signal)
{
    tcsetattr(echoingFd, TCSAFLUSH, &echoing); // async-signal-safe
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

void restoreEchoOnSignals(bool on)
{
    for (int signal : { SIGINT, SIGTERM, SIGHUP, SIGQUIT })
        std::signal(signal, on ? restoreEchoAndDie : SIG_DFL);
}

// The controlling terminal, as OpenSSH asks: never standard input, which a script may fill (`yes |`)
// to accept a host key nobody read. Without a terminal every question is refused.
class Terminal {
public:
    Terminal()
    {
        m_tty = std::fopen("/dev/tty", "r+e");
        // Unbuffered: a line typed would otherwise stay in the stream's buffer after it is read.
        if (m_tty)
            std::setvbuf(m_tty, nullptr, _IONBF, 0);
        m_in = m_tty;
        m_out = m_tty ? m_tty : stderr;
    }
    ~Terminal()
    {
        if (m_tty)
            std::fclose(m_tty);
    }

    std::optional<std::string> ask(const std::string& prompt, bool secret)
    {
        if (!m_tty) {
            std::fputs("popscope-cli: no terminal to ask on (as OpenSSH, the answer is never read from "
                       "standard input): refused\n",
                stderr);
            return std::nullopt;
        }
        // Echo goes off before the prompt shows, so nothing typed after it is echoed or discarded.
        const int fd = fileno(m_in);
        const bool hide = secret && isatty(fd) && tcgetattr(fd, &echoing) == 0;
        if (hide) {
            termios quiet = echoing;
            quiet.c_lflag &= ~tcflag_t(ECHO);
            echoingFd = fd;
            restoreEchoOnSignals(true);
            tcsetattr(fd, TCSAFLUSH, &quiet);
        }
        std::fputs(prompt.c_str(), m_out);
        std::fflush(m_out);
        char line[1024];
        const bool got = std::fgets(line, sizeof line, m_in) != nullptr;
        if (hide) {
            tcsetattr(fd, TCSANOW, &echoing);
            restoreEchoOnSignals(false);
            std::fputs("\n", m_out);
        }
        if (!got)
            return std::nullopt;
        // On the heap from the start: moving it on (std::optional, the asker) then hands over the
        // one buffer the asker wipes; a short string would be copied at each move.
        std::string answer;
        answer.reserve(sizeof line);
        answer.assign(line, strcspn(line, "\r\n"));
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
    remote::RemoteSettings settings = remote::withEnvironment(remote::remoteSettings());
    settings.prompter = std::make_shared<TerminalPrompter>();
    remote::setRemoteSettings(settings);
}

} // namespace popscope::cli
