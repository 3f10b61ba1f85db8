// The daily deal's page, /daily/<game>/<YYYY-MM-DD> and its JSON (docs/WEB.md).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bot/daily/daily.hpp"
#include "bot/web/page.hpp"
#include "bot/web/site.hpp"

namespace croupier::bot::web {

std::optional<Value> Site::daily(const std::string& game, const std::string& day) const {
    const GameKind* k = kind(game);
    const PrivateSeating* p = k ? k->seating().as_private() : nullptr;
    if (!p || p->daily().variants.empty() || !daily::day_start(day)) return std::nullopt;
    const bool over = !Daily::sealed({{"daily", day}}, now_());
    const auto secret = db_.value("daily.secret");
    Value v = Value::object();
    v.set("game", k->name());
    v.set("title", k->title());
    v.set("day", day);
    v.set("over", over);
    const auto networks = db_.daily(k->name(), day);
    Value variants = Value::array();
    for (const auto& dv : p->daily().variants) {
        Value var = Value::object();
        var.set("variant", dv.variant);
        var.set("title", title(k->name(), dv.variant));
        if (secret) {
            const std::uint64_t n = daily::deal_for(*secret, k->name(), dv.variant, day);
            var.set("seal", daily::seal_of(n));
            if (over) var.set("deal", std::to_string(n));
        }
        Value ladder = Value::array();
        for (const auto& [network, rows] : networks) {
            std::vector<daily::Entry> entries;
            for (const auto& r : rows) {
                if (r.variant != dv.variant) continue;
                entries.push_back(daily::entry_of(r));
            }
            daily::rank(entries);
            long long rank = 0;
            for (const auto& e : entries) {
                Value l = Value::object();
                l.set("rank", ++rank);
                l.set("network", network);
                l.set("nick", e.nick);
                l.set("finished", e.finished);
                l.set("won", e.won);
                l.set("moves", e.moves);
                l.set("hints", e.hints);
                l.set("ended", static_cast<long long>(e.ended));
                if (over) l.set("game_id", static_cast<long long>(e.game_id));
                ladder.push(std::move(l));
            }
        }
        var.set("ladder", std::move(ladder));
        variants.push(std::move(var));
    }
    v.set("variants", std::move(variants));
    return v;
}

std::string daily_html(const std::string& base, const Value& v) {
    Page p(base, "Daily " + v["title"].str() + " " + v["day"].str(),
           "/api/daily/" + v["game"].str() + "/" + v["day"].str());
    p.raw("<h1>").text("Daily " + v["title"].str() + ", " + v["day"].str()).raw("</h1>");
    if (!v["over"].boolean())
        p.raw(
            "<p class=\"muted\">The day (UTC) is not over: the deals stay sealed until it "
            "is.</p>");
    for (const auto& var : v["variants"].items()) {
        p.raw("<h2>").text(var["title"].str()).raw("</h2>");
        if (!var["seal"].str().empty())
            p.raw("<p>Seal (sha256 of the deal number): <code>")
                .text(var["seal"].str())
                .raw("</code>");
        if (!var["deal"].str().empty())
            p.raw(" Deal <code>").text(var["deal"].str()).raw("</code>");
        p.raw("</p>");
        if (var["ladder"].size() == 0) {
            p.raw("<p class=\"muted\">Nobody played it.</p>");
            continue;
        }
        p.raw(
            "<div class=\"scroll\"><table><tr><th class=\"n\">#</th><th>player</th>"
            "<th>result</th><th class=\"n\">moves</th><th class=\"n\">hints</th>"
            "<th>game</th></tr>");
        for (const auto& l : var["ladder"].items()) {
            const std::string result = !l["finished"].boolean() ? "playing"
                                       : l["won"].boolean()     ? "won"
                                                                : "lost";
            p.raw(fmt::format("<tr><td class=\"n\">{}</td><td>", l["rank"].integer()))
                .text(l["nick"].str())
                .raw("</td><td>")
                .text(result)
                .raw(fmt::format("</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td>",
                                 l["moves"].integer() < 0 ? std::string("")
                                                          : std::to_string(l["moves"].integer()),
                                 l["hints"].integer()));
            if (l["game_id"].integer() > 0)
                p.raw(p.link(fmt::format("/game/{}", l["game_id"].integer()),
                             fmt::format("#{} (replay)", l["game_id"].integer())));
            p.raw("</td></tr>");
        }
        p.raw("</table></div>");
    }
    return p.finish();
}

}  // namespace croupier::bot::web
