// Channel: FIFO pop, pop_best (greatest first, FIFO among equals), pop_best_if (the greatest
// matching item, waiting for one), overfilling pushes for urgent items, remove_if, and close
// (drains, then nullopt; pushes refused).
#include "engine/channel.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <thread>
#include <utility>

namespace cuzk::engine {
namespace {

using Item = std::pair<int, char>;  // (priority, name)

bool by_priority(const Item& a, const Item& b) {
  return a.first < b.first;
}

TEST(Channel, PopIsFifoAndPopBestTakesTheGreatestOldestFirst) {
  Channel<Item> channel(8);
  for (Item item : {Item{1, 'a'}, Item{3, 'b'}, Item{2, 'c'}, Item{3, 'd'}, Item{1, 'e'}}) {
    ASSERT_TRUE(channel.push(item));
  }
  EXPECT_EQ(channel.pop()->second, 'a');
  EXPECT_EQ(channel.pop_best(by_priority)->second, 'b');
  EXPECT_EQ(channel.pop_best(by_priority)->second, 'd');
  // The rest keep their order.
  EXPECT_EQ(channel.pop()->second, 'c');
  EXPECT_EQ(channel.pop()->second, 'e');
  EXPECT_EQ(channel.size(), 0u);
}

TEST(Channel, OverfillingPushDoesNotWaitForRoom) {
  Channel<Item> channel(1);
  ASSERT_TRUE(channel.push({1, 'a'}));
  ASSERT_TRUE(channel.push({4, 'w'}, /*overfill=*/true));  // would block forever otherwise
  EXPECT_EQ(channel.size(), 2u);
  // A normal push waits until a pop makes room below the capacity again.
  std::thread producer([&] { EXPECT_TRUE(channel.push({1, 'b'})); });
  EXPECT_EQ(channel.pop_best(by_priority)->second, 'w');
  EXPECT_EQ(channel.pop()->second, 'a');
  producer.join();
  EXPECT_EQ(channel.pop()->second, 'b');
}

// A consumer that waits for urgent items only (the deadline worker) beside one that takes any:
// each gets its own, whichever is pushed first (a push wakes every waiter, so the urgent-only
// consumer waking for a normal item cannot swallow the wake-up of the other).
TEST(Channel, PopBestIfWaitsForAMatchingItemOnly) {
  Channel<Item> channel(4);
  auto urgent = [](const Item& i) { return i.first >= 3; };
  std::optional<Item> got_urgent, got_any;
  std::thread urgent_consumer([&] { got_urgent = channel.pop_best_if(urgent, by_priority); });
  std::thread any_consumer([&] { got_any = channel.pop_best(by_priority); });
  ASSERT_TRUE(channel.push({1, 'n'}));
  any_consumer.join();
  ASSERT_TRUE(got_any.has_value());
  EXPECT_EQ(got_any->second, 'n');
  ASSERT_TRUE(channel.push({2, 'm'}));
  ASSERT_TRUE(channel.push({4, 'w'}));
  urgent_consumer.join();
  ASSERT_TRUE(got_urgent.has_value());
  EXPECT_EQ(got_urgent->second, 'w');
  EXPECT_EQ(channel.size(), 1u);  // the normal item is left for the others
  channel.close();
  EXPECT_FALSE(channel.pop_best_if(urgent, by_priority).has_value());  // closed, none matching
  EXPECT_EQ(channel.pop()->second, 'm');
}

TEST(Channel, CloseDrainsThenEndsAndRemoveIfDrops) {
  Channel<Item> channel(4);
  channel.push({1, 'a'});
  channel.push({2, 'b'});
  channel.push({1, 'c'});
  EXPECT_EQ(channel.remove_if([](const Item& i) { return i.first == 1; }), 2u);
  channel.close();
  EXPECT_FALSE(channel.push({3, 'd'}));
  EXPECT_EQ(channel.pop_best(by_priority)->second, 'b');
  EXPECT_FALSE(channel.pop().has_value());
  EXPECT_FALSE(channel.pop_best(by_priority).has_value());
}

}  // namespace
}  // namespace cuzk::engine
