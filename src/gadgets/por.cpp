// Merkle inclusion gadgets (see por.hpp). Namespaces and order follow por.rs: PoRCircuit's
// "value", "base" / "sub" / "top" with "merkle tree hash i" per level, "path", "root_value";
// por_no_challenge_input's "merkle proof insert / hash (height=h)".
#include "gadgets/por.hpp"

#include <stdexcept>
#include <string>

#include "gadgets/insertion.hpp"
#include "gadgets/multipack.hpp"

namespace cuzk::gadgets {

namespace {

using r1cs::Namespace;

unsigned index_bit_count(unsigned arity) {
  if (arity < 2 || (arity & (arity - 1)) != 0) {
    throw std::invalid_argument("por: tree arity " + std::to_string(arity) +
                                " is not a power of two >= 2");
  }
  unsigned k = 0;
  while ((1u << k) < arity) ++k;
  return k;
}

// Base levels of a path of `levels` elements in `shape`.
size_t base_levels(hash::TreeShape shape, size_t levels) {
  if (shape.top_arity != 0 && shape.sub_arity == 0) {
    throw std::invalid_argument("por: a top layer needs a sub layer");
  }
  const size_t extra = (shape.sub_arity != 0 ? 1 : 0) + (shape.top_arity != 0 ? 1 : 0);
  if (levels < extra) throw std::invalid_argument("por: path shorter than the sub/top layers");
  return levels - extra;
}

void check_siblings(size_t siblings, unsigned arity) {
  if (siblings + 1 != arity) {
    throw std::invalid_argument("por: path element has " + std::to_string(siblings) +
                                " siblings, arity " + std::to_string(arity) + " needs " +
                                std::to_string(arity - 1));
  }
}

// Checks every level of `path` against `shape` before anything is synthesised; returns the
// number of base levels.
size_t check_path(hash::TreeShape shape, const hash::MerklePath<Fr>& path) {
  const size_t n_base = base_levels(shape, path.size());
  for (size_t l = 0; l < path.size(); ++l) {
    const unsigned arity = l < n_base    ? shape.base_arity
                           : l == n_base ? shape.sub_arity
                                         : shape.top_arity;
    index_bit_count(arity);
    check_siblings(path[l].siblings.size(), arity);
    if (path[l].index >= arity) {
      throw std::invalid_argument("por: path index " + std::to_string(path[l].index) +
                                  " >= arity " + std::to_string(arity) + " at level " +
                                  std::to_string(l));
    }
  }
  return n_base;
}

// SubPath::synthesize: the levels of one layer of the tree, all of arity `arity` (checked).
AllocatedNum synthesize_layer(ConstraintSystem& cs, TreeHasher hasher, unsigned arity,
                              std::span<const hash::MerklePathElement<Fr>> levels, AllocatedNum cur,
                              std::vector<Boolean>& path_bits) {
  if (levels.empty()) return cur;
  const unsigned k = index_bit_count(arity);
  for (size_t i = 0; i < levels.size(); ++i) {
    const auto& level = levels[i];
    Namespace ns(cs, [&] { return "merkle tree hash " + std::to_string(i); });
    std::vector<Boolean> index_bits;
    index_bits.reserve(k);
    for (unsigned j = 0; j < k; ++j) {
      Namespace bit(cs, [&] { return "index bit " + std::to_string(j); });
      index_bits.emplace_back(AllocatedBit::alloc(cs, ((level.index >> j) & 1) != 0));
    }
    path_bits.insert(path_bits.end(), index_bits.begin(), index_bits.end());
    std::vector<AllocatedNum> siblings;
    siblings.reserve(level.siblings.size());
    for (size_t j = 0; j < level.siblings.size(); ++j) {
      Namespace elem(cs, [&] { return "path element " + std::to_string(j); });
      siblings.push_back(AllocatedNum::alloc(cs, level.siblings[j]));
    }
    const std::vector<AllocatedNum> inserted = insert(cs, cur, index_bits, siblings);
    Namespace hash_ns(cs, "computation of commitment hash");
    cur = hash_tree_node_circuit(cs, hasher, inserted);
  }
  return cur;
}

}  // namespace

void por_circuit(ConstraintSystem& cs, TreeHasher hasher, hash::TreeShape shape,
                 const PorValue& leaf, const hash::MerklePath<Fr>& path, const PorValue& root,
                 bool private_root) {
  const size_t n_base = check_path(shape, path);
  const std::span<const hash::MerklePathElement<Fr>> levels(path);
  AllocatedNum cur;
  {
    Namespace ns(cs, "value");
    cur = leaf.get(cs);
  }
  std::vector<Boolean> path_bits;
  {
    Namespace ns(cs, "base");
    cur = synthesize_layer(cs, hasher, shape.base_arity, levels.first(n_base), cur, path_bits);
  }
  {
    Namespace ns(cs, "sub");
    if (shape.sub_arity != 0) {
      cur =
          synthesize_layer(cs, hasher, shape.sub_arity, levels.subspan(n_base, 1), cur, path_bits);
    }
  }
  {
    Namespace ns(cs, "top");
    if (shape.top_arity != 0) {
      cur = synthesize_layer(cs, hasher, shape.top_arity, levels.subspan(n_base + 1, 1), cur,
                             path_bits);
    }
  }
  {
    Namespace ns(cs, "path");
    pack_into_inputs(cs, path_bits);
  }
  AllocatedNum rt;
  {
    Namespace ns(cs, "root_value");
    rt = root.get(cs);
  }
  cs.enforce(cur.variable(), ConstraintSystem::one(), rt.variable(), "enforce root is correct");
  if (!private_root) {
    Namespace ns(cs, "root");
    rt.inputize(cs);
  }
}

void por_no_challenge_input(ConstraintSystem& cs, TreeHasher hasher, hash::TreeShape shape,
                            std::span<const AllocatedBit> challenge_bits, const AllocatedNum& leaf,
                            std::span<const std::vector<AllocatedNum>> path_values,
                            const AllocatedNum& root) {
  const size_t n_base = base_levels(shape, path_values.size());
  std::vector<unsigned> arities;
  size_t bits_needed = 0;
  for (size_t level = 0; level < path_values.size(); ++level) {
    arities.push_back(level < n_base    ? shape.base_arity
                      : level == n_base ? shape.sub_arity
                                        : shape.top_arity);
    bits_needed += index_bit_count(arities.back());
    check_siblings(path_values[level].size(), arities.back());
  }
  if (bits_needed != challenge_bits.size()) {
    throw std::invalid_argument("por_no_challenge_input: " + std::to_string(challenge_bits.size()) +
                                " challenge bits, the tree needs " + std::to_string(bits_needed));
  }
  AllocatedNum cur = leaf;
  size_t next_bit = 0;
  for (size_t level = 0; level < path_values.size(); ++level) {
    const unsigned k = index_bit_count(arities[level]);
    const std::vector<Boolean> index(challenge_bits.begin() + long(next_bit),
                                     challenge_bits.begin() + long(next_bit + k));
    next_bit += k;
    std::vector<AllocatedNum> preimage;
    {
      Namespace ns(cs,
                   [&] { return "merkle proof insert (height=" + std::to_string(level) + ")"; });
      preimage = insert(cs, cur, index, path_values[level]);
    }
    Namespace ns(cs, [&] { return "merkle proof hash (height=" + std::to_string(level) + ")"; });
    cur = hash_tree_node_circuit(cs, hasher, preimage);
  }
  cs.enforce(cur.variable(), ConstraintSystem::one(), root.variable(),
             "calculated root == provided root");
}

}  // namespace cuzk::gadgets
