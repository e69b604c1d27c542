import Foundation
import Testing
@testable import Serve
@testable import SiteKit
@testable import TestSupport

/// `sitegen serve` when its surroundings go wrong: the port is taken, the output folder
/// is deleted while it serves.
@Suite("sitegen serve, recovering and refusing", .serialized)
struct ServeCommandRecoveryTests {
    /// Runs `sitegen` and ends it with SIGKILL if it has not exited within `seconds` (a
    /// server that shared a taken port would serve forever).
    static func run(_ arguments: [String], within seconds: Double) throws -> (run: SitegenProcess.Run, finished: Bool) {
        let process = Process()
        process.executableURL = SitegenProcess.executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let finished = !process.isRunning
        if !finished { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let run = SitegenProcess.Run(status: process.terminationStatus,
                                       stdout: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                                       stderr: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        return (run, finished)
    }

    @Test func aPortInUseFailsAtOnceBeforeBuilding() throws {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21")])
        defer { site.remove() }
        let holder = try PortHolder()
        let (run, finished) = try Self.run(["serve", "--port", "\(holder.port)", "--site", site.root.path], within: 60)
        #expect(finished, "serve shared or waited for a port another program listens on")
        #expect(run.status == 1)
        #expect(run.stderr.contains("port \(holder.port) on 127.0.0.1 is in use"), "\(run.stderr)")
        #expect(run.stderr.contains("--port"), "the message says how to choose another: \(run.stderr)")
        #expect(!run.stdout.contains("Serving"))
        // Failing at once: the port is tried before the site is built, so nothing was written.
        #expect(!FileManager.default.fileExists(atPath: site.output.path), "the site was built before the port was tried")
    }

    /// Every file of the output and its bytes (folders left out).
    static func files(_ site: FixtureSite) -> [String: Data] {
        site.outputSnapshot().filter { $0.value != Data("<dir>".utf8) }
    }

    /// Waits up to `seconds` for `condition`.
    static func eventually(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return condition()
    }

    /// Each output file asked for over HTTP as a browser would (folders by their slash).
    static func statuses(_ port: UInt16, _ paths: some Sequence<String>) throws -> [String: Int] {
        var statuses: [String: Int] = [:]
        for path in paths where !path.hasPrefix(".") {
            let target = "/" + (path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path)
            statuses[target] = try RawHTTPClient.get(port, target).status
        }
        return statuses
    }

    @Test func deletingTheOutputWhileServingRestoresTheWholeSite() throws {
        let post = { (body: String) in FixtureSite.post("title: A\ndate: 2017-04-21\ntags: [swift]", body: body) }
        let site = FixtureSite(["Content/posts/a.md": post("First.\n"), "Content/posts/b.md": post("Other.\n"),
                                "Content/static/images/p.png": "\u{89}PNG"])
        defer { site.remove() }
        let server = try ServeProcess(site: site)
        let port = server.port
        let built = Self.files(site)
        #expect(built.count > 10)

        // Deleted with nothing edited: the server notices and writes the whole site again.
        try FileManager.default.removeItem(at: site.output)
        #expect(Self.eventually(15) { Self.files(site) == built }, "the output came back whole by itself")
        #expect(try Self.statuses(port, built.keys).filter { $0.value != 200 } == [:])

        // Deleted and a post edited at once: the whole site, with the edit.
        try? FileManager.default.removeItem(at: site.output)
        site.write("Content/posts/a.md", post("Second.\n"))
        // The search index's chunks are named by their content, so the edited words give new names.
        let lasting = { (paths: [String]) in Set(paths.filter { !$0.hasPrefix("search/terms/") }) }
        #expect(Self.eventually(15) {
            let now = Self.files(site).keys
            return lasting(Array(now)) == lasting(Array(built.keys)) && now.contains { $0.hasPrefix("search/terms/") }
                && site.read("posts/a/index.html")?.contains("Second.") == true
        }, "every page is back, not only the edited one: \(lasting(Array(built.keys)).subtracting(Self.files(site).keys).sorted())")
        #expect(try Self.statuses(port, Self.files(site).keys).filter { $0.value != 200 } == [:])
        #expect(try RawHTTPClient.get(port, "/posts/a/").text.contains("Second."))
        let printed = server.interrupt()
        #expect(printed.contains("was deleted"), "\(printed)")
        #expect(server.process.terminationStatus == 0)
    }
}
