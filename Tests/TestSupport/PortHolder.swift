import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A socket listening on 127.0.0.1 on a port the system picks, standing for another
/// program that holds the port. It sets SO_REUSEADDR and SO_REUSEPORT, so a server that
/// set SO_REUSEPORT too would share the port instead of failing.
final class PortHolder {
    let fd: Int32
    let port: UInt16

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.fd = fd
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else {
            close(fd)
            port = 0
            throw RawHTTPClient.Failure(description: "cannot hold a port: \(String(cString: strerror(errno)))")
        }
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(fd) }
}
