// The lines one turn of the event loop tells about a table (a move and the computer players'
// answers to it), addressed, and packed into as few lines as fit: a line a second is what
// the server allows, so each line carries as much as it can (issue 26).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace croupier::bot {

// One line for one recipient: the table's channel, or a person (by NOTICE or privately).
struct Line {
    bool channel = false;
    std::string target;  // the channel, or the person's nick
    std::string key;     // the person (bot/people.hpp); "" for a channel
    bool notice = false;
    std::string text;
    bool alone = false;  // a layout line (Out::layout): never packed with another
    std::string view;    // Out::view: packed only with lines of the same view
    bool page = false;   // asked for (a table view): packed only with the lines of a page

    bool same_recipient(const Line& o) const {
        return channel == o.channel && target == o.target && key == o.key && notice == o.notice;
    }
};

// The lines of each recipient joined, in the order they were made, into lines of at most
// `width` bytes, a sentence apart, lines of one view only together; a line that is alone (or longer
// than `width`) is a line of its own, and the next line to that recipient starts a new one. A line
// never takes text meant for another recipient. The result keeps each recipient's order; between
// recipients, a packed line comes where its first part was. The lines are taken (moved in by
// the tables, which no longer need them: no copy of each line's strings).
std::vector<Line> pack_lines(std::vector<Line> lines, std::size_t width);

}  // namespace croupier::bot
