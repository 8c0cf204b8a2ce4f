#include "popscope/symbol.hpp"

#include <mutex>
#include <unordered_set>

namespace popscope {

namespace {

struct SharedTexts {
    std::mutex mutex;
    std::unordered_set<std::string> texts; // nodes never move: their addresses are the symbols
};

// The empty text, shared without a lookup; never destroyed, like the set: jobs may read symbols
// while the process exits.
const std::string& emptyText()
{
    static const std::string* empty = new std::string;
    return *empty;
}

SharedTexts& shared()
{
    static auto* texts = new SharedTexts; // never destroyed: symbols may be read at exit
    return *texts;
}

} // namespace

Symbol::Symbol(std::string_view text)
    : m_bits(reinterpret_cast<uintptr_t>(&emptyText()))
{
    if (text.empty())
        return;
    SharedTexts& set = shared();
    {
        std::lock_guard lock(set.mutex);
        auto found = set.texts.find(std::string(text));
        if (found == set.texts.end() && set.texts.size() < kMaxShared && text.size() <= kMaxSharedSize)
            found = set.texts.emplace(text).first;
        if (found != set.texts.end()) {
            m_bits = reinterpret_cast<uintptr_t>(&*found);
            return;
        }
    }
    m_bits = reinterpret_cast<uintptr_t>(new std::string(text)) | kOwned;
}

const Symbol& variableCategory()
{
    static const Symbol* category = new Symbol("variable");
    return *category;
}

Symbol::Symbol(const Symbol& other)
    : m_bits(
        other.owned() ? reinterpret_cast<uintptr_t>(new std::string(other.str())) | kOwned : other.m_bits)
{
}

Symbol::Symbol(Symbol&& other) noexcept
    : m_bits(other.m_bits)
{
    other.m_bits = reinterpret_cast<uintptr_t>(&emptyText()); // shared: never owned
}

Symbol& Symbol::operator=(const Symbol& other)
{
    if (this != &other) {
        Symbol copy(other);
        std::swap(m_bits, copy.m_bits);
    }
    return *this;
}

Symbol& Symbol::operator=(Symbol&& other) noexcept
{
    std::swap(m_bits, other.m_bits);
    return *this;
}

Symbol::~Symbol()
{
    release();
}

void Symbol::release()
{
    if (owned())
        delete text();
    m_bits = 0;
}

} // namespace popscope
