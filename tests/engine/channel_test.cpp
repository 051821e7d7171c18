// Channel: FIFO pop, pop_best (greatest first, FIFO among equals), overfilling pushes for urgent
// items, remove_if, and close (drains, then nullopt; pushes refused).
#include "engine/channel.hpp"

#include <gtest/gtest.h>

#include <thread>
#include <utility>

namespace cuzk::engine {
namespace {

using Item = std::pair<int, char>;  // (priority, name)

bool by_priority(const Item& a, const Item& b) { return a.first < b.first; }

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
