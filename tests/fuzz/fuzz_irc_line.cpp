// libFuzzer target: the link's line guard and IRC parser (bot/irc/text.hpp). Bytes as a
// server might send them, split into reads at a point the input chooses: the line
// splitter, the parser, the libircclient guard, casefolding, and the outgoing text's
// sanitising and cutting. Checks what the link relies on, not just "no crash".
// SPDX-License-Identifier: GPL-3.0-or-later
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "bot/irc/text.hpp"

using namespace croupier::bot::irc;

namespace {

void require(bool ok) {
    if (!ok) std::abort();
}

bool utf8_boundary(std::string_view whole, std::size_t at) {
    // `at` does not fall on a continuation byte that follows a lead byte within reach.
    return at >= whole.size() || (static_cast<unsigned char>(whole[at]) & 0xC0) != 0x80 || at == 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const std::size_t cut = size == 0 ? 0 : data[0] % (size + 1);

    LineSplitter splitter;
    std::vector<std::string> lines;
    splitter.feed(bytes.substr(0, cut), lines);
    splitter.feed(bytes.substr(cut), lines);
    splitter.feed("\r\n", lines);
    for (const auto& line : lines) {
        require(!line.empty());
        require(line.size() <= kMaxLine);
        require(line.find_first_of(std::string_view("\r\n\0", 3)) == std::string::npos);

        Message m;
        if (parse_message(line, m)) {
            require(!m.command.empty());
            (void)m.nick();
        }
        (void)safe_for_libircclient(line);
        const std::string_view rest = strip_tags(line);
        require(rest.size() <= line.size());

        for (auto mapping :
             {CaseMapping::Ascii, CaseMapping::Rfc1459, CaseMapping::StrictRfc1459}) {
            const std::string once = fold(line, mapping);
            require(once.size() == line.size());
            require(fold(once, mapping) == once);
        }
    }

    // Outgoing text: no CR, LF or NUL, and cut on a UTF-8 boundary within the budget.
    const std::string clean = sanitise(bytes);
    require(clean.size() == bytes.size());
    require(clean.find_first_of(std::string_view("\r\n\0", 3)) == std::string::npos);
    const std::size_t budget = text_budget("croupier", "", "", "PRIVMSG", "#cards");
    require(budget < 512);
    const std::string_view piece = cut_utf8(clean, size == 0 ? 0 : data[size - 1]);
    require(piece.size() <= (size == 0 ? 0u : data[size - 1]));
    require(piece.size() == clean.size() || utf8_boundary(clean, piece.size()));

    CaseMapping named;
    (void)parse_casemapping(bytes, named);
    (void)base64(bytes);
    return 0;
}
