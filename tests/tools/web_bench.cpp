// SPDX-License-Identifier: GPL-3.0-or-later
// How long the web pages take with many finished games in the database (docs/WEB.md):
// writes GAMES finished games (Exordia8 tables of two of 200 people, played to the end, and
// Spider games resigned after a few moves) and, among them, one in 25 left under way after
// 6 moves, through the real storage code into a temporary file; then times each page's
// answer through bot::web::Site, as the server calls it. Prints `figure NAME VALUE UNIT`
// lines. Not a test: a figure to read.
//
//   web_bench [GAMES [FILE]]   (default 10000; FILE: the database is written there, and kept,
//                              for tests/tools/web_load.py)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

#include "bot/game.hpp"
#include "bot/kinds/kinds.hpp"
#include "bot/strings.hpp"
#include "bot/web/site.hpp"
#include "storage/storage.hpp"
#include "tests/unit/web/fixture.hpp"

using namespace croupier;
using namespace croupier::bot;
using Clock = std::chrono::steady_clock;

namespace {

std::int64_t play(storage::Database& db, const GameKind& kind, std::int64_t id, GameSetup setup,
                  int max_moves, bool leave_open) {
    storage::GameRecord rec;
    rec.id = id;
    rec.kind = kind.name();
    rec.variant = setup.variant;
    rec.network = "net";
    rec.place = kind.in_private() ? setup.players[0] : "#cards";
    rec.deal = setup.deal_number;
    rec.setup = setup.serialise();
    rec.started = 1700000000 + id * 60;
    db.create_game(rec);
    auto game = kind.create(setup);
    std::int64_t seq = 0;
    for (int m = 0; m < max_moves && !game->finished(); ++m) {
        const int seat = next_mover(kind, *game);
        if (seat < 0) break;
        const auto [cmd, args] =
            split_command(game->filler_action(seat, static_cast<std::uint64_t>(id * 1000 + m)));
        const Checked<Outcome> o = game->act(seat, cmd, args);
        if (!o) break;
        db.append(id, {++seq, seat, o->canonical, rec.started + seq});
    }
    if (leave_open) return seq;
    if (!game->finished()) {
        const auto [cmd, args] = split_command(
            kind.seating().as_private() ? kind.seating().as_private()->end_command() : "resign");
        const Checked<Outcome> o = game->act(0, cmd, args);
        if (o) db.append(id, {++seq, 0, o->canonical, rec.started + seq});
    }
    if (!game->finished()) return 0;
    web::test::write_results(db, id, setup, *game, "over", rec.started + 50, seq);
    return seq;
}

}  // namespace

int main(int argc, char** argv) {
    const int n = argc > 1 ? std::max(1, std::atoi(argv[1])) : 10000;
    const bool keep = argc > 2;
    std::string tmpl =
        (std::filesystem::temp_directory_path() / "croupier-webbench-XXXXXX").string();
    const std::filesystem::path dir = keep ? std::filesystem::path() : ::mkdtemp(tmpl.data());
    const std::string path = keep ? std::string(argv[2]) : (dir / "croupier.db").string();
    config::Config cfg;
    auto kinds = make_kinds(cfg);
    const GameKind* e8 = find_kind(kinds, "exordia8");
    const GameKind* spider = find_kind(kinds, "spider");
    std::int64_t e8_game = 0, spider_game = 0, moves = 0;
    int under_way_count = 0;
    const auto t0 = Clock::now();
    {
        storage::Database db(path);
        db.raw().exec("PRAGMA synchronous=OFF");
        db.raw().exec("BEGIN");
        for (int p = 0; p < 200; ++p) {
            storage::PersonRow row;
            row.key = fmt::format("h:u{}@host{}.example", p, p);
            row.nick = row.nick_key = fmt::format("player{}", p);
            row.seen = 1700000000;
            db.remember_person("net", row);
        }
        int finished = 0, under_way = 0;
        for (int i = 1; finished < n; ++i) {
            const bool sp = i % 4 == 0;
            const GameKind& k = sp ? *spider : *e8;
            GameSetup s = sample_setup(k, static_cast<std::uint64_t>(i) * 7919, sp ? 1 : 2);
            const int a = (i * 37) % 200,
                      b = (i * 53 + 1) % 200 == a ? (a + 1) % 200 : (i * 53 + 1) % 200;
            s.players[0] = fmt::format("player{}", a);
            s.persons[0] = fmt::format("h:u{}@host{}.example", a, a);
            if (!sp) {
                s.players[1] = fmt::format("player{}", b);
                s.persons[1] = fmt::format("h:u{}@host{}.example", b, b);
            }
            // Every 25th game (after the first thousand) is left under way, as if many were
            // being played at once: the first page lists them all.
            const bool open = i > 1000 && i % 25 == 1;
            moves += play(db, k, i, s, open ? 6 : sp ? 40 : 400, open);
            if (!open) (sp ? spider_game : e8_game) = i;
            ++(open ? under_way : finished);
        }
        db.raw().exec("COMMIT");
        under_way_count = under_way;
    }
    const double fill = std::chrono::duration<double>(Clock::now() - t0).count();
    std::printf("# %d finished games and %d under way (%lld moves) written in %.1f s to %s\n", n,
                under_way_count, static_cast<long long>(moves), fill, path.c_str());
    web::Site site(path, kinds, "");
    auto time_of = [&](const std::string& target, const char* name) {
        std::vector<double> ms;
        std::size_t bytes = 0;
        int status = 0;
        for (int r = 0; r < 21; ++r) {
            const auto s = Clock::now();
            const auto res = site.get(target);
            ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - s).count());
            bytes = res.body.size();
            status = res.status;
        }
        std::sort(ms.begin(), ms.end());
        std::printf("figure web.%s_median_ms %.2f ms\n", name, ms[ms.size() / 2]);
        std::printf("figure web.%s_max_ms %.2f ms\n", name, ms.back());
        std::printf("# %s: status %d, %zu bytes\n", target.c_str(), status, bytes);
    };
    time_of("/", "index");
    time_of("/top/spider", "top_spider");
    time_of("/top/exordia8", "top_exordia8");
    time_of("/api/top/exordia8", "api_top_exordia8");
    time_of("/player/1", "player");
    time_of(fmt::format("/game/{}", e8_game), "game_exordia8");
    time_of(fmt::format("/api/game/{}", e8_game), "api_game_exordia8");
    time_of(fmt::format("/game/{}", spider_game), "game_spider");
    // Issue 46's pages: a channel's (every table is in #cards), its 100th page, the first
    // page's 100th, a search that finds every person (four pages of them), one that finds
    // none, a ladder's second page.
    time_of("/channel/net/%23cards", "channel");
    time_of("/channel/net/%23cards?page=100", "channel_page100");
    time_of("/?page=100", "index_page100");
    time_of("/players?q=player", "search_all");
    time_of("/players?q=nobody", "search_none");
    time_of("/top/exordia8?page=2", "top_exordia8_page2");
    std::error_code ec;
    if (!keep) std::filesystem::remove_all(dir, ec);
    return 0;
}
