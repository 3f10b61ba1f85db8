// What the transcript writers in tests/tools share.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace croupier::tools {

// Escapes the characters that mean something in an ECMAScript regular expression.
inline std::string rx_escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (std::string("\\^$.|?*+()[]{}").find(c) != std::string::npos) out += '\\';
        out += c;
    }
    return out;
}

}  // namespace croupier::tools
