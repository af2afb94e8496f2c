#pragma once
// A bound on how deeply an XML document makes TinyXML recurse, checked before TinyXML sees it.
//
// TinyXML (which urdfdom parses with) reads an element's content by calling itself once per
// nesting level, so a document of some ten thousand nested elements overflows the stack. It also
// looks up every new attribute among the element's earlier ones, so one element with tens of
// thousands of attributes takes quadratic time. check_xml_nesting walks the document once,
// iteratively, the way TinyXML 2.6 tokenises it (comments, CDATA, <?...?>, <!...>, quoted
// attribute values, entities and UTF-8 sequences that may hide a '<' or '>'), and refuses a
// document before it can do either.
#include <string>

namespace armdyn {

constexpr int kMaxXmlDepth = 256;       ///< elements nested deeper than this are refused
constexpr int kMaxXmlAttributes = 256;  ///< elements with more attributes than this are refused

/// Throws ModelError "<source>: line L: ..." naming the depth (or the attribute count) when the
/// document nests elements deeper than kMaxXmlDepth or gives one element more than
/// kMaxXmlAttributes attributes. Runs in time linear in the length of `xml`. It judges nothing
/// else: a malformed document passes, for the XML parser to report.
void check_xml_nesting(const std::string& xml, const std::string& source);

}  // namespace armdyn
