// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/tables/commit_path.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include "bot/log.hpp"
#include "bot/net_ctx.hpp"

namespace croupier::bot {

CommitPath::CommitPath(boost::asio::io_context& io, Back back) : io_(io), back_(std::move(back)) {}

CommitPath::~CommitPath() = default;

CommitPath::Unit& CommitPath::unit_of(const Table& t) {
    const Key key{t.net, t.id};
    auto it = index_.find(key);
    if (it != index_.end() && units_[it->second].epoch == t.epoch) return units_[it->second];
    index_[key] = units_.size();
    Unit& u = units_.emplace_back();
    u.network = t.net->name;
    u.net = t.net;
    u.id = t.id;
    u.game_id = t.game_id;
    u.epoch = t.epoch;
    if (!flush_posted_) {
        flush_posted_ = true;
        boost::asio::post(io_, [this, a = std::weak_ptr<int>(alive_)] {
            if (a.lock()) flush();
        });
    }
    return u;
}

CommitPath::Unit* CommitPath::pending(const Table& t) {
    auto it = index_.find(Key{t.net, t.id});
    if (it == index_.end() || units_[it->second].epoch != t.epoch) return nullptr;
    return &units_[it->second];
}

void CommitPath::after_commit(const Table& t, std::function<void()> f) {
    const Key key{t.net, t.id};
    if (!index_.count(key) && !in_flight_.count(key)) {
        f();
        return;
    }
    Unit& u = unit_of(t);
    u.told.reset();  // lines told after this wait behind it
    u.release.push_back(std::move(f));
}

void CommitPath::write_aside(std::string what, storage::Writer::Job job) {
    if (!writer_) return;
    writer_->submit({storage::Writer::Unit{{std::move(job)}, [what](const Checked<Done>& written) {
                                               if (!written)
                                                   log::warn("{} could not be saved: {}", what,
                                                             written.why());
                                           }}});
}

void CommitPath::flush() {
    flush_posted_ = false;
    if (units_.empty() || !writer_) return;
    std::vector<storage::Writer::Unit> group;
    group.reserve(units_.size());
    for (auto& u : units_) {
        ++in_flight_[Key{u.net, u.id}];
        auto shared = std::make_shared<Unit>(std::move(u));
        std::vector<storage::Writer::Job> jobs = std::move(shared->jobs);
        group.push_back(storage::Writer::Unit{
            std::move(jobs),
            [this, a = std::weak_ptr<int>(alive_), shared](const Checked<Done>& written) {
                if (!a.lock()) return;
                const Key key{shared->net, shared->id};
                if (auto it = in_flight_.find(key); it != in_flight_.end() && --it->second <= 0)
                    in_flight_.erase(it);
                back_(*shared, written);
            }});
    }
    units_.clear();
    index_.clear();
    writer_->submit(std::move(group));
}

}  // namespace croupier::bot
