#pragma once
// What an MJCF file asks MuJoCo to allocate, judged from its XML before MuJoCo compiles it.
//
// MuJoCo sizes its arrays from the file: <size nuser_body="300000000"/> gives every body 300
// million user numbers, <size njmax> a square matrix of that side, a builtin <texture>
// width x height x 6 pixels, and the compiled model's stack grows with the square of the
// degrees of freedom (some 48 n^2 bytes). All of that is allocated inside mj_loadXML, before
// armdyn's own memory checks can run, and a failure there is std::bad_alloc or worse. So the
// XML (with every file it <include>s) is read within the input limit, each such request is
// estimated in bytes, and a file whose total exceeds mjcf_memory_limit() is refused naming the
// element and attribute that asks for the most.
#include <cstddef>
#include <string>

namespace armdyn {

/// ARMDYN_MJCF_MAX_MEMORY when set (bytes, or with a suffix K, M, G, T), else 2 GiB.
std::size_t mjcf_memory_limit();

/// Throws InputError "<file>: <request>: compiling it would take MuJoCo an estimated N, more
/// than the limit of M (...)" when the MJCF `text` read from `path` asks for too much; reads the
/// files it includes (relative to its folder, as MuJoCo does) the same way.
void check_mjcf_request(const std::string& text, const std::string& path);

}  // namespace armdyn
