// A file found changed on its server is closed without the file's lock held: the server may take
// up to the timeout to answer the close (here it never does), and other users of the file must
// not wait for it meanwhile. Run by tests/remote (test_hostile_server.py) against hostile_sftp.py,
// which gives the address, its mode file and its request log in the environment.
#include "popscope/remote/remote_error.hpp"
#include "popscope/remote/sftp_file.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <future>
#include <sstream>
#include <string>
#include <thread>

using namespace popscope::remote;

namespace {

std::string remoteTestSetting(const char* name)
{
    const char* value = std::getenv(name);
    return value ? value : "";
}

void writeHostileMode(const std::string& path, const std::string& json)
{
    std::ofstream(path, std::ios::trunc) << json;
}

// Whether the server has been asked to close a file after its second open: the second session's
// close (SFTP requests 3 and 4, as hostile_sftp.py logs them).
bool secondSessionClosing(const std::string& log)
{
    std::ifstream in(log);
    std::string line;
    int opens = 0;
    while (std::getline(in, line)) {
        opens += line == "3";
        if (opens >= 2 && line == "4")
            return true;
    }
    return false;
}

} // namespace

TEST_CASE("remote: the close after a change is found holds no lock", "[.][remote-close-unlocked]")
{
    const std::string url = remoteTestSetting("POPSCOPE_REMOTE_PROFILE");
    const std::string mode = remoteTestSetting("POPSCOPE_REMOTE_MODE_FILE");
    REQUIRE_FALSE(url.empty());
    RemoteSettings settings = withEnvironment(RemoteSettings {});
    settings.timeoutSeconds = 600; // the close is never answered: only Cancel ends it
    const auto address = parseRemoteAddress(url);
    REQUIRE(address);

    writeHostileMode(mode, R"({"stall_after": 1})");
    const auto file = SftpFile::open(*address, settings);
    char byte = 0;
    REQUIRE(file->read(&byte, 1, 0) == 1);
    {
        // The next read is never answered; Cancel drops the connection, and the next read connects again.
        const CancelScope cancel([] { return true; });
        CHECK_THROWS_AS(file->read(&byte, 1, 10 * SftpFile::kBlockSize), RemoteError);
    }
    // The server now has another version, and never answers a close.
    writeHostileMode(mode, R"({"mtime_offset": 100, "stall_on_close": true})");
    std::atomic<bool> cancelled = false;
    auto reading = std::async(std::launch::async, [&] {
        const CancelScope scope([&] { return cancelled.load(); });
        try {
            file->read(&byte, 1, 10 * SftpFile::kBlockSize);
        } catch (const RemoteError& error) {
            return std::string(error.what());
        }
        return std::string();
    });
    const std::string requests = remoteTestSetting("POPSCOPE_REMOTE_REQUEST_LOG");
    while (!secondSessionClosing(requests)
        && reading.wait_for(std::chrono::milliseconds(10)) != std::future_status::ready) { }
    // The reader waits for the close; the file answers another thread meanwhile.
    auto asking = std::async(std::launch::async, [&] { return file->outdated() && !file->connected(); });
    const bool answered = asking.wait_for(std::chrono::seconds(30)) == std::future_status::ready; // a bound
    cancelled = true;
    CHECK(answered);
    CHECK(asking.get());
    CHECK(reading.get().find("the file changed on the server since it was opened") != std::string::npos);
}
