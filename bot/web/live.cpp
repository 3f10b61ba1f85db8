// SPDX-License-Identifier: GPL-3.0-or-later
// Live games' streams: bot/web/live.hpp.
#include "bot/web/live.hpp"

#include <algorithm>

#include "bot/log.hpp"
#include "bot/web/site.hpp"

namespace croupier::bot::web {

namespace {
// A comment line sent when nothing moved for this long: a closed peer is found on writing,
// and a proxy does not drop a quiet stream.
constexpr std::chrono::seconds kKeepAlive{15};
}  // namespace

LiveHub::LiveHub(boost::asio::io_context& io, const std::unique_ptr<Site>& site,
                 std::chrono::milliseconds every)
    : timer_(io), site_(site), every_(every) {}

std::string LiveHub::event(const std::string& json) {
    return "data: " + json + "\n\n";  // Value::dump writes one line
}

std::string LiveHub::first(std::int64_t id) {
    if (!site_) return "";
    const auto v = site_->live(id);
    if (!v || (*v)["ended"].boolean()) return "";
    return event(v->dump());
}

void LiveHub::watch(std::int64_t id, std::weak_ptr<LiveSink> sink) {
    if (stopped_ || !site_) return;
    auto& w = games_[id];
    if (w.mark.empty()) w.mark = site_->live_mark(id);
    w.sinks.push_back(std::move(sink));
    arm();
}

void LiveHub::stop() {
    stopped_ = true;
    timer_.cancel();
    games_.clear();
}

void LiveHub::arm() {
    if (armed_ || stopped_) return;
    armed_ = true;
    if (version_ < 0) {
        version_ = site_->data_version();
        quiet_since_ = std::chrono::steady_clock::now();
    }
    timer_.expires_after(every_);
    timer_.async_wait([this](const boost::system::error_code& ec) {
        armed_ = false;
        if (ec || stopped_) return;
        tick();
    });
}

void LiveHub::tick() {
    // Watchers gone: their games are forgotten; with none left the timer stops.
    for (auto it = games_.begin(); it != games_.end();) {
        auto& s = it->second.sinks;
        s.erase(std::remove_if(s.begin(), s.end(), [](const auto& w) { return w.expired(); }),
                s.end());
        it = s.empty() ? games_.erase(it) : std::next(it);
    }
    if (games_.empty() || !site_) {
        version_ = -1;
        return;
    }
    const auto now = std::chrono::steady_clock::now();
    try {
        const std::int64_t version = site_->data_version();
        if (version != version_) {
            version_ = version;
            for (auto& [id, w] : games_) {
                const std::string mark = site_->live_mark(id);
                if (mark == w.mark) continue;
                w.mark = mark;
                const auto v = site_->live(id);
                auto text = std::make_shared<const std::string>(
                    event(v ? v->dump() : std::string("{\"ended\":true}")));
                for (auto& s : w.sinks)
                    if (auto sink = s.lock()) sink->push(text);
                quiet_since_ = now;
            }
        }
    } catch (const std::exception& e) {
        log::warn("web: live games: {}", e.what());
    }
    if (now - quiet_since_ >= kKeepAlive) {
        quiet_since_ = now;
        auto ping = std::make_shared<const std::string>(": still here\n\n");
        for (auto& [id, w] : games_)
            for (auto& s : w.sinks)
                if (auto sink = s.lock()) sink->push(ping);
    }
    arm();
}

}  // namespace croupier::bot::web
