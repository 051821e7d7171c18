// InputSlot: the inputs of one circuit on the device for one start — a, b, c (m each, zero-padded
// past the constraints), the assignment [inputs | aux], the three density bitmaps — grown to the
// largest witness seen and kept between starts; InputSlotPool: the slots of one backend, and the
// upload of a witness into one. Only the starts holding a slot touch it (two while it is lent).
#pragma once

#include <array>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>

#include "gpu/arith/field_storage.hpp"
#include "gpu/backend/witness_view.hpp"
#include "gpu/util/cuda_util.hpp"
#include "gpu/util/staged_upload.hpp"

namespace cuzk::gpu {

// The buffer, grown to at least n elements (contents not kept; freed first so that the peak is the
// new size). Only while no queued work uses it.
template <class T>
void ensure(DeviceBuffer<T>& b, size_t n) {
  if (b.size() >= n) return;
  b = DeviceBuffer<T>();
  b = DeviceBuffer<T>(n);
}

struct InputSlot {
  DeviceBuffer<FrStorage> a, b, c, z;
  DeviceBuffer<uint64_t> a_aux, b_input, b_aux;

  static size_t bytes_for(const WitnessView& w, size_t m) {
    const size_t words = w.a_aux.word_count() + w.b_input.word_count() + w.b_aux.word_count();
    return sizeof(FrStorage) * (3 * m + w.inputs.size() + w.aux.size()) + sizeof(uint64_t) * words;
  }
  size_t bytes() const {
    return a.size_bytes() + b.size_bytes() + c.size_bytes() + z.size_bytes() + a_aux.size_bytes() +
           b_input.size_bytes() + b_aux.size_bytes();
  }
  // Whether w's upload grows no buffer (none is freed and made again).
  bool fits(const WitnessView& w, size_t m) const {
    return a.size() >= m && b.size() >= m && c.size() >= m &&
           z.size() >= w.inputs.size() + w.aux.size() && a_aux.size() >= w.a_aux.word_count() &&
           b_input.size() >= w.b_input.word_count() && b_aux.size() >= w.b_aux.word_count();
  }
  void ensure_for(const WitnessView& w, size_t m) {
    ensure(a, m);
    ensure(b, m);
    ensure(c, m);
    ensure(z, w.inputs.size() + w.aux.size());
    ensure(a_aux, w.a_aux.word_count());
    ensure(b_input, w.b_input.word_count());
    ensure(b_aux, w.b_aux.word_count());
  }
};

// The slots of a backend's starts: slot 0 always, slot 1 when the caller allows it and it fits
// beside the rest of the device memory (a second start's upload beside the first's kernels), and
// the deadline lane's own (taken with that lane's mutex, not from here). Thread-safe.
//
// The pool also orders the main lane: a start holding a slot takes its turn (take_turn) before
// it locks the main lane, and leaves it when its kernels are queued. An urgent start (a deadline
// proof too large for the deadline lane: a 32 GiB WindowPoSt partition) goes first twice: it gets
// the next free slot before ordinary starts waiting for one, and its turn before ordinary starts
// that already hold a slot — so it waits for the start on the lane when it arrives, not for a
// second one uploaded beside it. One exception keeps this deadlock-free: when every slot is held
// by an ordinary start waiting for its turn (the urgent one could never get a slot), one of them
// goes first, and the urgent start follows it.
//
// A slot can be lent: once the kernels of the start holding it no longer read its assignment and
// densities (only a, b, c: H and its MSM, the last phases), lend() lets one more start take the
// slot (acquire says "borrowed"). The borrower may write the assignment and densities at once —
// its upload then runs beside the lender's last kernels, as slot 1's would — and writes a, b, c
// only after those kernels (it takes the main lane's mutex first). Where slot 1 does not fit (an
// 80 GB card under the 32 GiB PoRep set) this is what overlaps one proof's upload with another's
// kernels. The slot is free once both have released it.
class InputSlotPool {
 public:
  // reserve: free device memory kept beside slot 1 (tables, MSM buckets, G2 scratch growth).
  InputSlotPool(bool two_slots, size_t reserve) : two_slots_(two_slots), reserve_(reserve) {}

