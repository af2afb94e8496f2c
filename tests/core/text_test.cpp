// Text checks for names (include/armdyn/core/text.hpp): UTF-8 validity by the rules of RFC 3629
// (the well-formed byte sequences of Table 3-7 of the Unicode Standard), and the one-line
// printable rendering used in error messages and generated comments.
#include <gtest/gtest.h>

#include <string>

#include "armdyn/core/text.hpp"

namespace armdyn {
namespace text_test {

TEST(Utf8, WellFormedSequencesAtEachBoundary) {
  for (const char* s : {"", "plain ascii", "\x7F", "\xC2\x80", "\xDF\xBF", "\xE0\xA0\x80", "\xED\x9F\xBF",
                        "\xEE\x80\x80", "\xEF\xBF\xBF", "\xF0\x90\x80\x80", "\xF4\x8F\xBF\xBF",
                        "Roboterarm \xC3\x84 \xF0\x9F\xA4\x96"})
    EXPECT_TRUE(is_valid_utf8(s)) << testing::PrintToString(std::string(s));
  EXPECT_TRUE(is_valid_utf8(std::string("nul\0inside", 10)));
}

TEST(Utf8, IllFormedSequences) {
  for (const char* s : {"\x80", "\xBF", "\xC0\x80", "\xC1\xBF",           // stray continuation, overlong 2-byte
                        "\xC2", "\xC2\x41", "\xE0\x9F\xBF",               // truncated, bad continuation, overlong
                        "\xED\xA0\x80", "\xED\xBF\xBF",                   // surrogates
                        "\xF0\x8F\xBF\xBF", "\xF4\x90\x80\x80", "\xF5\x80\x80\x80",  // overlong, > U+10FFFF
                        "\xFE", "\xFF", "ok\xE2\x82"})
    EXPECT_FALSE(is_valid_utf8(s)) << testing::PrintToString(std::string(s));
  EXPECT_EQ(utf8_sequence_length("a\xC3\x84\xF0\x9F\xA4\x96", 0), 1u);
  EXPECT_EQ(utf8_sequence_length("a\xC3\x84\xF0\x9F\xA4\x96", 1), 2u);
  EXPECT_EQ(utf8_sequence_length("a\xC3\x84\xF0\x9F\xA4\x96", 3), 4u);
  EXPECT_EQ(utf8_sequence_length("a\xC3\x84", 2), 0u);  // inside a sequence
  EXPECT_EQ(utf8_sequence_length("a", 1), 0u);          // past the end
}

TEST(Printable, EscapesLayoutAndInvalidBytesOnly) {
  EXPECT_EQ(printable("plain name_1 \"quoted\" */ \xC3\x84rm"), "plain name_1 \"quoted\" */ \xC3\x84rm");
  EXPECT_EQ(printable("a\nb\tc\rd\\e"), "a\\nb\\tc\\rd\\\\e");
  EXPECT_EQ(printable(std::string("\0\x01\x1B\x7F", 4)), "\\u{0000}\\u{0001}\\u{001B}\\u{007F}");
  EXPECT_EQ(printable("\xC2\x85 \xE2\x80\xA8 \xE2\x80\xAE \xE2\x81\xA6"), "\\u{0085} \\u{2028} \\u{202E} \\u{2066}");
  EXPECT_EQ(printable("bad\xFF\xC3(" ), "bad\\xFF\\xC3(");
  // One line, whatever the input.
  std::string all;
  for (int c = 0; c < 256; ++c) all += static_cast<char>(c);
  const std::string out = printable(all);
  EXPECT_EQ(out.find_first_of("\n\r"), std::string::npos);
  EXPECT_TRUE(is_valid_utf8(out));
}

}  // namespace text_test
}  // namespace armdyn
