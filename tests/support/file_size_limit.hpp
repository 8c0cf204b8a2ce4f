#pragma once
// Simulates a full disk inside the test process: while a FileSizeLimit lives, no file can grow
// past `bytes` (RLIMIT_FSIZE; writes beyond it fail with EFBIG as they would with ENOSPC, and the
// SIGXFSZ that would kill the process is ignored). Needs no root and no special file system.
#include <csignal>
#include <sys/resource.h>

namespace popscope::test {

class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        getrlimit(RLIMIT_FSIZE, &m_saved);
        m_handler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit limit = m_saved;
        limit.rlim_cur = bytes;
        setrlimit(RLIMIT_FSIZE, &limit);
    }
    ~FileSizeLimit()
    {
        setrlimit(RLIMIT_FSIZE, &m_saved);
        std::signal(SIGXFSZ, m_handler);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;

private:
    rlimit m_saved {};
    void (*m_handler)(int) = SIG_DFL;
};

} // namespace popscope::test
