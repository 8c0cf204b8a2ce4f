// No lock of a remote file is held while its connection is made or closed, nor while a read waits
// for its reply: the server may take up to the timeout to answer (here it never does), and other
// users of the file must not wait for it meanwhile. Run by tests/remote (test_hostile_server.py)
// against hostile_sftp.py, which gives the address, its mode file and its request log in the
// environment.
#include "fixture_builder.hpp"
#include "popscope/remote/remote_error.hpp"
#include "popscope/remote/sftp_file.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <future>
#include <string>

using namespace popscope::remote;

namespace {

std::string remoteTestSetting(const char* name)
{
    const char* value = std::getenv(name);
    return value ? value : "";
}

void writeHostileMode(const std::string& json)
{
    std::ofstream(remoteTestSetting("POPSCOPE_REMOTE_MODE_FILE"), std::ios::trunc) << json;
}

// How often the server has stopped answering (its request log says "stalled" each time).
int stallsLogged()
{
    std::ifstream in(remoteTestSetting("POPSCOPE_REMOTE_REQUEST_LOG"));
    std::string line;
    int stalls = 0;
    while (std::getline(in, line))
        stalls += line == "stalled";
    return stalls;
}

// Whether the server's request log (one SFTP request type a line) shows `request` after the second
// open: the reconnected session's.
bool reconnectedSessionAsked(const std::string& request)
{
    std::ifstream in(remoteTestSetting("POPSCOPE_REMOTE_REQUEST_LOG"));
    std::string line;
    int opens = 0;
    while (std::getline(in, line)) {
        opens += line == "3"; // SSH_FXP_OPEN
        if (opens >= 2 && line == request)
            return true;
    }
    return false;
}

// The file, opened and read, then its connection dropped: the server never answers the next read,
// and Cancel ends it. The next read connects again.
std::shared_ptr<SftpFile> openedThenDropped()
{
    const auto address = parseRemoteAddress(remoteTestSetting("POPSCOPE_REMOTE_PROFILE"));
    REQUIRE(address);
    RemoteSettings settings = withEnvironment(RemoteSettings {});
    settings.timeoutSeconds = 600; // nothing the server leaves unanswered ends before Cancel
    writeHostileMode(R"({"stall_after": 1})");
    const auto file = SftpFile::open(*address, settings);
    char byte = 0;
    REQUIRE(file->read(&byte, 1, 0) == 1);
    const CancelScope cancel([] { return true; });
    CHECK_THROWS_AS(file->read(&byte, 1, 10 * SftpFile::kBlockSize), RemoteError);
    return file;
}

// Waits up to 20 s for `work` to end; if it does not, says which wait never ended and exits at once
// (a std::async future would otherwise wait for it on destruction, with the whole run).
template <typename Result> void endsOrExits(std::future<Result>& work, const char* what)
{
    if (work.wait_for(std::chrono::seconds(20)) == std::future_status::ready)
        return;
    std::fprintf(stderr, "test_remote_unlocked: %s did not end within 20 s\n", what);
    std::fflush(stderr);
    std::_Exit(3);
}

struct WhileWaiting {
    bool answered = false; // the other thread's question was answered while the reader waited
    bool answer = false;
    std::string readerError;
};

// Reads block 10 in one thread; once `waiting` says the server has been sent what it leaves
// unanswered, another thread asks `question`.
WhileWaiting askWhileTheReaderWaits(
    SftpFile& file, const std::function<bool()>& waiting, const std::function<bool()>& question)
{
    std::atomic<bool> cancelled = false;
    auto reading = std::async(std::launch::async, [&] {
        const CancelScope scope([&] { return cancelled.load(); });
        char byte = 0;
        try {
            file.read(&byte, 1, 10 * SftpFile::kBlockSize);
        } catch (const RemoteError& error) {
            return std::string(error.what());
        }
        return std::string();
    });
    // Bounds, each well inside the 120 s the Python test gives this program: a wait that does not end
    // fails here, naming itself, rather than stalling the run.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!waiting() && reading.wait_for(std::chrono::milliseconds(10)) != std::future_status::ready)
        if (std::chrono::steady_clock::now() > deadline) {
            cancelled = true;
            endsOrExits(reading, "the read, cancelled before the server was sent what it leaves unanswered");
            FAIL("the server was not sent what it leaves unanswered within 30 s");
        }
    auto asking = std::async(std::launch::async, question);
    WhileWaiting result;
    result.answered = asking.wait_for(std::chrono::seconds(30)) == std::future_status::ready;
    cancelled = true;
    endsOrExits(asking, "the other thread's question, after the reader's Cancel");
    endsOrExits(reading, "the waiting read, after its Cancel");
    try {
        result.answer = asking.get();
    } catch (const RemoteError&) {
        result.answer = false; // asked once the reader gave up: no connection by then
    }
    result.readerError = reading.get();
    return result;
}

} // namespace

