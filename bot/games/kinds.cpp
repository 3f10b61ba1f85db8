// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/games/kinds.hpp"

namespace croupier::bot {

namespace {
struct Entry {
    config::SectionSpec (*section)();
    std::unique_ptr<GameKind> (*make)(const config::Section&);
};
// The one list of kinds: adding a game adds a line here.
const Entry kKinds[] = {
    {exordia8_section, make_exordia8_kind},
    {spider_section, make_spider_kind},
    {vcg_section, make_vcg_kind},
    {adventurer_section, make_adventurer_kind},
    {encounters_section, make_encounters_kind},
};
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
