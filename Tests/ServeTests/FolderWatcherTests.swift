import Foundation
import Testing
@testable import Serve
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// The preview server's watcher: inotify on Linux, polling elsewhere; both tested here.
@Suite("Watching the site's folders", .serialized)
struct FolderWatcherTests {
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        private var seen: [SourceChanges] = []
        func record(_ changes: SourceChanges = .unknown) {
            lock.withLock {
                count += 1
                seen.append(changes)
            }
        }
        var value: Int { lock.withLock { count } }
        /// What the calls after the first `known` were told, together (a loaded machine may
        /// split a burst in two).
        func changes(since known: Int) -> SourceChanges {
            lock.withLock { seen.dropFirst(known).reduce(into: SourceChanges.none) { $0.formUnion($1) } }
        }

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
        let watcher = FolderWatcher(folders: [root.appendingPathComponent("Content")], debounce: 0.3, settle: 0.3) { calls.record($0) }
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

    /// inotify names the files a save touched, so that a rebuild looks at those alone; what it
    /// cannot name (a folder made or deleted) is `unknown`, and the rebuild lists everything.
    @Test func inotifyNamesTheFilesThatChanged() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let posts = root.appendingPathComponent("Content/posts")
        try FileManager.default.createDirectory(at: posts, withIntermediateDirectories: true)
        try "first".write(to: posts.appendingPathComponent("hello.md"), atomically: false, encoding: .utf8)
        let calls = Calls()
        let watcher = FolderWatcher(folders: [root.appendingPathComponent("Content")], debounce: 0.3, settle: 0.3) { calls.record($0) }
        watcher.start()
        defer { watcher.stop() }
        guard watcher.mechanism == "inotify" else { return }
        let path = { (name: String) in posts.appendingPathComponent(name).path }

        // An editor's save: a temporary file renamed over the post.
        try "second".write(to: posts.appendingPathComponent(".hello.md.tmp"), atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(at: posts.appendingPathComponent("hello.md"))
        try FileManager.default.moveItem(at: posts.appendingPathComponent(".hello.md.tmp"), to: posts.appendingPathComponent("hello.md"))
        #expect(calls.exceeds(0, within: 3))
        Thread.sleep(forTimeInterval: 0.5)
        #expect(calls.changes(since: 0) == .files([path("hello.md"), path(".hello.md.tmp")]))

        // A rename: both names.
        var known = calls.value
        try FileManager.default.moveItem(at: posts.appendingPathComponent("hello.md"), to: posts.appendingPathComponent("welcome.md"))
        #expect(calls.exceeds(known, within: 3))
        Thread.sleep(forTimeInterval: 0.5)
        #expect(calls.changes(since: known) == .files([path("hello.md"), path("welcome.md")]))

        // A folder made: whatever it holds, the rebuild cannot know from names.
        known = calls.value
        try FileManager.default.createDirectory(at: posts.appendingPathComponent("2017"), withIntermediateDirectories: true)
        #expect(calls.exceeds(known, within: 3))
        Thread.sleep(forTimeInterval: 0.5)
        #expect(calls.changes(since: known) == .unknown)

        // Names not counted still travel with the next call that is made (a static folder
        // publishes hidden files), and a deletion is named.
        known = calls.value
        try "swap".write(to: posts.appendingPathComponent(".welcome.md.swp"), atomically: false, encoding: .utf8)
        Thread.sleep(forTimeInterval: 0.8)
        #expect(calls.value == known)
        try FileManager.default.removeItem(at: posts.appendingPathComponent("welcome.md"))
        #expect(calls.exceeds(known, within: 3))
        Thread.sleep(forTimeInterval: 0.5)
        #expect(calls.changes(since: known) == .files([path("welcome.md"), path(".welcome.md.swp")]))
    }
}
