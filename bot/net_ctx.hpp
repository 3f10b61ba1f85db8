// A network's context: its link, its people, their budgets and the tables played on it.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>
#include <string>
#include <unordered_map>

#include "bot/context.hpp"
#include "bot/irc/network.hpp"
#include "bot/people.hpp"
#include "bot/tables/index.hpp"

namespace croupier::bot {

struct NetCtx {
    std::unique_ptr<Network> net;
    std::string name;
    People people;
    std::unordered_map<std::string, UserBudget> budgets;  // by person, and by "@host"
    TableIndex tables;     // every table and private game (bot/tables/index.hpp)
    int legacy_seats = 0;  // restored seats that still go by nick ("l:" keys)
    // How lines reach a person (bot/daemon.cpp, send_to_nick): their settings and their
    // host's turn of the send queue, read once. Forgotten when they change a setting or
    // their address changes (People::on_change); bounded.
    struct Delivery {
        bool plain = false, notice_ok = true;
        std::string group;  // "@host": everyone from one host shares a turn of the queue
    };
    std::unordered_map<std::string, Delivery> delivery;
};

}  // namespace croupier::bot
