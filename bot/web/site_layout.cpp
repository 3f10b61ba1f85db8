// SPDX-License-Identifier: GPL-3.0-or-later
// Phones first (docs/WEB.md, "On a phone"): every table of columns is marked so that, on a
// narrow screen, the style sheet shows each row as a block of labelled lines.
#include <string>
#include <string_view>
#include <vector>

#include "bot/web/page.hpp"

namespace croupier::bot::web {

namespace {

// The text of a cell's markup (tags dropped: the pages' text is escaped, so '<' is a tag).
std::string cell_text(std::string_view m) {
    std::string out;
    bool tag = false;
    for (char c : m) {
        if (c == '<')
            tag = true;
        else if (c == '>')
            tag = false;
        else if (!tag)
            out += c;
    }
    return out;
}

}  // namespace

std::string labelled(std::string_view body) {
    struct Table {
        std::size_t open_at;  // in `out`, just after "<table"
        std::vector<std::string> labels;
        bool marked = false;
    };
    std::vector<Table> tables;
    std::string out;
    out.reserve(body.size() + body.size() / 8);
    std::size_t column = 0;
    std::size_t row_at = 0;  // in `out`, just after the row's "<tr"
    bool row_has_td = false;
    std::vector<std::string> row_th;
    auto end_row = [&] {
        // A row of headings only names the columns of the rows after it.
        if (tables.empty() || row_th.empty() || row_has_td) return;
        Table& t = tables.back();
        t.labels = row_th;
        out.insert(row_at, " class=\"head\"");
        if (!t.marked) {
            out.insert(t.open_at, " class=\"rows\"");
            t.marked = true;
        }
    };
    std::size_t i = 0;
    while (i < body.size()) {
        const std::size_t lt = body.find('<', i);
        if (lt == std::string_view::npos) {
            out.append(body.substr(i));
            break;
        }
        out.append(body.substr(i, lt - i));
        i = lt;
        const std::string_view rest = body.substr(i);
        auto starts = [&](std::string_view tag) {
            return rest.rfind(tag, 0) == 0 && (rest.size() == tag.size() ||
                                               rest[tag.size()] == '>' || rest[tag.size()] == ' ');
        };
        if (starts("<table")) {
            out += "<table";
            tables.push_back({out.size(), {}, false});
            i += 6;
        } else if (starts("</table")) {
            end_row();
            row_th.clear();
            row_has_td = false;
            if (!tables.empty()) tables.pop_back();
            out += "</table";
            i += 7;
        } else if (starts("<tr")) {
            end_row();
            row_th.clear();
            row_has_td = false;
            column = 0;
            out += "<tr";
            row_at = out.size();
            i += 3;
        } else if (starts("<th")) {
            const std::size_t close = rest.find("</th>");
            const std::size_t gt = rest.find('>');
            if (close != std::string_view::npos && gt < close)
                row_th.push_back(cell_text(rest.substr(gt + 1, close - gt - 1)));
            ++column;
            out += "<th";
            i += 3;
        } else if (starts("<td")) {
            row_has_td = true;
            out += "<td";
            if (!tables.empty() && column < tables.back().labels.size() &&
                !tables.back().labels[column].empty())
                out += " data-l=\"" + tables.back().labels[column] + "\"";  // escaped already
            ++column;
            i += 3;
        } else {
            out += '<';
            ++i;
        }
    }
    return out;
}

}  // namespace croupier::bot::web
