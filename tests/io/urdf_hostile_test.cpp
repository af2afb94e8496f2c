// URDF loading (src/io/urdf.cpp) against hostile input: markup that only looks like elements,
// very long tokens, deep nesting, huge documents and numbers urdfdom would drop. Every input is
// generated here.
#include <gtest/gtest.h>
#include <pthread.h>

#include <limits>
#include <string>
#include <vector>

#include "armdyn/armdyn.hpp"

#ifdef ARMDYN_CLI
#include "support/cli_process.hpp"
#endif

namespace armdyn {
namespace urdf_hostile_test {

// A two-link robot; the comment on each line is its line number.
const std::string kRobot =
    "<?xml version=\"1.0\"?>\n"                                                                      // 1
    "<robot name=\"r\">\n"                                                                           // 2
    "  <link name=\"base\"/>\n"                                                                      // 3
    "  <link name=\"a\">\n"                                                                          // 4
    "    <inertial>\n"                                                                               // 5
    "      <origin xyz=\"0.1 0 0\" rpy=\"0 0 0.5\"/>\n"                                              // 6
    "      <mass value=\"2.5\"/>\n"                                                                  // 7
    "      <inertia ixx=\"0.01\" ixy=\"0\" ixz=\"0\" iyy=\"0.02\" iyz=\"0\" izz=\"0.03\"/>\n"          // 8
    "    </inertial>\n"                                                                              // 9
    "  </link>\n"                                                                                    // 10
    "  <joint name=\"j\" type=\"revolute\">\n"                                                       // 11
    "    <parent link=\"base\"/><child link=\"a\"/>\n"                                               // 12
    "    <origin xyz=\"0 0 0.3\" rpy=\"0.1 0 0\"/>\n"                                                // 13
    "    <axis xyz=\"0 1 0\"/>\n"                                                                    // 14
    "    <limit lower=\"-1\" upper=\"1\" effort=\"10\" velocity=\"2\"/>\n"                           // 15
    "  </joint>\n"                                                                                   // 16
    "</robot>\n";

/// `text` with the first `from` replaced by `to` (which must be there).
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}
/// kRobot with `extra` right after <link name="a">.
std::string with_in_link(const std::string& extra) { return replaced(kRobot, "<link name=\"a\">", "<link name=\"a\">" + extra); }
std::string repeat(const std::string& s, int n) {
  std::string out;
  out.reserve(s.size() * n);
  for (int k = 0; k < n; ++k) out += s;
  return out;
}

struct Thrown {
  std::string what, place, field;
  bool input_error = false;
};
/// What loading `xml` throws (what == "" when it loads).
Thrown error_of(const std::string& xml, const std::string& source = "hostile.urdf") {
  Thrown t;
  try {
    load_urdf_string(xml, source);
  } catch (const ModelError& e) {
    t = {e.what(), e.place(), e.field(), true};
  } catch (const InputError& e) {
    t = {e.what(), "", "", true};
  }
  return t;
}
bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(UrdfHostile, TheBaseRobotLoadsWithEveryNumber) {
  const Model m = load_urdf_string(kRobot, "r.urdf");
  ASSERT_EQ(m.dof, 1);
  EXPECT_EQ(m.mass[0], 2.5);
  EXPECT_EQ(m.limits[0].velocity, 2);
  EXPECT_EQ(m.limits[0].effort, 10);
}

// Comments, CDATA, processing instructions and attribute values are not elements.
TEST(UrdfHostile, MarkupThatOnlyLooksLikeElementsIsNotRead) {
  const std::vector<std::string> fakes = {
      "<!-- <origin xyz=\"TODO\"/> -->",
      "<!-- <mass value=\"heavy\"/> <inertia ixx=\"0x10\"/> -->",
      "<![CDATA[ <limit velocity=\"-1\"/> <origin rpy=\"nan\"/> ]]>",
      "<?note <axis xyz=\"TODO\"?>",
      "<visual name=\"<origin xyz='TODO'/> <mass value='1,5'/>\"><geometry><box size=\"1 1 1\"/></geometry></visual>",
      "<!-- " + repeat("<a>", 100000) + " -->",
      "<![CDATA[" + repeat("<link><inertial>", 100000) + "]]>",
      "<visual name=\"" + repeat("<a>", 100000) + "\"><geometry><box size=\"1 1 1\"/></geometry></visual>",
  };
  for (const std::string& fake : fakes) {
    const std::string label = fake.substr(0, 60);
    const Thrown t = error_of(with_in_link(fake));
    EXPECT_EQ(t.what, "") << label;
    if (t.what.empty()) {
      EXPECT_EQ(load_urdf_string(with_in_link(fake), "x.urdf").mass[0], 2.5) << label;
    }
  }
}

// Long names, numbers, values and whitespace runs, in any tag.
TEST(UrdfHostile, LongTokensLoad) {
  const std::string longname(100000, 'n');
  const std::string spaces(100000, ' ');
  std::string renamed = replaced(replaced(kRobot, "<link name=\"a\">", "<link name=\"" + longname + "\">"),
                                 "<child link=\"a\"/>", "<child link=\"" + longname + "\"/>");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"long link name", renamed},
      {"long number", replaced(kRobot, "value=\"2.5\"", "value=\"2.5" + std::string(100000, '0') + "\"")},
      {"spaces in <inertia>", replaced(kRobot, "<inertia ", "<inertia" + spaces)},
      {"spaces in <mass>", replaced(kRobot, "value=\"2.5\"/>", "value=\"2.5\"" + spaces + "/>")},
      {"spaces in an xyz", replaced(kRobot, "xyz=\"0.1 0 0\"", "xyz=\"0.1" + spaces + "0 0\"")},
      {"spaces in a joint origin", replaced(kRobot, "<origin xyz=\"0 0 0.3\"", "<origin" + spaces + "xyz=\"0 0 0.3\"")},
      {"long attribute value", with_in_link("<visual name=\"" + std::string(100000, 'v') + "\"><geometry><box size=\"1 1 1\"/></geometry></visual>")},
      {"long element name", with_in_link("<" + longname + "/>")},
      {"long end tag", with_in_link("<" + longname + ">text</" + longname + spaces + ">")},
      {"long attribute name", with_in_link("<visual " + longname + "=\"1\"><geometry><box size=\"1 1 1\"/></geometry></visual>")},
      {"long processing instruction", with_in_link("<?pi " + longname + "?>")},
      {"long declaration", replaced(kRobot, "version=\"1.0\"", "version=\"1.0\"" + spaces + "standalone='" + longname + "'")},
      {"long text", with_in_link(longname + spaces + longname)},
      {"long comment", with_in_link("<!--" + std::string(100000, '-') + "->-->")},
  };
  for (const auto& [label, xml] : cases) {
    const Thrown t = error_of(xml);
    EXPECT_EQ(t.what.substr(0, 200), "") << label;
    if (t.what.empty()) {
      EXPECT_EQ(load_urdf_string(xml, "long.urdf").mass[0], 2.5) << label;
    }
  }
}

