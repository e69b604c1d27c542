import Foundation
import Testing
@testable import Serve
@testable import SiteKit
@testable import Support
#if canImport(Glibc)
import Glibc
@testable import TestSupport
#endif

/// Live reload: the script served pages get, the error page of a failed rebuild, the event
/// stream, and `sitegen serve` rebuilding and telling the browser after an edit.
@Suite("Live reload", .serialized)
struct LiveReloadTests {
    /// Reads an event stream until a `data:` line other than those in `seen` arrives.
    static func nextEvent(_ client: RawHTTPClient, after seen: Set<String>, text: inout String) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let events = text.split(separator: "\n").filter { $0.hasPrefix("data: ") }.map { String($0.dropFirst(6)) }
            if let fresh = events.first(where: { !seen.contains($0) }) { return fresh }
            let count = recv(client.fd, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
        }
    }

    @Test func pagesGetTheScriptAndAFailedBuildShowsItsErrors() {
        let reload = LiveReload()
        let page = "<html><body><p>x</p></body></html>"
        #expect(reload.transform(page) == "<html><body><p>x</p>" + LiveReload.script + "\n</body></html>")
        reload.failed([.error("Content/posts/a.md", SourceLocation(line: 7, column: 5), "broken link 'b.md': there is no post <b>")])
        let error = reload.transform(page)
        #expect(error.contains("<code>Content/posts/a.md:7:5: error: broken link &#39;b.md&#39;: there is no post &lt;b&gt;</code>"))
        #expect(error.contains(LiveReload.script))
        reload.rebuilt()
        #expect(reload.transform(page).contains("<p>x</p>"))
    }

    @Test func theStreamSendsTheBuildNumberThenEachNewOne() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-reload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let reload = LiveReload(keepAliveSeconds: 0.2)
        let server = try StaticFileServer(root: root, port: 0, htmlTransform: reload.transform, routes: [LiveReload.eventsPath: reload.respond])
        let port = try server.start()
        defer { reload.stop(); server.stop() }
        let client = try RawHTTPClient(port: port)
        client.request("GET", LiveReload.eventsPath)
        var text = ""
        #expect(Self.nextEvent(client, after: [], text: &text) == "1")
        #expect(text.contains("Content-Type: text/event-stream"))
        reload.rebuilt()
        #expect(Self.nextEvent(client, after: ["1"], text: &text) == "2")
    }

    /// Dead clients must not pile up: a cap on open streams, and each stream ends after
    /// its lifetime (the browser then reconnects by itself).
    @Test func streamsAreCappedAndEndAfterTheirLifetime() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-reload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let reload = LiveReload(keepAliveSeconds: 0.1, maxStreams: 2, streamLifetime: 2)
        let server = try StaticFileServer(root: root, port: 0, htmlTransform: reload.transform, routes: [LiveReload.eventsPath: reload.respond])
        let port = try server.start()
        defer { reload.stop(); server.stop() }
        func listen() throws -> (RawHTTPClient, String?) {
            let client = try RawHTTPClient(port: port)
            client.request("GET", LiveReload.eventsPath)
            var text = ""
            return (client, Self.nextEvent(client, after: [], text: &text))
        }
        let (first, firstEvent) = try listen()
        let (second, secondEvent) = try listen()
        let opened = Date()
        #expect(firstEvent == "1" && secondEvent == "1")

        let third = try RawHTTPClient(port: port)
        third.request("GET", LiveReload.eventsPath, ["Connection: close"])
        // The head alone: an admitted stream's body would never end.
        let refused = try third.responseHead()
        #expect(refused.status == 503)
        #expect(refused.headers["retry-after"] != nil)
        if refused.status == 503 {
            let text = String(decoding: third.readToEnd(), as: UTF8.self)
            #expect(text.contains("Too many live-reload connections: 2 pages"), "\(text)")
        }

        // A tab that closed frees its place once a keep-alive comment fails to arrive.
        first.disconnect()
        var admitted: String?
        for _ in 0..<30 where admitted == nil {
            Thread.sleep(forTimeInterval: 0.1)
            let client = try RawHTTPClient(port: port)
            client.request("GET", LiveReload.eventsPath)
            let head = try client.responseHead()
            if head.status == 200 { admitted = "yes" }
        }
        #expect(admitted != nil, "the closed tab's place was never freed")

        // The second stream ends by itself once its lifetime is over.
        #expect(second.waitForClose(within: 6), "the stream outlived its lifetime")
        #expect(Date().timeIntervalSince(opened) > 1.5, "not before its lifetime")
    }

    /// `sitegen serve` as an author uses it: edit, break, fix; the browser is told each time.
    @Test func serveRebuildsAfterAnEditAndShowsErrorsUntilTheyAreFixed() throws {
        let post = { (body: String) in FixtureSite.post("title: A\ndate: 2017-04-21", body: body) }
        let site = FixtureSite(["Content/posts/a.md": post("First version.\n"), "Content/posts/b.md": post("Other.\n")])
        defer { site.remove() }
        let server = try ServeProcess(site: site)
        let port = server.port

        let events = try RawHTTPClient(port: port)
        events.request("GET", LiveReload.eventsPath)
        var text = ""
        var seen: Set<String> = []
        let first = try #require(Self.nextEvent(events, after: seen, text: &text))
        seen.insert(first)
        let page = try RawHTTPClient.get(port, "/posts/a/")
        #expect(page.text.contains("First version.") && page.text.contains(LiveReload.script))
        #expect(site.read("posts/a/index.html")?.contains("EventSource") == false, "the script is never in the files")

        site.write("Content/posts/a.md", post("Second version.\n"))
        seen.insert(try #require(Self.nextEvent(events, after: seen, text: &text), "an event after the edit"))
        #expect(try RawHTTPClient.get(port, "/posts/a/").text.contains("Second version."))

        site.write("Content/posts/a.md", post("See [c](c.md).\n"))
        seen.insert(try #require(Self.nextEvent(events, after: seen, text: &text), "an event after the failed rebuild"))
        let errorPage = try RawHTTPClient.get(port, "/posts/b/").text
        #expect(errorPage.contains("Content/posts/a.md:6:9: error: broken link &#39;c.md&#39;"))
        #expect(site.read("posts/a/index.html")?.contains("Second version.") == true, "the last good build stays")

        site.write("Content/posts/a.md", post("Fixed.\n"))
        seen.insert(try #require(Self.nextEvent(events, after: seen, text: &text), "an event after the fix"))
        #expect(try RawHTTPClient.get(port, "/posts/a/").text.contains("Fixed."))
        server.interrupt()
        #expect(server.process.terminationStatus == 0)
    }
}
