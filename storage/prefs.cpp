// SPDX-License-Identifier: GPL-3.0-or-later
// What the database keeps for a person: preferences (read once and cached, written
// through), experience per kind, and saved data per kind and slot (a deck, a party).
#include "storage/storage.hpp"

#include "storage/query_detail.hpp"

namespace croupier::storage {

const Database::Prefs& Database::prefs(const std::string& network, const std::string& key) const {
    auto& of_net = pref_cache_[network];
    if (auto it = of_net.find(key); it != of_net.end()) return it->second;
    auto q = prepare("SELECT name, value FROM prefs WHERE network = ? AND key = ?");
    q.bind(1, network);
    q.bind(2, key);
    Prefs got;
    while (q.executeStep())
        got.emplace_back(q.getColumn(0).getString(), q.getColumn(1).getString());
    if (++pref_cached_ > 100000) {  // bounded; refilled on demand
        pref_cache_.clear();
        pref_cached_ = 1;
    }
    return pref_cache_[network][key] = std::move(got);
}

const std::string* Database::pref_in(const Prefs& prefs, std::string_view name) {
    for (const auto& [n, v] : prefs)
        if (n == name) return &v;
    return nullptr;
}

std::optional<std::string> Database::pref(const std::string& network, const std::string& key,
                                          const std::string& name) const {
    if (const std::string* v = pref_in(prefs(network, key), name)) return *v;
    return std::nullopt;
}

void Database::set_pref(const std::string& network, const std::string& key, const std::string& name,
                        const std::string& value) {
    auto q = prepare(
        "INSERT INTO prefs (network, key, name, value) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (network, key, name) DO UPDATE SET value = excluded.value");
    q.bind(1, network);
    q.bind(2, key);
    q.bind(3, name);
    q.bind(4, value);
    q.exec();
    // After the commit only; a person not read yet is read whole when first asked for.
    auto net = pref_cache_.find(network);
    if (net == pref_cache_.end()) return;
    auto person = net->second.find(key);
    if (person == net->second.end()) return;
    for (auto& [n, v] : person->second)
        if (n == name) {
            v = value;
            return;
        }
    person->second.emplace_back(name, value);
}

void Database::forget_prefs(const std::string& network, const std::string& key) {
    if (auto net = pref_cache_.find(network); net != pref_cache_.end()) net->second.erase(key);
}

long long Database::xp(const std::string& network, const std::string& key,
                       const std::string& kind) const {
    auto q = prepare("SELECT xp FROM xp WHERE network = ? AND key = ? AND kind = ?");
    q.bind(1, network);
    q.bind(2, key);
    q.bind(3, kind);
    return q.executeStep() ? q.getColumn(0).getInt64() : 0;
}

std::optional<Saved> Database::saved(const std::string& network, const std::string& key,
                                     const std::string& kind, const std::string& slot) const {
    auto q = prepare(
        "SELECT version, data FROM saved WHERE network = ? AND key = ? AND kind = ? "
        "AND slot = ?");
    q.bind(1, network);
    q.bind(2, key);
    q.bind(3, kind);
    q.bind(4, slot);
    if (!q.executeStep()) return std::nullopt;
    Saved v;
    v.version = q.getColumn(0).getInt();
    v.data = q.getColumn(1).getString();
    return v;
}

void Database::save(const std::string& network, const std::string& key, const std::string& kind,
                    const std::string& slot, const Saved& data, std::int64_t now) {
    auto q = prepare(
        "INSERT INTO saved (network, key, kind, slot, version, data, updated) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (network, key, kind, slot) DO "
        "UPDATE SET version = excluded.version, data = excluded.data, updated = "
        "excluded.updated");
    q.bind(1, network);
    q.bind(2, key);
    q.bind(3, kind);
    q.bind(4, slot);
    q.bind(5, data.version);
    q.bind(6, data.data.data(), static_cast<int>(data.data.size()));
    q.bind(7, now);
    q.exec();
}

}  // namespace croupier::storage