// Nesting deeper than 256 levels is refused, naming the file, the line and the depth,
// wherever the elements are; 256 levels load.
TEST(UrdfHostile, DeepNestingIsRefusedWithTheLineAndDepth) {
  // <robot> is level 1 and <link> level 2: k nested <a> reach level 2 + k, one per line.
  const auto nested = [](int k) { return with_in_link(repeat("\n<a>", k) + repeat("</a>", k)); };
  EXPECT_EQ(error_of(nested(254)).what, "");
  const Thrown t = error_of(nested(255));
  EXPECT_EQ(t.what, "hostile.urdf: line 259: elements nested 257 deep; at most 256 levels are read");
  EXPECT_EQ(error_of(nested(100000)).what, t.what);

  const std::string deep = repeat("<a>", 100000);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"before <robot>", deep + kRobot},
      {"in <robot>", replaced(kRobot, "<robot name=\"r\">", "<robot name=\"r\">" + deep)},
      {"in <inertial>", replaced(kRobot, "<inertial>", "<inertial>" + deep)},
      {"in <joint>", replaced(kRobot, "<axis xyz=\"0 1 0\"/>", deep)},
      {"with attributes", with_in_link(repeat("<visual a=\"1\" b='>'>", 100000))},
      {"unclosed at the end", kRobot + deep},
      // TinyXML ends <?...?> at its first '>', so the rest is elements to it.
      {"in a processing instruction", with_in_link("<?pi " + deep + "?>")},
      // In UTF-8 TinyXML reads a lead byte and the next byte as one character, here the quote.
      {"after a swallowed quote", replaced(kRobot, "<link name=\"a\">", "<link name=\"a\" note=\"\xC3\" x=\">" + deep)},
  };
  for (const auto& [label, xml] : cases) {
    const Thrown c = error_of(xml);
    EXPECT_TRUE(c.input_error) << label;
    EXPECT_TRUE(contains(c.what, "hostile.urdf: line ") && contains(c.what, "257 deep")) << label << ": " << c.what;
  }
}

