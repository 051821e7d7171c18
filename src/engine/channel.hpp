// Channel<T>: a bounded, closable multi-producer multi-consumer queue — the hand-off between the
// pipeline's stages (synthesised partitions -> prover workers -> finalizer).
//
// push() blocks while the channel is full: that is the pipeline's backpressure. pop() takes the
// oldest item, pop_best() the greatest by a given order, pop_best_if() the greatest of those that
// satisfy a predicate. close() wakes
// everyone: pushes then fail, pops drain what is left and then return nullopt. remove_if() drops
// queued items (a cancelled job's partitions), which frees their memory at once.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>

namespace cuzk::engine {

template <class T>
class Channel {
 public:
  explicit Channel(size_t capacity) : capacity_(capacity == 0 ? 1 : capacity) {}

  // False when the channel is closed (the item is dropped). `overfill`: do not wait for room
  // (an urgent item; its memory is accounted elsewhere).
  bool push(T item, bool overfill = false) {
    std::unique_lock lock(mutex_);
    not_full_.wait(lock, [&] { return closed_ || overfill || items_.size() < capacity_; });
    if (closed_) return false;
    items_.push_back(std::move(item));
    lock.unlock();
    not_empty_.notify_all();  // every waiter: they may wait for different items (pop_best_if)
    return true;
  }

  // Nullopt once closed and drained.
  std::optional<T> pop() {
    std::unique_lock lock(mutex_);
    not_empty_.wait(lock, [&] { return closed_ || !items_.empty(); });
    return take_front(lock);
  }

  // Like pop(), but takes the greatest queued item by `less` (the first of equals: FIFO among
  // them), e.g. the highest-priority job's partition.
  template <class Less>
  std::optional<T> pop_best(Less less) {
    return pop_best_if([](const T&) { return true; }, less);
  }

  // Like pop_best(), among the items satisfying `pred` only: waits until one is queued (e.g. a
  // deadline job's partition, for the worker kept for them); nullopt once closed without one.
  template <class Pred, class Less>
  std::optional<T> pop_best_if(Pred pred, Less less) {
    std::unique_lock lock(mutex_);
    auto best = items_.end();
    not_empty_.wait(lock, [&] {
      best = items_.end();
      for (auto it = items_.begin(); it != items_.end(); ++it) {
        if (pred(*it) && (best == items_.end() || less(*best, *it))) best = it;
      }
      return closed_ || best != items_.end();
    });
    if (best == items_.end()) return std::nullopt;
    std::rotate(items_.begin(), best, std::next(best));  // to the front, the rest in order
    return take_front(lock);
  }

  // The first queued item satisfying pred, without waiting.
  template <class Pred>
  std::optional<T> try_pop_if(Pred pred) {
    std::unique_lock lock(mutex_);
    for (auto it = items_.begin(); it != items_.end(); ++it) {
      if (pred(*it)) {
        T item = std::move(*it);
        items_.erase(it);
        lock.unlock();
        not_full_.notify_one();
        return item;
      }
    }
    return std::nullopt;
  }

  // Removes every queued item satisfying pred; returns how many. They are destroyed outside the
  // lock.
  template <class Pred>
  size_t remove_if(Pred pred) {
    std::deque<T> removed;
    {
      std::lock_guard lock(mutex_);
      for (auto it = items_.begin(); it != items_.end();) {
        if (pred(*it)) {
          removed.push_back(std::move(*it));
          it = items_.erase(it);
        } else {
          ++it;
        }
      }
    }
    if (!removed.empty()) not_full_.notify_all();
    return removed.size();
  }

  void close() {
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
    }
    not_full_.notify_all();
    not_empty_.notify_all();
  }

  size_t size() const {
    std::lock_guard lock(mutex_);
    return items_.size();
  }
  size_t capacity() const { return capacity_; }

 private:
  std::optional<T> take_front(std::unique_lock<std::mutex>& lock) {
    if (items_.empty()) return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    lock.unlock();
    not_full_.notify_one();
    return item;
  }

  const size_t capacity_;
  mutable std::mutex mutex_;
  std::condition_variable not_full_, not_empty_;
  std::deque<T> items_;
  bool closed_ = false;
};

}  // namespace cuzk::engine
