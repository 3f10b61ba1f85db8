// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/rekey.hpp"

#include <cctype>

#include "bot/game.hpp"

namespace croupier::bot {

namespace {

std::string lower_host(const std::string& userhost) {
    std::string out = userhost;
    const auto at = out.rfind('@');
    if (at == std::string::npos) return out;
    for (std::size_t i = at + 1; i < out.size(); ++i)
        out[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[i])));
    return out;
}

bool starts(const std::string& s, const char* prefix) {
    return s.rfind(prefix, 0) == 0;
}

}  // namespace

std::string rekeyed(const storage::PersonRow& row, const GuestHost& is_guest_host) {
    const std::string& key = row.key;
    const bool old_style = starts(key, "h:") && key.find('!') != std::string::npos;
    const bool guest_key = starts(key, "g:");
    const bool host_key = starts(key, "h:") && !old_style;
    if (!old_style && !guest_key && !host_key) return key;  // an account, a legacy seat...
    std::string userhost = row.userhost;
    if (userhost.empty()) {
        // "nick!user@host#n" or "user@host": the key's own.
        userhost = key.substr(2);
        if (const auto bang = userhost.find('!'); bang != std::string::npos)
            userhost.erase(0, bang + 1);
        if (old_style || guest_key)
            if (const auto hash = userhost.rfind('#'); hash != std::string::npos)
                userhost.erase(hash);
    }
    userhost = lower_host(userhost);
    const bool guest = is_guest_host && is_guest_host(userhost);
    if (host_key) return guest ? "g:" + row.nick_key + "!" + userhost : key;
    return guest ? "g:" + key.substr(2) : "h:" + userhost;
}

std::string rekeyed_setup(const std::string& text,
                          const std::map<std::string, std::string>& moved) {
    auto setup = GameSetup::deserialise(text);
    if (!setup) return text;
    bool changed = false;
    for (auto& person : setup->persons)
        if (auto it = moved.find(person); it != moved.end()) {
            person = it->second;
            changed = true;
        }
    return changed ? setup->serialise() : text;
}

std::string rekeyed_lobby(const std::string& text,
                          const std::map<std::string, std::string>& moved) {
    // Lines; a seat is "seat TAB nick TAB key TAB 0|1" (bot/tables/lobby.cpp).
    std::string out;
    out.reserve(text.size());
    std::size_t from = 0;
    while (from < text.size()) {
        auto end = text.find('\n', from);
        if (end == std::string::npos) end = text.size();
        std::string line = text.substr(from, end - from);
        if (starts(line, "seat\t")) {
            const auto a = line.find('\t', 5);
            const auto b = a == std::string::npos ? a : line.find('\t', a + 1);
            if (b != std::string::npos && line.find('\t', b + 1) == std::string::npos)
                if (auto it = moved.find(line.substr(a + 1, b - a - 1)); it != moved.end())
                    line = line.substr(0, a + 1) + it->second + line.substr(b);
        }
        out += line;
        if (end < text.size()) out += '\n';
        from = end + 1;
    }
    return out;
}

storage::Rekey person_rekey(GuestHost is_guest_host) {
    storage::Rekey r;
    r.key = [guest = std::move(is_guest_host)](const std::string&, const storage::PersonRow& row) {
        return rekeyed(row, guest);
    };
    r.setup = rekeyed_setup;
    r.lobby = rekeyed_lobby;
    return r;
}

}  // namespace croupier::bot
