// InputSlotPool's order of the main lane (gpu/backend/input_slot.hpp), host only (no device: the
// slots stay empty): an urgent start gets the next slot and the next turn before ordinary starts,
// one that already uploaded beside the proof on the lane included; when every slot is held by an
// ordinary start waiting for its turn, one of them goes first and the urgent start next; an
// urgent start that fails before its turn leaves the order as it was. A lent slot takes one
// borrower (an urgent one first) and is free once both have left it.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "gpu/backend/input_slot.hpp"

namespace cuzk::gpu {
namespace {

// The starts' turns in the order they were taken.
class TurnLog {
 public:
  void add(const std::string& who) {
    std::lock_guard lock(mutex_);
    order_.push_back(who);
  }
  std::vector<std::string> order() const {
    std::lock_guard lock(mutex_);
    return order_;
  }

 private:
  mutable std::mutex mutex_;
  std::vector<std::string> order_;
};

// Waits (up to 10 s) until `done` holds; false on time-out.
bool eventually(const std::function<bool()>& done) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!done()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

// A start from its slot on: its turn (logged), then the lane left and the slot released.
void run_start(InputSlotPool& pool, size_t slot, const std::string& who, TurnLog& log) {
  pool.take_turn(slot);
  log.add(who);
  pool.leave_turn();
  pool.release(slot);
}

// A whole start: a slot (empty witness: slot 1 needs no device memory), then run_start.
std::future<void> start_async(InputSlotPool& pool, bool urgent, const std::string& who,
                              TurnLog& log) {
  return std::async(std::launch::async, [&pool, urgent, who, &log] {
    run_start(pool, pool.acquire(0, true, urgent), who, log);
  });
}

bool finishes(std::future<void>& f) {
  return f.wait_for(std::chrono::seconds(10)) == std::future_status::ready;
}

TEST(InputSlotTurn, AnUrgentStartGoesBeforeOneUploadedBesideTheLane) {
  InputSlotPool pool(true, 0);
  TurnLog log;
  const size_t on_lane = pool.acquire(0, true);
  pool.take_turn(on_lane);  // the proof on the GPU when the urgent start arrives
  auto uploaded = start_async(pool, false, "uploaded", log);
  ASSERT_TRUE(eventually([&] { return pool.waiting().for_turn == 1; }));
  auto urgent = start_async(pool, true, "urgent", log);
  ASSERT_TRUE(eventually([&] { return pool.waiting().for_slot == 1; }));
  auto later = start_async(pool, false, "later", log);
  ASSERT_TRUE(eventually([&] { return pool.waiting().for_slot == 2; }));

  pool.leave_turn();
  pool.release(on_lane);
  ASSERT_TRUE(finishes(urgent));
  ASSERT_TRUE(finishes(uploaded));
  ASSERT_TRUE(finishes(later));
  const auto order = log.order();
  ASSERT_EQ(order.size(), 3u);
  EXPECT_EQ(order[0], "urgent");  // the two ordinary starts' order between them is not fixed
}

TEST(InputSlotTurn, EverySlotHeldByAWaitingStartLetsOneGoThenTheUrgentOne) {
  InputSlotPool pool(true, 0);
  TurnLog log;
  const size_t first = pool.acquire(0, true), second = pool.acquire(0, true);
  ASSERT_NE(first, second);
  auto urgent = start_async(pool, true, "urgent", log);
  ASSERT_TRUE(eventually([&] { return pool.waiting().for_slot == 1; }));
  auto a = std::async(std::launch::async, [&] { run_start(pool, first, "ordinary", log); });
  auto b = std::async(std::launch::async, [&] { run_start(pool, second, "ordinary", log); });
  ASSERT_TRUE(finishes(a));  // no deadlock: neither waits for an urgent start without a slot
  ASSERT_TRUE(finishes(b));
  ASSERT_TRUE(finishes(urgent));
  EXPECT_EQ(log.order(), (std::vector<std::string>{"ordinary", "urgent", "ordinary"}));
}

TEST(InputSlotTurn, OneSlotAndAnUrgentStartWaitingForItIsNoDeadlock) {
  InputSlotPool pool(false, 0);  // slot 0 only
  TurnLog log;
  const size_t only = pool.acquire(0, true);
  auto urgent = start_async(pool, true, "urgent", log);
  ASSERT_TRUE(eventually([&] { return pool.waiting().for_slot == 1; }));
  auto later = start_async(pool, false, "later", log);
  ASSERT_TRUE(eventually([&] { return pool.waiting().for_slot == 2; }));
  run_start(pool, only, "holder", log);
  ASSERT_TRUE(finishes(urgent));
  ASSERT_TRUE(finishes(later));
  EXPECT_EQ(log.order(), (std::vector<std::string>{"holder", "urgent", "later"}));
}

TEST(InputSlotTurn, AnUrgentStartReleasedBeforeItsTurnLeavesTheOrderAsItWas) {
  InputSlotPool pool(true, 0);
  const size_t urgent = pool.acquire(0, true, true);
  const size_t ordinary = pool.acquire(0, true);
  EXPECT_FALSE(pool.try_take_turn(ordinary));  // the urgent start goes first
  pool.release(urgent);                        // e.g. its upload failed
  EXPECT_TRUE(pool.try_take_turn(ordinary));
  pool.leave_turn();
  pool.release(ordinary);
  EXPECT_EQ(pool.waiting().for_slot + pool.waiting().for_turn, 0u);
}

bool still_waits(std::future<size_t>& f) {
  return f.wait_for(std::chrono::milliseconds(50)) == std::future_status::timeout;
}

TEST(InputSlotTurn, ALentSlotTakesOneBorrowerAndIsFreeWhenBothLeave) {
  InputSlotPool pool(false, 0);  // slot 0 only: what an 80 GB card has under a 32 GiB set
  const size_t lender = pool.acquire(0, true);
  pool.take_turn(lender);  // its kernels run
  bool borrowed = false, third_borrowed = false;
  auto borrower =
      std::async(std::launch::async, [&] { return pool.acquire(0, true, false, &borrowed); });
  ASSERT_TRUE(eventually([&] { return pool.waiting().for_slot == 1; }));
  pool.lend(lender);  // they no longer read the assignment
  ASSERT_EQ(borrower.wait_for(std::chrono::seconds(10)), std::future_status::ready);
  EXPECT_EQ(borrower.get(), lender);
  EXPECT_TRUE(borrowed);

  auto third =
      std::async(std::launch::async, [&] { return pool.acquire(0, true, false, &third_borrowed); });
  ASSERT_TRUE(eventually([&] { return pool.waiting().for_slot == 1; }));
  pool.lend(lender);  // once per holding: the slot is shared already
  EXPECT_TRUE(still_waits(third));
  pool.leave_turn();
  pool.release(lender);  // the borrower still holds it
  EXPECT_TRUE(still_waits(third));
  EXPECT_TRUE(pool.try_take_turn(lender));  // the borrower's turn
  pool.leave_turn();
  pool.release(lender, true);
  ASSERT_EQ(third.wait_for(std::chrono::seconds(10)), std::future_status::ready);
  EXPECT_EQ(third.get(), lender);
  EXPECT_FALSE(third_borrowed) << "a free slot, not a lent one";
  pool.release(lender);
}

TEST(InputSlotTurn, AnUrgentStartBorrowsFirstAndLeavingBeforeItsTurnKeepsTheOrder) {
  InputSlotPool pool(false, 0);
  TurnLog log;
  const size_t lender = pool.acquire(0, true);
  pool.take_turn(lender);
  auto ordinary = start_async(pool, false, "ordinary", log);
  ASSERT_TRUE(eventually([&] { return pool.waiting().for_slot == 1; }));
  bool borrowed = false;
  auto urgent =
      std::async(std::launch::async, [&] { return pool.acquire(0, true, true, &borrowed); });
  ASSERT_TRUE(eventually([&] { return pool.waiting().for_slot == 2; }));
  pool.lend(lender);
  ASSERT_EQ(urgent.wait_for(std::chrono::seconds(10)), std::future_status::ready);
  EXPECT_EQ(urgent.get(), lender);
  EXPECT_TRUE(borrowed);
  pool.release(lender, true);  // the urgent borrower failed before its turn (its upload)
  pool.leave_turn();
  EXPECT_EQ(pool.waiting().for_slot, 1u) << "the lender still holds the slot";
  pool.release(lender);
  ASSERT_TRUE(finishes(ordinary));
  EXPECT_EQ(log.order(), (std::vector<std::string>{"ordinary"}));
  EXPECT_EQ(pool.waiting().for_slot + pool.waiting().for_turn, 0u);
  EXPECT_TRUE(pool.try_take_turn(0)) << "no urgent start left pending";
  pool.leave_turn();
}

}  // namespace
}  // namespace cuzk::gpu
