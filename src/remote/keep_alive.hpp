#pragma once
// SSH-level keepalives on an idle session. libssh 0.10 sends none of its own, and TCP keepalives
// only catch a dead peer: a server (or a jump host relaying it) that is up but stopped answering
// would go unnoticed until the next read waited out the timeout. When the server has sent nothing
// for `interval`, a thread sends OpenSSH's `keepalive@openssh.com` request, which every server must
// answer; when nothing arrives within `silence` after it, the connection is silent: its sockets are
// shut down and silent() says so, so the next read connects again instead of waiting.
//
// libssh sessions are not thread-safe: the thread uses the session only while it holds the owner's
// session lock, taken with try_lock (it never waits for it, so it never holds up a read, and a read
// in progress has its own deadline). No lock is held while it waits for the answer.
#include <libssh/libssh.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace popscope::remote {

class KeepAlive {
public:
    // `sessionLock` guards every use of `session` and outlives this; the owner holds it, or has not
    // shared the session yet. `sockets` are shut down when the server is silent: the session's
    // first, then those of the jump hosts it is reached through.
    KeepAlive(ssh_session session, std::timed_mutex& sessionLock, std::vector<int> sockets,
        std::chrono::seconds interval, std::chrono::seconds silence);
    ~KeepAlive(); // stops the thread; the session's counters are detached
    KeepAlive(const KeepAlive&) = delete;
    KeepAlive& operator=(const KeepAlive&) = delete;

    bool silent() const { return m_silent.load(); }

private:
    void run();
    bool sendIfIdle(uint64_t& lastReceived); // under the lock: true when a keepalive was sent
    // Waits up to the silence for any byte from the server; false when none came (then silent).
    bool answered(uint64_t sentAt);
    uint64_t received() const; // bytes from the server so far, read or not; under the lock
    bool receivedSince(uint64_t count) const; // under the lock
    bool wait(std::chrono::milliseconds time); // false when stopping

    ssh_session m_session;
    std::timed_mutex& m_sessionLock;
    const std::vector<int> m_sockets;
    const std::chrono::seconds m_interval;
    const std::chrono::seconds m_silence;
    ssh_counter_struct m_received {}; // libssh counts the bytes it reads from the socket here
    std::atomic<bool> m_silent = false;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace popscope::remote
