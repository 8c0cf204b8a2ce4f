#pragma once
// A short text from a small set — a variable's memory category, its element type — kept once per
// process: 8 bytes in a struct instead of a 32-byte std::string (250,000 variables in bench-large,
// 1.4 million in bench-huge). Reads as a const std::string&. The shared set takes at most
// kMaxShared texts; past that (a hostile file with a new type per variable) a Symbol owns a copy of
// its own (so does a text over 64 bytes), so the set never grows without bound.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace popscope {

class Symbol;
const Symbol& variableCategory(); // "variable", shared: a Variable's default without a lookup

class Symbol {
public:
    static constexpr size_t kMaxShared = 4096; // texts in the shared set
    static constexpr size_t kMaxSharedSize = 64; // a longer text is each Symbol's own

    Symbol()
        : Symbol(std::string_view())
    {
    } // the empty text: no lookup
    Symbol(std::string_view text);
    Symbol(const std::string& text)
        : Symbol(std::string_view(text))
    {
    }
    Symbol(const char* text)
        : Symbol(std::string_view(text))
    {
    }
    Symbol(const Symbol& other);
    Symbol(Symbol&& other) noexcept;
    Symbol& operator=(const Symbol& other);
    Symbol& operator=(Symbol&& other) noexcept;
    ~Symbol();

    const std::string& str() const { return *text(); }
    operator const std::string&() const { return *text(); }
    operator std::string_view() const { return *text(); }
    bool empty() const { return text()->empty(); }
    size_t size() const { return text()->size(); }
    const char* c_str() const { return text()->c_str(); }

    friend bool operator==(const Symbol& a, const Symbol& b)
    {
        return a.m_bits == b.m_bits || *a.text() == *b.text();
    }
    friend bool operator==(const Symbol& a, std::string_view b) { return *a.text() == b; }
    friend bool operator==(const Symbol& a, const char* b) { return *a.text() == b; }
    friend bool operator==(const Symbol& a, const std::string& b) { return *a.text() == b; }
    friend std::string operator+(const Symbol& a, std::string_view b) { return a.str() + std::string(b); }
    friend std::string operator+(const std::string& a, const Symbol& b) { return a + b.str(); }

private:
    // The shared text's address, or an owned copy's with the low bit set.
    static constexpr uintptr_t kOwned = 1;
    const std::string* text() const { return reinterpret_cast<const std::string*>(m_bits & ~kOwned); }
    bool owned() const { return (m_bits & kOwned) != 0; }
    void release();
    uintptr_t m_bits = 0;
};

} // namespace popscope