TEST_CASE("remote: the close after a change is found holds no lock", "[.][remote-unlocked]")
{
    const auto file = openedThenDropped();
    // The server now has another version of the file, and never answers a close (SSH_FXP_CLOSE).
    writeHostileMode(R"({"mtime_offset": 100, "stall_on_close": true})");
    const WhileWaiting result = askWhileTheReaderWaits(
        *file, [] { return reconnectedSessionAsked("4"); },
        [&] { return file->outdated() && !file->connected(); });
    CHECK(result.answered);
    CHECK(result.answer);
    CHECK(result.readerError.find("the file changed on the server since it was opened") != std::string::npos);
}

TEST_CASE("remote: connecting again holds no lock", "[.][remote-unlocked]")
{
    const auto file = openedThenDropped();
    // The new connection's open is never answered.
    writeHostileMode(R"({"stall_on_open": true})");
    const WhileWaiting result = askWhileTheReaderWaits(
        *file, [] { return reconnectedSessionAsked("3"); },
        [&] { return !file->connected() && !file->outdated(); });
    CHECK(result.answered);
    CHECK(result.answer);
    CHECK(result.readerError.find("was cancelled") != std::string::npos);
}

TEST_CASE("remote: a read waiting for its reply holds up no one who needs no network", "[.][remote-unlocked]")
{
    const auto address = parseRemoteAddress(remoteTestSetting("POPSCOPE_REMOTE_PROFILE"));
    REQUIRE(address);
    const popscope::test::TempDir cache;
    RemoteSettings settings = withEnvironment(RemoteSettings {});
    settings.timeoutSeconds = 600; // nothing the server leaves unanswered ends before Cancel
    settings.diskCache = true;
    settings.cacheFolder = cache.path().string();
    // While the flag exists the server answers no READ; the mode is read as each session starts.
    const std::string stallFlag = remoteTestSetting("POPSCOPE_REMOTE_MODE_FILE") + ".stall";
    std::remove(stallFlag.c_str());
    writeHostileMode(R"({"stall_flag": ")" + stallFlag + R"("})");
    char header[16] = {};
    REQUIRE(SftpFile::open(*address, settings)->read(header, 1, 5 * SftpFile::kBlockSize) == 1); // to disk
    const auto file = SftpFile::open(*address, settings); // block 5 on disk, not in its memory
    REQUIRE(file->read(header, sizeof header, 0) == sizeof header);
    // With the flag, the server stalls on the first READ it takes: block 10's, or a read-ahead of the
    // read above that it had not taken yet (or one of the first file's, in its own session). Once this
    // file has also asked for block 10, the reader waits for a reply that never comes. Counted first:
    // no stall for the flag can come before the flag.
    const int stallsBefore = stallsLogged();
    const uint64_t requestsBefore = file->counters().requests;
    std::ofstream(stallFlag, std::ios::trunc) << "stall";

    const WhileWaiting result = askWhileTheReaderWaits(
        *file, [&] { return stallsLogged() > stallsBefore && file->counters().requests > requestsBefore; },
        [&] {
            char again[16] = {}, onDisk = 0;
            const bool fromMemory = file->read(again, sizeof again, 0) == sizeof again
                && std::memcmp(again, header, sizeof header) == 0;
            const bool fromDisk = file->read(&onDisk, 1, 5 * SftpFile::kBlockSize) == 1;
            const TransferCounters counters = file->counters();
            const RemoteFileState stat = file->statNow(), checked = file->check();
            const auto asOpened = [&](const RemoteFileState& state) {
                return state.exists && state.size == file->size() && state.modified == file->modified();
            };
            // A block needed from the server waits for the session's turn, which Cancel ends.
            bool cancelledWaiting = false;
            try {
                const CancelScope cancel([] { return true; });
                file->read(&onDisk, 1, 20 * SftpFile::kBlockSize);
            } catch (const RemoteError& error) {
                cancelledWaiting = error.failure() == RemoteFailure::Cancelled;
            }
            return fromMemory && fromDisk && counters.cacheHits >= 1 && counters.diskHits >= 1
                && file->connected() && !file->outdated() && asOpened(stat) && asOpened(checked)
                && cancelledWaiting;
        });
    std::remove(stallFlag.c_str());
    CHECK(result.answered);
    CHECK(result.answer);
    CHECK(result.readerError.find("was cancelled") != std::string::npos);
}
