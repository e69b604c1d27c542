import Foundation
import Support
#if canImport(Glibc)
import Glibc
#endif

/// Watches the folders a build reads (`Content/`, `Themes/`) and calls `onChange` once a
/// burst of changes has settled (an editor's save is often several writes and a rename).
/// With inotify a change is settled as soon as no file it touched is still open for
/// writing (a rename into place, a closed write, a deletion): then `settle` (2 ms) is
/// waited for the rest of a burst, not `debounce`, which only a write still in progress
/// waits. It is short because it is on every save's path to the reload: a burst that goes
/// on after it costs one more rebuild, never a stale one (its events start the next).
/// Uses inotify on Linux; elsewhere, or when inotify cannot be set up, it compares the
/// folders' file list, sizes and modification times twice a second.
///
/// Hidden files and editor backups (`.x.swp`, `x~`) do not count: the build ignores them.
///
/// `onChange` is told what changed (``SourceChanges``): with inotify, every file an event
/// named since the last call, hidden ones and backups too (a static folder publishes them);
/// `unknown` when an event is of a folder (made, moved, deleted), of a watched folder
/// itself, when the kernel's queue overflowed, or for more files than a rebuild patches.
/// Polling always says `unknown`.
package final class FolderWatcher: @unchecked Sendable {
    let folders: [URL]
    let debounce: TimeInterval
    let settle: TimeInterval
    private let onChange: @Sendable (SourceChanges) -> Void
    private let stopped = NSLock()
    private var isStopped = false
    private var thread: Thread?
    /// How the watcher learns of changes, for messages and tests.
    private(set) var mechanism = "none"

    package init(folders: [URL], debounce: TimeInterval = 0.1, settle: TimeInterval = 0.002,
                 onChange: @escaping @Sendable (SourceChanges) -> Void) {
        self.folders = folders
        self.debounce = debounce
        self.settle = settle
        self.onChange = onChange
    }

    /// Starts watching on a thread of its own. `forcePolling` skips inotify.
    package func start(forcePolling: Bool = false) {
        #if os(Linux)
        if !forcePolling, let inotify = InotifyWatch(folders: folders) {
            mechanism = "inotify"
            run { [self] in watch(inotify) }
            return
        }
        #endif
        mechanism = "polling"
        run { [self] in poll() }
    }

    package func stop() {
        stopped.withLock { isStopped = true }
    }

    private var shouldStop: Bool { stopped.withLock { isStopped } }

    private func run(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = "sitegen-watch"
        self.thread = thread
        thread.start()
    }

    static func counts(_ name: Substring) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.hasSuffix("~")
    }

    #if os(Linux)
    private func watch(_ inotify: InotifyWatch) {
        defer { inotify.close() }
        var pending = false
        while !shouldStop {
            // Wait for events; once one came, wait for the burst to end: briefly when every
            // file it wrote is closed, `debounce` while one is still being written.
            let timeout = !pending ? 250 : Int32((inotify.isWriting ? debounce : settle) * 1000)
            if inotify.readEvents(timeoutMilliseconds: timeout) {
                pending = true
            } else if pending {
                pending = false
                onChange(inotify.takeChanges())
            }
        }
    }
    #endif

    /// Path → (size, modification time in nanoseconds) of every file that counts.
    private func snapshot() -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        for folder in folders {
            for relative in DirectoryWalker.files(below: folder.path, includeHidden: false)
            where Self.counts(relative.split(separator: "/").last ?? "") {
                let path = folder.path + "/" + relative
                guard let status = FileStatus.of(path) else { continue }
                result[path] = [status.size, Int(status.modifiedNanoseconds)]
            }
        }
        return result
    }

    private func poll() {
        var last = snapshot()
        var changedAt: Date?
        while !shouldStop {
            Thread.sleep(forTimeInterval: changedAt == nil ? 0.5 : debounce)
            let now = snapshot()
            if now != last {
                last = now
                changedAt = Date()
            } else if changedAt != nil {
                changedAt = nil
                onChange(.unknown)
            }
        }
    }
}

#if os(Linux)
/// An inotify descriptor watching every folder below some roots, new folders included.
/// Used by the watcher's one thread only.
private final class InotifyWatch: @unchecked Sendable {
    private let descriptor: Int32
    private var folders: [Int32: String] = [:]
    /// Files that count and were created or modified but not yet closed: (watch, name).
    private var openForWriting: Set<String> = []
    /// What changed since the last ``takeChanges()``.
    private var changes = SourceChanges.none

    /// Whether a file that counts is still being written.
    var isWriting: Bool { !openForWriting.isEmpty }
    private static let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
                                     | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)

    init?(folders roots: [URL]) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        for root in roots where FileManager.default.fileExists(atPath: root.path) {
            guard addTree(root.path) else {
                close()
                return nil
            }
        }
    }

    /// Watches `path` and every folder below it; false when the system refuses (watch limit).
    private func addTree(_ path: String) -> Bool {
        for folder in DirectoryWalker.folders(below: path) {
            let watch = inotify_add_watch(descriptor, folder, Self.mask)
            guard watch >= 0 else { return errno == ENOENT }
            folders[watch] = folder
        }
        return true
    }

    /// Reads what arrived within the timeout; true when a change that counts was among it.
    func readEvents(timeoutMilliseconds: Int32) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, timeoutMilliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        var counted = false
        var offset = 0
        let headerSize = MemoryLayout<inotify_event>.size
        var named: Set<String> = []
        while offset + headerSize <= count {
            let (watch, mask, length) = buffer.withUnsafeBytes { raw in
                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                return (event.wd, event.mask, Int(event.len))
            }
            let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + length)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, let parent = folders[watch] {
                _ = addTree(parent + "/" + name)
            }
            if mask & UInt32(IN_IGNORED) != 0 { folders[watch] = nil }
            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                // Events were lost: which, nobody knows.
                changes = .unknown
                counted = true
            } else if mask & UInt32(IN_IGNORED) == 0 {
                if name.isEmpty || mask & UInt32(IN_ISDIR) != 0 {
                    changes = .unknown
                } else if let folder = folders[watch] {
                    named.insert(folder + "/" + name)
                } else {
                    changes = .unknown
                }
            }
            if name.isEmpty || FolderWatcher.counts(Substring(name)) || mask & UInt32(IN_ISDIR) != 0 {
                counted = true
                let file = "\(watch)/\(name)"
                if mask & UInt32(IN_ISDIR) == 0, mask & UInt32(IN_MODIFY | IN_CREATE) != 0 {
                    openForWriting.insert(file)
                } else if mask & UInt32(IN_CLOSE_WRITE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO) != 0 {
                    openForWriting.remove(file)
                }
            }
            offset += headerSize + length
        }
        changes.formUnion(SourceChanges(files: named))
        return counted
    }

    /// What changed since the last call; nothing from now on.
    func takeChanges() -> SourceChanges {
        defer { changes = .none }
        return changes
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}
#endif
