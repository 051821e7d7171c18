// FieldPath: where in a C1 document a value sits, for error messages, e.g.
// "vanilla_proofs[2][17].comm_d_proofs.path[3].hashes[0]". Names follow the C1 JSON, leaving
// out the serde wrappers that carry no information: the shape key under vanilla_proofs, a Merkle
// proof's "data" and variant ("Single" / "Sub" / "Top"), and an inclusion path's inner "path".
// Segments are pushed and popped as a parser or checker descends; keys must outlive the path
// (they are string literals).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cuzk::filecoin {

class FieldPath {
 public:
  void push(std::string_view key) { segments_.push_back({key, 0}); }
  void push(size_t index) { segments_.push_back({{}, index}); }
  void pop() { segments_.pop_back(); }

  std::string str() const {
    std::string s;
    for (const auto& seg : segments_) {
      if (seg.key.empty()) {
        s += '[';
        s += std::to_string(seg.index);
        s += ']';
      } else {
        if (!s.empty()) s += '.';
        s += seg.key;
      }
    }
    return s;
  }

 private:
  struct Segment {
    std::string_view key;  // empty: an array index
    size_t index;
  };
  std::vector<Segment> segments_;
};

}  // namespace cuzk::filecoin
