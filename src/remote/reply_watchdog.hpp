#pragma once
// libssh 0.10 waits for an SFTP reply without limit, and TCP keepalives only catch a dead peer, not
// a live server that stopped answering (nor anything behind a jump host). The watchdog bounds every
// such wait: while armed, a wait longer than the allowed silence, or the waiting thread's Cancel,
// shuts the connection's socket down, so libssh's blocking read fails at once and the caller
// reports the connection lost (or cancelled). The connection is then gone; the next read connects
// again (Retry).
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

namespace popscope::remote {

class ReplyWatchdog : public std::enable_shared_from_this<ReplyWatchdog> {
public:
    enum class Outcome { None, Stalled, Cancelled };

    // `fd`: the session's socket (or its end of a jump host's tunnel). Made with make_shared.
    ReplyWatchdog(int fd, std::chrono::seconds silence);
    ~ReplyWatchdog();
    ReplyWatchdog(const ReplyWatchdog&) = delete;
    ReplyWatchdog& operator=(const ReplyWatchdog&) = delete;

    // While the returned guard lives, the wait it covers may last at most the allowed silence. The
    // guard keeps the watchdog alive: a connection dropped inside a wait (a lost connection
    // reported from there) must not leave the guard pointing at nothing.
    class Armed {
    public:
        explicit Armed(std::shared_ptr<ReplyWatchdog> dog)
            : m_dog(std::move(dog))
        {
        }
        ~Armed()
        {
            if (m_dog)
                m_dog->disarm();
        }
        Armed(Armed&&) noexcept = default;
        Armed(const Armed&) = delete;
        Armed& operator=(const Armed&) = delete;
        Armed& operator=(Armed&&) = delete;

    private:
        std::shared_ptr<ReplyWatchdog> m_dog;
    };
    // `cancelled` is asked from the watchdog's thread every 50 ms.
    [[nodiscard]] Armed arm(std::function<bool()> cancelled);
    Outcome outcome() const;
    // Never fires again (the socket is about to be closed, and its number may be reused); joins the thread.
    void stop();

private:
    void disarm();
    void watch();

    const int m_fd;
    const std::chrono::seconds m_silence;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::optional<std::chrono::steady_clock::time_point> m_deadline;
    std::function<bool()> m_cancelled;
    Outcome m_outcome = Outcome::None;
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace popscope::remote
