// The input slot pool and the witness upload (see input_slot.hpp).
#include "gpu/backend/input_slot.hpp"

namespace cuzk::gpu {

size_t InputSlotPool::acquire(size_t bytes, bool second) {
  std::unique_lock lock(mutex_);
  for (;;) {
    if (!busy_[0]) {
      busy_[0] = true;
      return 0;
    }
    if (second && two_slots_ && !busy_[1] && second_fits(bytes)) {
      busy_[1] = true;
      return 1;
    }
    freed_.wait(lock);
  }
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

void InputSlotPool::release(size_t index) {
  {
    std::lock_guard lock(mutex_);
    busy_[index] = false;
  }
  freed_.notify_all();
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
  for (size_t i = 0; i < busy_.size(); ++i) {
    if (!busy_[i]) slots_[i] = InputSlot();
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
