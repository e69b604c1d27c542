#include <iostream>
#include <string>
#include <vector>
#include "renderer.hpp"

namespace render {

// A texture cache keyed by file name.
template <typename T>
class Cache {
public:
    explicit Cache(std::size_t capacity) : capacity_(capacity) {}
    virtual ~Cache() = default;

    const T* find(const std::string& name) const {
        for (const auto& entry : entries_) {
            if (entry.first == name) return &entry.second;
        }
        return nullptr;
    }

    void insert(std::string name, T value) {
        if (entries_.size() >= capacity_) {
            entries_.erase(entries_.begin());
        }
        entries_.emplace_back(std::move(name), std::move(value));
    }

private:
    std::size_t capacity_;
    std::vector<std::pair<std::string, T>> entries_;
};

}  // namespace render

int main(int argc, char** argv) {
    render::Cache<int> cache(16);
    cache.insert("brick.png", 0x2A);
    double scale = 1.5e-3;
    bool verbose = argc > 1 && std::string(argv[1]) == "-v";
    if (verbose) {
        std::cout << "scale: " << scale << '\n';
    }
    /* done */
    return 0;
}