TEST(UrdfHostile, ThousandsOfAttributesAreRefused) {
  std::string many;
  for (int k = 0; k < 5000; ++k) many += " a" + std::to_string(k) + "=\"1\"";
  const Thrown t = error_of(replaced(kRobot, "<link name=\"a\">", "<link name=\"a\"" + many + ">"));
  EXPECT_EQ(t.what, "hostile.urdf: line 4: <link> has more than 256 attributes");
  std::string some;
  for (int k = 0; k < 200; ++k) some += " a" + std::to_string(k) + "=\"1\"";
  EXPECT_EQ(error_of(replaced(kRobot, "<link name=\"a\">", "<link name=\"a\"" + some + ">")).what, "");
}

TEST(UrdfHostile, NulByteIsRefused) {
  const Thrown t = error_of(replaced(kRobot, "<axis", std::string("\0", 1) + repeat("<a>", 100000) + "<axis"));
  EXPECT_EQ(t.what, "hostile.urdf: line 14: a NUL byte; a URDF document is text");
}

// Loading is linear in the document; line numbers are right at the end of a big one.
std::string chain(int n, const std::string& last_mass) {
  std::string out = "<robot name=\"chain\">\n<link name=\"l0\"/>\n";
  for (int k = 1; k <= n; ++k) {
    const std::string K = std::to_string(k);
    out += "<link name=\"l" + K + "\">\n<inertial><origin xyz=\"0 0 0.1\"/>\n<mass value=\"" +
           (k == n ? last_mass : "1") + "\"/>\n<inertia ixx=\"0.01\" ixy=\"0\" ixz=\"0\" iyy=\"0.01\" iyz=\"0\" izz=\"0.01\"/>\n"
           "</inertial></link>\n<joint name=\"j" + K + "\" type=\"continuous\"><parent link=\"l" + std::to_string(k - 1) +
           "\"/><child link=\"l" + K + "\"/>\n<origin xyz=\"0 0 0.2\"/><axis xyz=\"0 0 1\"/></joint>\n";
  }
  return out + "</robot>\n";
}

TEST(UrdfHostile, FiveThousandLinksLoadAndLinesStayRight) {
  constexpr int kLinks = 5000;
  const Model m = load_urdf_string(chain(kLinks, "1"), "chain.urdf");
  EXPECT_EQ(m.dof, kLinks);
  // Each link and joint take 7 lines after the first two: the last <mass> is on line 2 + 7 (n - 1) + 3.
  const Thrown t = error_of(chain(kLinks, "0x10"), "chain.urdf");
  EXPECT_EQ(t.what, "chain.urdf: link 'l5000', line " + std::to_string(2 + 7 * (kLinks - 1) + 3) +
                        ": mass/value: '0x10' is not a finite number");
}

// Windows line ends count one line each, for the nesting check and for the numbers alike.
TEST(UrdfHostile, CrLfLineEndsCountOnce) {
  std::string crlf;
  for (char c : with_in_link(repeat("\n<a>", 255) + repeat("</a>", 255))) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  EXPECT_EQ(error_of(crlf).what, "hostile.urdf: line 259: elements nested 257 deep; at most 256 levels are read");
  crlf.clear();
  for (char c : replaced(kRobot, "value=\"2.5\"", "value=\"2,5\"")) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  EXPECT_EQ(error_of(crlf).what, "hostile.urdf: link 'a', line 7: mass/value: '2,5' is not a finite number");
}

