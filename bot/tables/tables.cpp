// The table layer's front (bot/tables/tables.hpp): each call handed to the part that owns it.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/tables/tables.hpp"

#include "bot/log.hpp"
#include "bot/tables/services.hpp"

namespace croupier::bot {

Tables::Tables(const TablesParts& parts) : s_(std::make_unique<TableServices>(parts)) {}

Tables::~Tables() = default;

void Tables::attach(storage::Database& database, storage::Writer& w) {
    s_->db = &database;
    s_->writer = &w;
    s_->commits.attach(w);
}

void Tables::flush_writes() {
    s_->commits.flush();
}

void Tables::restore_games() {
    s_->restorer.restore_games();
}

void Tables::add_commands() {
    s_->play.add_commands();
}

void Tables::kinds_changed() {
    s_->registry.kinds_changed();
}

void Tables::start_private(Request& r, const GameKind& kind, const PrivateStart& start) {
    s_->seatings.privates.start_given(r, kind, start);
}

Table* Tables::deal_event_game(NetCtx& n, const std::string& channel, const GameKind& kind,
                               const std::vector<Seat>& seats,
                               const std::map<std::string, std::string>& options,
                               std::function<void(storage::Database&, std::int64_t)> with_deal) {
    if (!s_->db || !s_->writer) return nullptr;
    auto made = s_->registry.make_table(n, kind, channel, false);
    made->seats = seats;
    made->opener_key = seats.empty() ? "" : seats.front().key;
    made->deal_options = options;
    made->with_deal = std::move(with_deal);
    Table& t = s_->registry.add_table(std::move(made));
    const TableId id = t.id;
    s_->dealing.begin_game(t);
    Table* dealt = s_->registry.table_by_id(n, id);
    return dealt && dealt->phase == Table::Phase::Playing ? dealt : nullptr;
}

Table* Tables::table_of_game(NetCtx& n, std::int64_t game_id) {
    for (auto& [id, t] : n.tables)
        if (t->game_id == game_id && t->phase == Table::Phase::Playing) return t.get();
    return nullptr;
}

void Tables::forfeit_seat(Table& t, const std::string& person, const std::string& why) {
    const int seat = t.seat_of(person);
    if (seat < 0 || t.seats[static_cast<std::size_t>(seat)].out || !t.game || t.game->finished())
        return;
    if (const auto done = s_->moves.commit(t, seat, "leave", "", why); !done)
        log::warn("{}: {} could not leave game {}: {}", t.place, person, t.game_id, done.why());
}

void Tables::on_event_game_over(std::function<void(std::int64_t event)> f) {
    s_->event_game_over = std::move(f);
}

Table* Tables::route(Request& r, const GameKind* kind, bool or_open) {
    return s_->registry.route(r, kind, or_open).value_or(nullptr);
}

Table* Tables::joining_table(NetCtx& n, const std::string& channel, const GameKind& kind) {
    return s_->registry.joining_table(n, channel, kind);
}

bool Tables::plays(NetCtx& n, const std::string& person, const std::string& kind) const {
    return s_->registry.plays(n, person, kind);
}

std::string Tables::typed_command(const Request& r, const GameKind& kind) const {
    return s_->play.typed_command(r, kind);
}

bool Tables::lookup_fits(Request& r, const GameKind& kind) {
    return s_->play.lookup_fits(r, kind);
}

std::vector<Table*> Tables::tables_in(NetCtx& n, const std::string& channel) {
    return s_->registry.tables_in(n, channel);
}

std::string Tables::what_is_played(const Request& r) const {
    return s_->registry.what_is_played(r);
}

std::string Tables::how_to_start(const Request& r, const GameKind& kind) const {
    return s_->seatings.of(kind).how_to_start(kind, r.net->net->nick());
}

std::size_t Tables::stop_at(NetCtx& n, const std::string& where, const std::string& by) {
    return s_->registry.stop_at(n, where, by);
}

void Tables::seen_speaking(NetCtx& n, Request& r) {
    s_->presence.seen_speaking(n, r);
}

void Tables::player_gone(NetCtx& n, const std::string& person, const std::string& channel,
                         const std::string& nick_key) {
    s_->presence.player_gone(n, person, channel, nick_key);
}

void Tables::player_back(NetCtx& n, const Source& who, const std::string& channel, bool show_hand) {
    s_->presence.player_back(n, who, channel, show_hand);
}

void Tables::player_renamed(NetCtx& n, const std::string& person, const std::string& nick) {
    s_->presence.player_renamed(n, person, nick);
}

void Tables::pause_timers(NetCtx& n) {
    s_->turns.pause_timers(n);
}

void Tables::resume_timers(NetCtx& n) {
    s_->turns.resume_timers(n);
}

void Tables::bot_joined(NetCtx& n, const std::string& channel) {
    s_->restorer.bot_joined(n, channel);
}

void Tables::link_lost(NetCtx& n) {
    s_->restorer.link_lost(n);
}

void Tables::link_back(NetCtx& n) {
    s_->restorer.link_back(n);
}

void Tables::close_abandoned() {
    s_->restorer.close_abandoned();
}

}  // namespace croupier::bot
