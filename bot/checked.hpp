// What a person typed, made into a value, or the reason it could not be: the words they read
// (docs/ARCHITECTURE.md, "Errors": a person's mistake is a value, never an exception nor an
// out-parameter).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace croupier::bot {

template <class T>
class Checked {
  public:
    Checked(T value) : value_(std::move(value)) {}  // NOLINT: a value is a Checked
    // Nothing made: `why` says what was wrong and what to type instead.
    static Checked refused(std::string why) {
        Checked c;
        c.why_ = std::move(why);
        return c;
    }

    explicit operator bool() const { return value_.has_value(); }
    const T& operator*() const { return *value_; }
    const T* operator->() const { return &*value_; }
    // Empty when there is a value.
    const std::string& why() const { return why_; }
    // Another value made from this one, or this one's refusal.
    template <class F>
    auto then(F&& f) const -> Checked<decltype(f(std::declval<const T&>()))> {
        using U = decltype(f(std::declval<const T&>()));
        if (!value_) return Checked<U>::refused(why_);
        return Checked<U>(f(*value_));
    }

  private:
    Checked() = default;
    std::optional<T> value_;
    std::string why_;
};

}  // namespace croupier::bot
