// The one shape of "it could not be done" in the daemon (docs/ARCHITECTURE.md, "Errors"): a
// value, or why not, with who caused it in the type. A person's refusal (what they typed or
// asked is wrong: the words they read) and the bot's own fault (a game that threw, a move
// that failed inside the bot: what the person is told, the log saying why) are different
// kinds of answer, never an empty string meaning "done" nor an out-parameter.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <type_traits>
#include <utility>

namespace croupier::bot {

// A person's mistake: what was wrong and what to type instead.
struct Refusal {
    std::string why;
};

// The bot's own failure (a game that threw, a write the database refused): what went
// wrong, in the words a person waiting on it is told, or the log's.
struct Fault {
    std::string what;
};

// The value of something that only had to be done: `Checked<Done>`.
struct Done {};

template <class T>
class Checked {
  public:
    Checked(T value) : value_(std::move(value)) {}  // NOLINT: a value is a Checked
    // So is whatever makes a T (`return std::nullopt;` for a Checked<std::optional<...>>).
    template <class U>
    requires(std::is_convertible_v<U&&, T> && !std::is_same_v<std::remove_cvref_t<U>, T> &&
             !std::is_same_v<std::remove_cvref_t<U>, Refusal> &&
             !std::is_same_v<std::remove_cvref_t<U>, Fault> &&
             !std::is_same_v<std::remove_cvref_t<U>, Checked>) Checked(U&& value)
        : value_(T(std::forward<U>(value))) {}                   // NOLINT: implicit, as above
    Checked(Refusal r) : why_(std::move(r.why)) {}               // NOLINT: so is a refusal
    Checked(Fault f) : why_(std::move(f.what)), fault_(true) {}  // NOLINT: and a fault
    // Nothing made: `why` says what was wrong and what to type instead.
    static Checked refused(std::string why) { return Checked(Refusal{std::move(why)}); }
    // Nothing made, and not the person's doing: `what` went wrong.
    static Checked failed(std::string what) { return Checked(Fault{std::move(what)}); }

    explicit operator bool() const { return value_.has_value(); }
    const T& operator*() const& { return *value_; }
    T& operator*() & { return *value_; }
    T&& operator*() && { return std::move(*value_); }
    const T* operator->() const { return &*value_; }
    T* operator->() { return &*value_; }
    T value_or(T other) const { return value_ ? *value_ : std::move(other); }
    // No value because of the person (a refusal), or because of the bot (a fault).
    bool is_refusal() const { return !value_ && !fault_; }
    bool is_fault() const { return !value_ && fault_; }
    // Empty when there is a value: else the words the person reads, a refusal's or a fault's.
    const std::string& why() const { return why_; }
    // Another value made from this one, or this one's refusal or fault.
    template <class F>
    auto then(F&& f) const -> Checked<decltype(f(std::declval<const T&>()))> {
        using U = decltype(f(std::declval<const T&>()));
        if (!value_) return fault_ ? Checked<U>::failed(why_) : Checked<U>::refused(why_);
        return Checked<U>(f(*value_));
    }

  private:
    std::optional<T> value_;
    std::string why_;
    bool fault_ = false;
};

}  // namespace croupier::bot
