// SPDX-License-Identifier: GPL-3.0-or-later
#include "storage/lock.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

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