  // A free slot's index for a witness of `bytes`, waiting for one if need be; slot 1 only when
  // `second` and it fits; else a lent slot (*borrowed set, when given). Call with the device
  // current.
  size_t acquire(size_t bytes, bool second, bool urgent = false, bool* borrowed = nullptr);
  // Called by each start that acquired slot `index` (borrowed: as acquire said) when done.
  void release(size_t index, bool borrowed = false);
  // By the start holding slot `index`, its turn taken: its kernels no longer read the slot's
  // assignment and densities. Nothing when the slot is already shared (once per holding).
  void lend(size_t index);
  // The main lane's turn for the start holding slot `index` (waiting for it), or whether it was
  // free to take now (try_take_turn: false leaves nothing taken).
  void take_turn(size_t index);
  bool try_take_turn(size_t index);
  void leave_turn();
  // How many starts wait for a slot and for their turn now (for tests and status).
  struct Waiting {
    unsigned for_slot = 0, for_turn = 0;
  };
  Waiting waiting() const;

  // Slot `index` (held), or the deadline lane's (index kDeadline).
  static constexpr size_t kDeadline = 2;
  InputSlot& slot(size_t index) { return slots_[index]; }
  // The slot grown for w (under the pool's lock: bytes() reads the sizes meanwhile).
  void resize(InputSlot& x, const WitnessView& w, size_t m);
  size_t bytes() const;
  // Frees the slots no start holds (and the deadline lane's: call with its mutex held).
  void release_free();

  // A scoped acquire.
  class Lease {
   public:
    Lease(InputSlotPool& pool, size_t bytes, bool second, bool urgent = false)
        : pool_(pool), index_(pool.acquire(bytes, second, urgent, &borrowed_)) {}
    ~Lease() { pool_.release(index_, borrowed_); }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    size_t index() const { return index_; }
    // The slot's a, b, c are the lender's until its kernels end (the main lane's mutex).
    bool borrowed() const { return borrowed_; }

   private:
    InputSlotPool& pool_;
    bool borrowed_ = false;
    size_t index_;
  };

  // A scoped turn of the start holding slot `index`: taken now, or (try_only) only if it is free;
  // wait() then takes it.
  class Turn {
   public:
    Turn(InputSlotPool& pool, size_t index, bool try_only = false)
        : pool_(pool), index_(index), held_(try_only ? pool.try_take_turn(index) : true) {
      if (!try_only) pool.take_turn(index);
    }
    ~Turn() {
      if (held_) pool_.leave_turn();
    }
    Turn(const Turn&) = delete;
    Turn& operator=(const Turn&) = delete;
    bool held() const { return held_; }
    void wait() {
      if (held_) return;
      pool_.take_turn(index_);
      held_ = true;
    }

   private:
    InputSlotPool& pool_;
    size_t index_;
    bool held_;
  };

 private:
  bool second_fits(size_t bytes) const;
  bool may_take_turn(size_t index) const;  // with mutex_ held
  void take_turn_locked(size_t index);

  const bool two_slots_;
  const size_t reserve_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;     // a slot freed, a turn left, a start began to wait for one
  std::array<InputSlot, 3> slots_;      // 0, 1, the deadline lane's
  std::array<unsigned, 2> holders_{};   // the starts holding slot i: 0 free, 2 lent and borrowed
  std::array<bool, 2> lendable_{};      // slot i lent, not yet borrowed
  std::array<bool, 2> waiting_turn_{};  // slot i's start waits in take_turn
  std::array<bool, 2> urgent_{};  // slot i's start (its borrower, if any) is urgent, turn not had
  unsigned urgent_pending_ = 0;   // urgent starts arrived that have not had their turn
  // Urgent starts waiting for a slot, first come first: release() hands a slot to the first that
  // can use it.
  struct UrgentWaiter {
    size_t bytes = 0;
    bool second = false;
    size_t given = SIZE_MAX;
  };
  std::deque<UrgentWaiter*> urgent_waiters_;
  bool turn_held_ = false;
  Waiting waiting_;
};

// Into slot x (grown for w by `pool`): a, b, c zero-padded to m (unless deferred), [inputs |
// aux], the densities, on stream `st` through `uploader`; synchronous. Needs the uploader's lock.
void upload_witness(InputSlotPool& pool, InputSlot& x, const WitnessView& w, size_t m,
                    cudaStream_t st, StagedUploader& uploader);

}  // namespace cuzk::gpu
