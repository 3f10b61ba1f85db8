// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/tables/lines.hpp"

#include <utility>

namespace croupier::bot {

std::vector<Line> pack_lines(std::vector<Line> lines, std::size_t width) {
    std::vector<Line> out;
    out.reserve(lines.size());
    // Per packed line: whether more may join it (the recipient's last line, not alone).
    std::vector<bool> open;
    for (auto& l : lines) {
        if (l.text.empty()) continue;
        std::size_t last = out.size();
        for (std::size_t i = out.size(); i-- > 0;)
            if (out[i].same_recipient(l)) {
                last = i;
                break;
            }
        if (last < out.size() && open[last] && !l.alone && out[last].view == l.view &&
            out[last].page == l.page && out[last].text.size() + 1 + l.text.size() <= width) {
            out[last].text += ' ';
            out[last].text += l.text;
            continue;
        }
        open.push_back(!l.alone);
        out.push_back(std::move(l));
    }
    return out;
}

}  // namespace croupier::bot
