// libFuzzer entry point; the input handling is in profile_input.hpp. The custom mutator adds
// mutations at the level of SQLite pages to libFuzzer's byte-level ones.
#include "profile_input.hpp"

#include <algorithm>
#include <cstring>
#include <random>

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t maxSize);

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    return popscope::fuzz::profileInput(data, size);
}

// Half the time libFuzzer's own mutation; otherwise one page of the file (popscope writes 4,096-byte
// pages) is mutated in place, copied over another (a b-tree page where another belongs), zeroed, or
// the file is cut at a page boundary. The file keeps its layout, so damage reaches the b-tree and
// record decoding, and popscope's readers, instead of failing at the header.
extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t maxSize, unsigned int seed)
{
    constexpr size_t page = 4096;
    std::minstd_rand random(seed);
    const size_t pages = size / page;
    if (pages < 2 || random() % 2 == 0)
        return LLVMFuzzerMutate(data, size, maxSize);
    const size_t from = random() % pages, to = random() % pages;
    switch (random() % 4) {
    case 0: {
        uint8_t* bytes = data + to * page;
        const size_t kept = LLVMFuzzerMutate(bytes, page, page);
        std::memset(bytes + kept, 0, page - std::min(kept, page));
        return size;
    }
    case 1:
        if (from != to)
            std::memcpy(data + to * page, data + from * page, page);
        return size;
    case 2:
        std::memset(data + to * page, 0, page);
        return size;
    default:
        return std::max<size_t>(1, to) * page;
    }
}
