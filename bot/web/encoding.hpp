// What the web server does to an answer's body on the way out (docs/WEB.md): its entity tag,
// and gzip where the client asks for it (zlib).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

namespace croupier::bot::web {

// A strong entity tag for `body` (quoted, as the ETag header carries it): the same body,
// the same tag. `suffix` tells representations apart ("gz" for the gzipped one).
std::string etag_of(std::string_view body, std::string_view suffix = {});
// Whether an If-None-Match header value names `etag` (or is "*").
bool etag_matches(std::string_view if_none_match, std::string_view etag);
// Whether an Accept-Encoding header value accepts gzip (a "gzip" or "*" token whose q is
// not 0).
bool accepts_gzip(std::string_view accept_encoding);
// `body` in the gzip format (RFC 1952), or "" when zlib fails (then send it plain).
std::string gzip(std::string_view body);

}  // namespace croupier::bot::web
