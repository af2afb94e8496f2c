#include "mesh_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "armdyn/core/error.hpp"

namespace armdyn::view {
namespace {

// Closes the descriptor however the read ends.
struct MeshDescriptor {
  int fd;
  ~MeshDescriptor() {
    if (fd >= 0) ::close(fd);
  }
};

[[noreturn]] void refuse_mesh_file(const std::string& path, const std::string& reason) {
  throw InputError(path + ": cannot read mesh file (" + reason + ")");
}

}  // namespace

std::string read_mesh_file(const std::string& path, std::size_t max_bytes, const std::string& what) {
  // O_NONBLOCK: opening a FIFO does not wait for a writer (it is refused below, as not regular).
  const MeshDescriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
  if (file.fd < 0) refuse_mesh_file(path, errno == ENOENT ? "no such file" : std::strerror(errno));
  struct stat status {};
  if (::fstat(file.fd, &status) != 0) refuse_mesh_file(path, std::strerror(errno));
  if (S_ISDIR(status.st_mode)) refuse_mesh_file(path, "it is a directory");
  if (!S_ISREG(status.st_mode)) refuse_mesh_file(path, "not a regular file");
  const auto size = static_cast<std::size_t>(status.st_size);
  if (size > max_bytes)
    throw InputError(path + ": " + std::to_string(size) + " bytes, more than " + what + " can be (" +
                     std::to_string(max_bytes) + " bytes)");

  // At most max_bytes + 1 bytes: a file that grew since fstat is noticed, not read on.
  std::string bytes(size + 1, '\0');
  std::size_t got = 0;
  while (got < bytes.size()) {
    const ::ssize_t n = ::read(file.fd, bytes.data() + got, bytes.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) refuse_mesh_file(path, std::strerror(errno));
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
    if (got == bytes.size() && got <= max_bytes) bytes.resize(std::min(max_bytes + 1, 2 * bytes.size()));
  }
  if (got > max_bytes) throw InputError(path + ": more than " + what + " can be (" + std::to_string(max_bytes) + " bytes)");
  bytes.resize(got);
  return bytes;
}

}  // namespace armdyn::view
