// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/tables/lines.hpp"

namespace croupier::bot {

std::vector<Line> pack_lines(const std::vector<Line>& lines, std::size_t width) {
    std::vector<Line> out;
    // Per packed line: whether more may join it (the recipient's last line, not alone).
    std::vector<bool> open;
    for (const auto& l : lines) {
        if (l.text.empty()) continue;
        std::size_t last = out.size();
        for (std::size_t i = out.size(); i-- > 0;)
            if (out[i].same_recipient(l)) {
                last = i;
                break;
            }
        if (last < out.size() && open[last] && !l.alone && out[last].view == l.view &&
            out[last].page == l.page && out[last].text.size() + 1 + l.text.size() <= width) {
            out[last].text += " " + l.text;
            continue;
        }
        out.push_back(l);
        open.push_back(!l.alone);
    }
    return out;
}

}  // namespace croupier::bot
