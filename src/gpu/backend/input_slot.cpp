// The input slot pool and the witness upload (see input_slot.hpp).
#include "gpu/backend/input_slot.hpp"

#include <algorithm>

namespace cuzk::gpu {

size_t InputSlotPool::acquire(size_t bytes, bool second, bool urgent, bool* borrowed) {
  std::unique_lock lock(mutex_);
  UrgentWaiter waiter{bytes, second};
  if (urgent) ++urgent_pending_;
  for (;;) {
    if (waiter.given < holders_.size()) return waiter.given;  // handed over by release()
    if (urgent || urgent_waiters_.empty()) {  // ordinary starts let an urgent one take a slot first
      size_t index = holders_.size();
      if (holders_[0] == 0) {
        index = 0;
      } else if (second && two_slots_ && holders_[1] == 0 && second_fits(bytes)) {
        index = 1;
      } else if (lendable_[0] || lendable_[1]) {
        index = lendable_[0] ? 0 : 1;
        lendable_[index] = false;
        if (borrowed != nullptr) *borrowed = true;
      }
      if (index < holders_.size()) {
        ++holders_[index];
        urgent_[index] = urgent;
        std::erase(urgent_waiters_, &waiter);
        return index;
      }
    }
    if (urgent && std::ranges::find(urgent_waiters_, &waiter) == urgent_waiters_.end()) {
      urgent_waiters_.push_back(&waiter);
    }
    ++waiting_.for_slot;
    changed_.wait(lock);
    --waiting_.for_slot;
  }
}

bool InputSlotPool::may_take_turn(size_t index) const {
  if (turn_held_) return false;
  if (urgent_[index] || urgent_pending_ == 0) return true;
  // An urgent start is on its way: it goes first, unless it can get no slot but one that an
  // ordinary start waiting here holds (release() hands a freed slot straight to it, so a free slot
  // here is one it cannot use).
  for (size_t i = 0; i < holders_.size(); ++i) {
    if (holders_[i] > 0 && (urgent_[i] || !waiting_turn_[i]))
      return false;  // it, or a slot it gets
  }
  return true;  // every slot held by an ordinary start waiting here: one goes, the urgent one next
}

void InputSlotPool::take_turn_locked(size_t index) {
  turn_held_ = true;
  waiting_turn_[index] = false;
  if (urgent_[index]) {
    urgent_[index] = false;
    --urgent_pending_;
  }
}

void InputSlotPool::take_turn(size_t index) {
  std::unique_lock lock(mutex_);
  waiting_turn_[index] = true;
  changed_.notify_all();  // the last holder beginning to wait may let another go (may_take_turn)
  ++waiting_.for_turn;
  changed_.wait(lock, [&] { return may_take_turn(index); });
  --waiting_.for_turn;
  take_turn_locked(index);
}

bool InputSlotPool::try_take_turn(size_t index) {
  std::lock_guard lock(mutex_);
  if (!may_take_turn(index)) return false;
  take_turn_locked(index);
  return true;
}

void InputSlotPool::leave_turn() {
  {
    std::lock_guard lock(mutex_);
    turn_held_ = false;
  }
  changed_.notify_all();
}

InputSlotPool::Waiting InputSlotPool::waiting() const {
  std::lock_guard lock(mutex_);
  return waiting_;
}

bool InputSlotPool::second_fits(size_t bytes) const {
  const size_t have = slots_[1].bytes();
  if (have >= bytes) return true;
  size_t free_bytes = 0, total_bytes = 0;
  if (cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return bytes - have + reserve_ <= free_bytes;
}

void InputSlotPool::lend(size_t index) {
  {
    std::lock_guard lock(mutex_);
    if (holders_[index] != 1) return;
    lendable_[index] = true;
  }
  changed_.notify_all();
}

void InputSlotPool::release(size_t index, bool borrowed) {
  {
    std::lock_guard lock(mutex_);
    lendable_[index] = false;
    const bool freed = --holders_[index] == 0;
    // The turn's flags are those of the holder that has not had its turn: the one leaving, unless
    // it is a lender leaving its borrower behind (the lender had its turn long ago).
    if (freed || borrowed) {
      waiting_turn_[index] = false;
      if (urgent_[index]) {  // an urgent start that failed before its turn
        urgent_[index] = false;
        --urgent_pending_;
      }
    }
    // Straight to the first urgent start that can use it: no ordinary start waiting for its turn
    // may see the slot free and take the urgent one's turn meanwhile (may_take_turn).
    for (auto it = urgent_waiters_.begin(); freed && it != urgent_waiters_.end(); ++it) {
      UrgentWaiter& w = **it;
      if (index == 0 || (w.second && two_slots_ && second_fits(w.bytes))) {
        holders_[index] = 1;
        urgent_[index] = true;
        w.given = index;
        urgent_waiters_.erase(it);
        break;
      }
    }
  }
  changed_.notify_all();
}

void InputSlotPool::resize(InputSlot& x, const WitnessView& w, size_t m) {
  std::lock_guard lock(mutex_);
  x.ensure_for(w, m);
}

size_t InputSlotPool::bytes() const {
  std::lock_guard lock(mutex_);
  size_t bytes = 0;
  for (const InputSlot& x : slots_) bytes += x.bytes();
  return bytes;
}

void InputSlotPool::release_free() {
  std::lock_guard lock(mutex_);
  for (size_t i = 0; i < holders_.size(); ++i) {
    if (holders_[i] == 0) slots_[i] = InputSlot();
  }
  slots_[kDeadline] = InputSlot();
}

void upload_witness(InputSlotPool& pool, InputSlot& x, const WitnessView& w, size_t m,
                    cudaStream_t st, StagedUploader& uploader) {
  pool.resize(x, w, m);
  const size_t nc = w.num_constraints();
  if (w.circuit == nullptr) {
    uploader.copy(x.a.data(), w.a, st);
    uploader.copy(x.b.data(), w.b, st);
    uploader.copy(x.c.data(), w.c, st);
    if (nc < m) {
      for (DeviceBuffer<FrStorage>* v : {&x.a, &x.b, &x.c}) {
        CUZK_CUDA_CHECK(cudaMemsetAsync(v->data() + nc, 0, (m - nc) * sizeof(FrStorage), st));
      }
    }
  }
  uploader.copy(x.z.data(), w.inputs, st);
  uploader.copy(x.z.data() + w.inputs.size(), w.aux, st);
  uploader.copy(x.a_aux.data(), w.a_aux.words.first(w.a_aux.word_count()), st);
  uploader.copy(x.b_input.data(), w.b_input.words.first(w.b_input.word_count()), st);
  uploader.copy(x.b_aux.data(), w.b_aux.words.first(w.b_aux.word_count()), st);
  CUZK_CUDA_CHECK(cudaStreamSynchronize(st));  // the memsets too
}

}  // namespace cuzk::gpu
