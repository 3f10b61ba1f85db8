// A small JSON value for the web pages (docs/WEB.md): each view builds one, and both the
// page (/x) and its JSON (/api/x) are written from it.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace croupier::bot::web {

class Value {
  public:
    enum class Type { Null, Bool, Int, Real, String, Array, Object };

    Value() = default;
    Value(bool b) : type_(Type::Bool), int_(b ? 1 : 0) {}
    Value(int i) : type_(Type::Int), int_(i) {}
    Value(long i) : type_(Type::Int), int_(i) {}
    Value(long long i) : type_(Type::Int), int_(i) {}
    Value(double d) : type_(Type::Real), real_(d) {}
    Value(std::string s) : type_(Type::String), str_(std::move(s)) {}
    Value(const char* s) : type_(Type::String), str_(s) {}
    static Value array() { return Value(Type::Array); }
    static Value object() { return Value(Type::Object); }

    Type type() const { return type_; }
    bool is_null() const { return type_ == Type::Null; }
    // An object's member (a null value if absent); an array's element.
    const Value& operator[](std::string_view key) const;
    const Value& at(std::size_t i) const { return items_.at(i); }
    std::size_t size() const { return type_ == Type::Object ? members_.size() : items_.size(); }
    const std::vector<Value>& items() const { return items_; }
    const std::vector<std::pair<std::string, Value>>& members() const { return members_; }
    const std::string& str() const { return str_; }
    long long integer() const { return type_ == Type::Real ? static_cast<long long>(real_) : int_; }
    double real() const { return type_ == Type::Real ? real_ : static_cast<double>(int_); }
    bool boolean() const { return int_ != 0; }

    Value& push(Value v);                  // an array's next element; returns it
    Value& set(std::string key, Value v);  // an object's member (kept in order); returns it

    // The JSON text. `<`, `>` and `&` are written \u003c, \u003e, \u0026, so the text can
    // stand inside an HTML <script> whatever the strings hold; bytes that are not UTF-8
    // become U+FFFD.
    std::string dump() const;

  private:
    explicit Value(Type t) : type_(t) {}
    void dump_to(std::string& out) const;

    Type type_ = Type::Null;
    long long int_ = 0;
    double real_ = 0;
    std::string str_;
    std::vector<Value> items_;
    std::vector<std::pair<std::string, Value>> members_;
};

// Text for HTML (element content and quoted attributes): & < > " ' escaped, bytes that are
// not UTF-8 replaced.
std::string html(std::string_view text);
// Valid UTF-8: every byte that does not start or continue a well-formed sequence becomes
// U+FFFD (IRC text may be in any encoding).
std::string valid_utf8(std::string_view text);

}  // namespace croupier::bot::web