/// Runs `f` on a thread with a 256 KiB stack, as a worker thread might have.
template <class F> void on_small_stack(F f) {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 256 * 1024);
  pthread_t thread;
  const auto run = [](void* call) -> void* {
    (*static_cast<F*>(call))();
    return nullptr;
  };
  ASSERT_EQ(pthread_create(&thread, &attr, run, &f), 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
}

// A long chain is built, rejected and let go of without a recursion per link (urdfdom's links own
// their children: releasing them naively recurses down the chain).
TEST(UrdfHostile, LongChainsNeedNoStackPerLink) {
  on_small_stack([] {
    EXPECT_EQ(load_urdf_string(chain(5000, "1"), "chain.urdf").dof, 5000);
    const std::string two_roots = replaced(chain(5000, "1"), "<link name=\"l0\"/>", "<link name=\"l0\"/><link name=\"loose\"/>");
    EXPECT_EQ(error_of(two_roots, "chain.urdf").what,
              "chain.urdf: not a valid URDF (2 root links, 'l0' on line 2 and 'loose' on line 2: all links but one must be a "
              "joint's child)");
    const std::string unknown = replaced(chain(5000, "1"), "<child link=\"l5000\"/>", "<child link=\"l5001\"/>");
    EXPECT_EQ(error_of(unknown, "chain.urdf").what, "chain.urdf: not a valid URDF (joint 'j5000' on line " +
                                                        std::to_string(2 + 7 * 4999 + 6) +
                                                        ": its child link 'l5001' is not defined)");
  });
}

// Links that do not make a tree are refused, naming the joint and its line, before urdfdom links
// them: urdfdom leaked the loops it had linked when it then failed (a finding of fuzz_urdf, a joint
// from a link to itself next to a joint without a child; the sanitizer run checks for leaks).
TEST(UrdfHostile, LinksThatAreNotATreeAreRefusedBeforeTheyAreLinked) {
  const auto with_before_end = [](const std::string& extra) { return replaced(kRobot, "</robot>", extra + "</robot>"); };
  const std::string fixed = "type=\"fixed\">";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"  <link name=\"b\"/>\n  <joint name=\"k\" " + fixed + "<parent link=\"b\"/><child link=\"b\"/></joint>\n",
       "joint 'k' on line 18: its parent and child are the same link 'b'"},
      {"  <joint name=\"k\" " + fixed + "<parent link=\"base\"/><child link=\"a\"/></joint>\n",
       "joint 'k' on line 17: link 'a' is already the child of joint 'j' on line 11"},
      {"  <link name=\"b\"/>\n  <link name=\"c\"/>\n"
       "  <joint name=\"k1\" " + fixed + "<parent link=\"b\"/><child link=\"c\"/></joint>\n"
       "  <joint name=\"k2\" " + fixed + "<parent link=\"c\"/><child link=\"b\"/></joint>\n",
       "joint 'k2' on line 20: the links form a loop through link 'b'"},
      {"  <joint name=\"k\" " + fixed + "<parent link=\"a\"/></joint>\n", "joint 'k' on line 17: no <child link=...>"},
      {"  <link name=\"b\"/>\n  <joint name=\"k\" " + fixed + "<parent link=\"b\"/><child link=\"b\"/></joint>\n"
       "  <joint name=\"m\" " + fixed + "<child link=\"a\"/></joint>\n",
       "joint 'k' on line 18: its parent and child are the same link 'b'"},
  };
  for (const auto& [extra, why] : cases) {
    const Thrown t = error_of(with_before_end(extra));
    EXPECT_EQ(t.what, "hostile.urdf: not a valid URDF (" + why + ")") << extra;
  }
  // A joint's links in either order of the document, and a tree of fixed joints, still load.
  EXPECT_EQ(error_of(with_before_end("  <joint name=\"k\" " + fixed + "<parent link=\"a\"/><child link=\"b\"/></joint>\n"
                                     "  <link name=\"b\"/>\n")).what, "");
}

// Every number armdyn reads must read in full as a finite decimal number.
struct NumberSite {
  std::string written, attribute, place, field;
  bool triple;
};

