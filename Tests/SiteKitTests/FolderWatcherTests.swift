import Foundation
import Testing
@testable import Serve
@testable import SiteKit

/// The preview server's watcher: inotify on Linux, polling elsewhere; both tested here.
@Suite("Watching the site's folders", .serialized)
struct FolderWatcherTests {
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func record() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }

        /// Whether the count passed `known` within `seconds`.
        func exceeds(_ known: Int, within seconds: Double) -> Bool {
            let end = Date().addingTimeInterval(seconds)
            while Date() < end {
                if value > known { return true }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return value > known
        }
    }

    @Test(arguments: [false, true])
    func changesBelowTheFoldersAreReportedOnceSettled(polling: Bool) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Content/posts"), withIntermediateDirectories: true)
        let calls = Calls()
        // The serve default settles 2 ms after a completed save; 300 ms here so that a loaded
        // machine (CI runs the suites in parallel) pausing this thread between the burst's
        // writes does not split it: 50 ms once did, with two calls for one burst.
        let watcher = FolderWatcher(folders: [root.appendingPathComponent("Content")], debounce: 0.3, settle: 0.3) { calls.record() }
        watcher.start(forcePolling: polling)
        defer { watcher.stop() }
        #expect(watcher.mechanism == (polling ? "polling" : "inotify"))
        Thread.sleep(forTimeInterval: 0.6)   // the polling watcher's first snapshot

        // A burst of saves is one change.
        for index in 0..<5 { try "v\(index)".write(to: root.appendingPathComponent("Content/posts/a.md"), atomically: false, encoding: .utf8) }
        #expect(calls.exceeds(0, within: 3), "an edit is seen")
        Thread.sleep(forTimeInterval: 1)
        #expect(calls.value == 1, "one call for the burst")

        // A file in a folder made after the watch began.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Content/posts/2017"), withIntermediateDirectories: true)
        Thread.sleep(forTimeInterval: 1)
        var known = calls.value
        try "new".write(to: root.appendingPathComponent("Content/posts/2017/b.md"), atomically: false, encoding: .utf8)
        #expect(calls.exceeds(known, within: 3), "a file in a new folder is seen")
        Thread.sleep(forTimeInterval: 1)

        // Editor swap files and backups are not the site's.
        known = calls.value
        try "swap".write(to: root.appendingPathComponent("Content/posts/.a.md.swp"), atomically: false, encoding: .utf8)
        try "backup".write(to: root.appendingPathComponent("Content/posts/a.md~"), atomically: false, encoding: .utf8)
        #expect(!calls.exceeds(known, within: 1.5))

        try FileManager.default.removeItem(at: root.appendingPathComponent("Content/posts/a.md"))
        #expect(calls.exceeds(known, within: 3), "a deletion is seen")
    }
}
