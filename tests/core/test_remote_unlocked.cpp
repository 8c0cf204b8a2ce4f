// No lock of a remote file is held while its connection is made or closed: the server may take up
// to the timeout to answer (here it never does), and other users of the file must not wait for it
// meanwhile. Run by tests/remote (test_hostile_server.py) against hostile_sftp.py, which gives the
// address, its mode file and its request log in the environment.
#include "popscope/remote/remote_error.hpp"
#include "popscope/remote/sftp_file.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <cstdlib>
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

struct WhileWaiting {
    bool answered = false; // the other thread's question was answered while the reader waited
    bool answer = false;
    std::string readerError;
};

// Reads in one thread, which connects again to a server behaving as `mode` says; once the server has
// been sent `request` on that connection (and leaves it unanswered), another thread asks `question`.
WhileWaiting askWhileTheReaderWaits(SftpFile& file, const std::string& mode, const std::string& request,
    const std::function<bool()>& question)
{
    writeHostileMode(mode);
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
    while (!reconnectedSessionAsked(request)
        && reading.wait_for(std::chrono::milliseconds(10)) != std::future_status::ready) { }
    auto asking = std::async(std::launch::async, question);
    WhileWaiting result;
    result.answered = asking.wait_for(std::chrono::seconds(30)) == std::future_status::ready; // a bound
    cancelled = true;
    result.answer = asking.get();
    result.readerError = reading.get();
    return result;
}

} // namespace

TEST_CASE("remote: the close after a change is found holds no lock", "[.][remote-unlocked]")
{
    const auto file = openedThenDropped();
    // The server now has another version of the file, and never answers a close (SSH_FXP_CLOSE).
    const WhileWaiting result
        = askWhileTheReaderWaits(*file, R"({"mtime_offset": 100, "stall_on_close": true})", "4",
            [&] { return file->outdated() && !file->connected(); });
    CHECK(result.answered);
    CHECK(result.answer);
    CHECK(result.readerError.find("the file changed on the server since it was opened") != std::string::npos);
}

TEST_CASE("remote: connecting again holds no lock", "[.][remote-unlocked]")
{
    const auto file = openedThenDropped();
    // The new connection's open is never answered.
    const WhileWaiting result = askWhileTheReaderWaits(
        *file, R"({"stall_on_open": true})", "3", [&] { return !file->connected() && !file->outdated(); });
    CHECK(result.answered);
    CHECK(result.answer);
    CHECK(result.readerError.find("was cancelled") != std::string::npos);
}