TEST(UrdfHostile, EveryNumberArmdynReadsMustBeAFiniteDecimal) {
  const std::vector<NumberSite> sites = {
      {"xyz=\"0.1 0 0\"", "xyz", "link 'a', line 6", "origin/xyz", true},
      {"rpy=\"0 0 0.5\"", "rpy", "link 'a', line 6", "origin/rpy", true},
      {"value=\"2.5\"", "value", "link 'a', line 7", "mass/value", false},
      {"ixx=\"0.01\"", "ixx", "link 'a', line 8", "inertia/ixx", false},
      {"ixy=\"0\"", "ixy", "link 'a', line 8", "inertia/ixy", false},
      {"ixz=\"0\"", "ixz", "link 'a', line 8", "inertia/ixz", false},
      {"iyy=\"0.02\"", "iyy", "link 'a', line 8", "inertia/iyy", false},
      {"iyz=\"0\"", "iyz", "link 'a', line 8", "inertia/iyz", false},
      {"izz=\"0.03\"", "izz", "link 'a', line 8", "inertia/izz", false},
      {"xyz=\"0 0 0.3\"", "xyz", "joint 'j', line 13", "origin/xyz", true},
      {"rpy=\"0.1 0 0\"", "rpy", "joint 'j', line 13", "origin/rpy", true},
      {"xyz=\"0 1 0\"", "xyz", "joint 'j', line 14", "axis/xyz", true},
      {"lower=\"-1\"", "lower", "joint 'j', line 15", "limit/lower", false},
      {"upper=\"1\"", "upper", "joint 'j', line 15", "limit/upper", false},
      {"effort=\"10\"", "effort", "joint 'j', line 15", "limit/effort", false},
      {"velocity=\"2\"", "velocity", "joint 'j', line 15", "limit/velocity", false},
  };
  const std::vector<std::string> bad = {"0x10", "1e", "1,2", "nan", "inf", "-inf", "1e999", "TODO", "", "0x1p3", "1.5.2", "+", ".", "1 2", "2kg", " 2"};
  for (const NumberSite& site : sites) {
    for (const std::string& value : bad) {
      if (site.triple && value == " 2") continue;  // "0  2 0" is three numbers
      const std::string written = site.triple ? "0 " + value + " 0" : value;
      const Thrown t = error_of(replaced(kRobot, site.written, site.attribute + "=\"" + written + "\""));
      EXPECT_EQ(t.place, site.place) << site.written << " <- " << value << ": " << t.what;
      EXPECT_EQ(t.field, site.field) << site.written << " <- " << value;
      EXPECT_TRUE(contains(t.what, "'" + written + "' is not")) << t.what;
    }
  }
  // A '>' inside an earlier attribute hides nothing.
  const Thrown t = error_of(replaced(kRobot, "<inertia ixx=\"0.01\"", "<inertia note=\"a>b\" ixx=\"0x10\""));
  EXPECT_EQ(t.what, "hostile.urdf: link 'a', line 8: inertia/ixx: '0x10' is not a finite number");
  // Forms that are decimal numbers load.
  for (const char* value : {"+2.5", "2.50", "25e-1", "0.25E1", "2.5e+0"})
    EXPECT_EQ(load_urdf_string(replaced(kRobot, "value=\"2.5\"", "value=\"" + std::string(value) + "\""), "ok.urdf").mass[0], 2.5) << value;
}

// Names and values are shown on one line, control characters escaped, long ones cut.
TEST(UrdfHostile, MessagesStayOneShortLine) {
  const std::string renamed = replaced(replaced(kRobot, "<link name=\"a\">", "<link name=\"a&#10;b\">"),
                                       "<child link=\"a\"/>", "<child link=\"a&#10;b\"/>");
  EXPECT_EQ(error_of(replaced(renamed, "value=\"2.5\"", "value=\"1&#10;2\"")).what,
            "hostile.urdf: link 'a\\nb', line 7: mass/value: '1\\n2' is not a finite number");
  const Thrown t = error_of(replaced(kRobot, "value=\"2.5\"", "value=\"" + std::string(100000, '9') + "x\""));
  EXPECT_LT(t.what.size(), 200u) << t.what.substr(0, 300);
  EXPECT_TRUE(contains(t.what, "(100001 characters) is not a finite number")) << t.what.substr(0, 300);
}

