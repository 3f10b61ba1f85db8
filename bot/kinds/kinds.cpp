// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/kinds/kinds.hpp"

#include <iterator>

namespace croupier::bot {

namespace {
// From the one list of games (games/list.hpp).
#define CROUPIER_KIND_ENTRY(name) {name##_section, make_##name##_kind},
const KindEntry kKinds[] = {CROUPIER_GAMES(CROUPIER_KIND_ENTRY)};
#undef CROUPIER_KIND_ENTRY

std::vector<KindEntry> all(const std::vector<KindEntry>& extra) {
    std::vector<KindEntry> out(std::begin(kKinds), std::end(kKinds));
    out.insert(out.end(), extra.begin(), extra.end());
    return out;
}
}  // namespace

std::vector<config::SectionSpec> kind_specs(const std::vector<KindEntry>& extra) {
    std::vector<config::SectionSpec> out;
    for (const auto& e : all(extra)) out.push_back(e.section());
    return out;
}

std::vector<std::shared_ptr<GameKind>> make_kinds(const config::Config& cfg,
                                                  const std::vector<KindEntry>& extra) {
    std::vector<std::shared_ptr<GameKind>> out;
    for (const auto& e : all(extra)) {
        const auto spec = e.section();
        auto it = cfg.games.find(spec.name);
        out.push_back(e.make(it != cfg.games.end() ? it->second : config::defaults(spec)));
    }
    return out;
}

}  // namespace croupier::bot
