// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/kinds/kinds.hpp"

namespace croupier::bot {

namespace {
struct Entry {
    config::SectionSpec (*section)();
    std::unique_ptr<GameKind> (*make)(const config::Section&);
};
// From the one list of games (bot/games/list.hpp).
#define CROUPIER_KIND_ENTRY(name) {name##_section, make_##name##_kind},
const Entry kKinds[] = {CROUPIER_GAMES(CROUPIER_KIND_ENTRY)};
#undef CROUPIER_KIND_ENTRY
}  // namespace

std::vector<config::SectionSpec> kind_specs() {
    std::vector<config::SectionSpec> out;
    for (const auto& e : kKinds) out.push_back(e.section());
    return out;
}

std::vector<std::shared_ptr<GameKind>> make_kinds(const config::Config& cfg) {
    std::vector<std::shared_ptr<GameKind>> out;
    for (const auto& e : kKinds) {
        const auto spec = e.section();
        auto it = cfg.games.find(spec.name);
        out.push_back(e.make(it != cfg.games.end() ? it->second : config::defaults(spec)));
    }
    return out;
}

}  // namespace croupier::bot