// What urdfdom did not turn into data, or an element it would skip, is an error.
TEST(UrdfHostile, ElementsUrdfdomWouldDropAreErrors) {
  const std::vector<std::tuple<std::string, std::string, std::string, std::string>> cases = {
      // urdfdom splits xyz on spaces only (not tabs): it zeroes the block.
      {"<origin xyz=\"0.1 0 0\"", "<origin xyz=\"0.1\t0 0\"", "link 'a', line 5", "inertial"},
      {"<mass value=\"2.5\"/>", "", "link 'a', line 5", "inertial/mass"},
      {"ixz=\"0\" ", "", "link 'a', line 8", "inertia/ixz"},
      {"<mass value=\"2.5\"/>", "<mass value=\"2.5\"/><mass value=\"7\"/>", "link 'a', line 7", "mass"},
      {"</inertial>", "</inertial><inertial/>", "link 'a', line 9", "inertial"},
      {"<axis xyz=\"0 1 0\"/>", "<axis xyz=\"0 1 0\"/><axis xyz=\"1 0 0\"/>", "joint 'j', line 14", "axis"},
      {"<axis xyz=\"0 1 0\"/>", "<limit effort=\"1\" velocity=\"1\"/>", "joint 'j', line 15", "limit"},
      {"<axis xyz=\"0 1 0\"/>", "<origin xyz=\"1 0 0\"/>", "joint 'j', line 14", "origin"},
  };
  for (const auto& [from, to, place, field] : cases) {
    const Thrown t = error_of(replaced(kRobot, from, to));
    EXPECT_EQ(t.place, place) << to << ": " << t.what;
    EXPECT_EQ(t.field, field) << to << ": " << t.what;
  }
}

// Limits come from the document: a negative velocity or effort is an error, a missing one is no limit.
TEST(UrdfHostile, LimitsAreReadFromTheDocument) {
  const auto with_limit = [](const std::string& limit) {
    return replaced(kRobot, "<limit lower=\"-1\" upper=\"1\" effort=\"10\" velocity=\"2\"/>", limit);
  };
  const Thrown v = error_of(with_limit("<limit lower=\"-1\" upper=\"1\" velocity=\"-1\" effort=\"0\"/>"));
  EXPECT_EQ(v.what, "hostile.urdf: joint 'j', line 15: limit/velocity: must not be negative, got -1 (leave the attribute out for no limit)");
  const Thrown e = error_of(with_limit("<limit lower=\"-1\" upper=\"1\" velocity=\"3\" effort=\"-0.5\"/>"));
  EXPECT_EQ(e.place, "joint 'j', line 15");
  EXPECT_EQ(e.field, "limit/effort");
  const double inf = std::numeric_limits<double>::infinity();
  for (const std::string limit : {"<limit lower=\"-1\" upper=\"1\"/>", "<limit lower=\"-1\" upper=\"1\" effort=\"10\"/>",
                                   "<limit lower=\"-1\" upper=\"1\" velocity=\"2\"/>"}) {
    const Model m = load_urdf_string(with_limit(limit), "lim.urdf");
    EXPECT_EQ(m.limits[0].lower, -1) << limit;
    EXPECT_EQ(m.limits[0].upper, 1) << limit;
    EXPECT_EQ(m.limits[0].velocity, contains(limit, "velocity") ? 2 : inf) << limit;
    EXPECT_EQ(m.limits[0].effort, contains(limit, "effort") ? 10 : inf) << limit;
  }
}

#ifdef ARMDYN_CLI
class UrdfHostileCli : public test::CliProcess {};

TEST_F(UrdfHostileCli, DeepNestingAndUnreadNumbersExitTwoWithOneLine) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"deep.urdf", with_in_link(repeat("<a>", 100000))},
      {"hex.urdf", replaced(kRobot, "value=\"2.5\"", "value=\"0x10\"")},
      {"newline.urdf", replaced(kRobot, "<limit lower=\"-1\"", "<limit lower=\"-&#10;1\"")},
  };
  for (const auto& [name, xml] : cases) {
    const std::string path = file(name, xml);
    const test::CliResult r = run({"info", path});
    EXPECT_EQ(r.status, 2) << name;
    EXPECT_EQ(r.err_lines(), 1) << r.err;
    EXPECT_TRUE(contains(r.err, path + ": ") && contains(r.err, "line ")) << r.err;
  }
}
#endif

}  // namespace urdf_hostile_test
}  // namespace armdyn
