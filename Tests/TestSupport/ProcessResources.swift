import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What this test process holds, read from `/proc` (Linux): its resident memory and the
/// sockets it has open on one local port. Tests run in parallel in one process, so a
/// process-wide descriptor count would see every other test's sockets; counting only
/// those on a server's own port does not.
enum ProcessResources {
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: "/proc/self/statm") }

    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Descriptors of this process that are TCP sockets bound to `port` on this side: a
    /// server's listener and the connections it accepted (not its clients' ends).
    static func openSockets(localPort port: UInt16) -> Int {
        let inodes = socketInodes(localPort: port)
        let folder = "/proc/self/fd"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
        var count = 0
        var target = [CChar](repeating: 0, count: 256)
        for entry in entries {
            let length = readlink(folder + "/" + entry, &target, target.count - 1)
            guard length > 0 else { continue }
            let link = String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard link.hasPrefix("socket:["), let inode = UInt64(link.dropFirst(8).dropLast()) else { continue }
            if inodes.contains(inode) { count += 1 }
        }
        return count
    }

    /// `/proc/net/tcp{,6}` rows: `sl local_address rem_address st ... uid timeout inode`,
    /// the address as hex `ADDR:PORT`.
    private static func socketInodes(localPort port: UInt16) -> Set<UInt64> {
        var inodes = Set<UInt64>()
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            for row in readWhole(table).split(separator: "\n").dropFirst() {
                let fields = row.split(separator: " ")
                guard fields.count > 9, let local = fields[1].split(separator: ":").last,
                      UInt16(local, radix: 16) == port, let inode = UInt64(fields[9]) else { continue }
                inodes.insert(inode)
            }
        }
        return inodes
    }

    /// A `/proc` file read to its end: they report a size of 0, and a single read returns
    /// one page of a long table.
    private static func readWhole(_ path: String) -> String {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fd, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The highest resident memory seen while it runs, sampled every few milliseconds.
final class PeakMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = 0
    private var running = true
    private let done = DispatchSemaphore(value: 0)

    init() {
        peak = ProcessResources.residentBytes()
        let thread = Thread { [self] in
            while lock.withLock({ running }) {
                let now = ProcessResources.residentBytes()
                lock.withLock { peak = max(peak, now) }
                usleep(2_000)
            }
            done.signal()
        }
        thread.start()
    }

    /// Stops sampling; the peak in bytes.
    func stop() -> Int {
        lock.withLock { running = false }
        done.wait()
        return lock.withLock { peak }
    }
}

/// Processes as /proc lists them.
enum ProcessTable {
    /// Whether process `pid` runs: a zombie nobody reaps is as dead as a process gets.
    static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        let state = stat.split(separator: ")").last?.split(separator: " ").first
        return state != "Z"
    }
}
