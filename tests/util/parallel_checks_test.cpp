// first_error_of: the answer of checking one item after the other — success, or the error of the
// lowest failing item — whatever the thread count; every item is checked; a slow item does not
// hold back the items after it.
#include "util/parallel_checks.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "util/result.hpp"

namespace cuzk {
namespace {

enum class Code { kBad };

TEST(FirstErrorOf, TheLowestFailingItemWhateverTheThreads) {
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    std::atomic<size_t> checked{0};
    auto r = first_error_of(100, threads, [&](size_t i) -> Result<bool, Code> {
      ++checked;
      if (i == 37 || i == 81 || i == 99)
        return Error<Code>{Code::kBad, "item " + std::to_string(i)};
      return true;
    });
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message, "item 37") << threads << " threads";
    EXPECT_EQ(checked.load(), 100u);
    EXPECT_TRUE(
        first_error_of(100, threads, [](size_t) -> Result<bool, Code> { return true; }).ok());
  }
  EXPECT_TRUE(first_error_of(0, 4, [](size_t) -> Result<bool, Code> {
                return Error<Code>{Code::kBad, "never"};
              }).ok());
}

// A slow item holds back one thread, not a share of the items: while item 0 is checked, the
// other thread checks all 99 others (a fixed split would leave it half of them).
TEST(FirstErrorOf, ThreadsTakeTheNextItemAsTheyFinish) {
  std::atomic<size_t> checked{0};
  bool others_done = false;
  auto r = first_error_of(100, 2, [&](size_t i) -> Result<bool, Code> {
    if (i == 0) {
      const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(5);
      while (checked.load() < 99 && std::chrono::steady_clock::now() < give_up)
        std::this_thread::yield();
      others_done = checked.load() == 99;
    }
    ++checked;
    return true;
  });
  EXPECT_TRUE(r.ok());
  EXPECT_TRUE(others_done);
  EXPECT_EQ(checked.load(), 100u);
}

}  // namespace
}  // namespace cuzk
