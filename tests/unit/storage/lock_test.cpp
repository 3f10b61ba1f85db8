// SPDX-License-Identifier: GPL-3.0-or-later
#include "storage/lock.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

using croupier::storage::ProcessLock;
namespace fs = std::filesystem;

namespace {

std::string temp_db(const char* name) {
    const fs::path dir = fs::temp_directory_path() /
                         (std::string("croupier-lock-") + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return (dir / "croupier.db").string();
}

TEST(ProcessLock, SecondHolderIsRefusedWithThePidOfTheFirst) {
    const std::string db = temp_db("second");
    {
        ProcessLock first(db);
        std::ifstream in(db + ".lock");
        std::string pid;
        in >> pid;
        EXPECT_EQ(pid, std::to_string(::getpid()));
        try {
            ProcessLock second(db);
            FAIL() << "a second lock on the same database was granted";
        } catch (const std::runtime_error& e) {
            const std::string msg = e.what();
            EXPECT_NE(msg.find("in use by another croupierd (pid " + std::to_string(::getpid())),
                      std::string::npos)
                << msg;
            EXPECT_NE(msg.find(db), std::string::npos) << msg;
        }
    }
    EXPECT_NO_THROW(ProcessLock again(db));  // released with the first
    fs::remove_all(fs::path(db).parent_path());
}

TEST(ProcessLock, AnotherProcessIsRefusedWhileHeldAndLetInAfter) {
    const std::string db = temp_db("process");
    auto child_can_lock = [&] {
        const pid_t pid = ::fork();
        if (pid == 0) {
            try {
                ProcessLock l(db);
                ::_exit(0);
            } catch (...) {
                ::_exit(3);
            }
        }
        int status = 0;
        ::waitpid(pid, &status, 0);
        return WIFEXITED(status) && WEXITSTATUS(status) == 0;
    };
    {
        ProcessLock held(db);
        EXPECT_FALSE(child_can_lock());
    }
    EXPECT_TRUE(child_can_lock());
    fs::remove_all(fs::path(db).parent_path());
}

// A daemon restarted right after SIGTERM: the old one keeps the lock for about 2 s while
// its QUIT leaves. The new one waits for it (bounded) instead of refusing to start.
TEST(ProcessLock, WaitsForAHolderThatIsStopping) {
    const std::string db = temp_db("wait");
    int ready[2];
    ASSERT_EQ(::pipe(ready), 0);
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(ready[0]);
        try {
            ProcessLock l(db);
            [[maybe_unused]] const ssize_t w = ::write(ready[1], "x", 1);
            ::usleep(600 * 1000);  // "stopping": holds the lock a little longer, then exits
            ::_exit(0);
        } catch (...) {
            ::_exit(3);
        }
    }
    ::close(ready[1]);
    char c = 0;
    ASSERT_EQ(::read(ready[0], &c, 1), 1) << "the child did not get the lock";
    ::close(ready[0]);

    EXPECT_THROW(ProcessLock no_wait(db), std::runtime_error);  // still held: as before

    std::vector<std::string> said;
    const auto start = std::chrono::steady_clock::now();
    EXPECT_NO_THROW({
        ProcessLock waited(db, std::chrono::milliseconds(5000),
                           [&](const std::string& m) { said.push_back(m); });
        std::ifstream in(db + ".lock");
        std::string pid;
        in >> pid;
        EXPECT_EQ(pid, std::to_string(::getpid()));
    });
    const auto took = std::chrono::steady_clock::now() - start;
    EXPECT_GE(took, std::chrono::milliseconds(300));
    EXPECT_LT(took, std::chrono::milliseconds(5000));
    ASSERT_EQ(said.size(), 1u);  // one log line, naming the holder
    EXPECT_NE(said[0].find("(pid " + std::to_string(child) + ")"), std::string::npos) << said[0];
    EXPECT_NE(said[0].find("waiting up to 5000 ms"), std::string::npos) << said[0];
    int status = 0;
    ::waitpid(child, &status, 0);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    fs::remove_all(fs::path(db).parent_path());
}

TEST(ProcessLock, TheWaitIsBoundedAndStillRefusesASecondDaemon) {
    const std::string db = temp_db("bounded");
    {
        ProcessLock held(db);
        int calls = 0;
        const auto start = std::chrono::steady_clock::now();
        try {
            ProcessLock second(db, std::chrono::milliseconds(300),
                               [&](const std::string&) { ++calls; });
            FAIL() << "a second lock on the same database was granted after waiting";
        } catch (const std::runtime_error& e) {
            const std::string msg = e.what();
            EXPECT_NE(msg.find("in use by another croupierd (pid " + std::to_string(::getpid())),
                      std::string::npos)
                << msg;
            EXPECT_NE(msg.find("still after 300 ms"), std::string::npos) << msg;
        }
        const auto took = std::chrono::steady_clock::now() - start;
        EXPECT_GE(took, std::chrono::milliseconds(300));
        EXPECT_LT(took, std::chrono::milliseconds(3000));
        EXPECT_EQ(calls, 1);
    }
    fs::remove_all(fs::path(db).parent_path());
}

TEST(ProcessLock, UnwritableDirectoryIsNamed) {
    try {
        ProcessLock l("/nonexistent-croupier-dir/croupier.db");
        FAIL() << "locked a database in a directory that does not exist";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent-croupier-dir/croupier.db.lock"),
                  std::string::npos)
            << e.what();
    }
}

}  // namespace
