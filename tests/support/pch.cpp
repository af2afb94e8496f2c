// The translation unit that builds the tests' shared precompiled header (see tests/CMakeLists.txt).
