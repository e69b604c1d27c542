import Foundation
import Testing
@testable import Serve
@testable import SiteKit
@testable import TestSupport

/// `StaticFileServer` over a fixture folder, spoken to in raw HTTP on a port the system picks.
@Suite("Serving the output folder")
struct ServeTests {
    static let secret = "TOP-SECRET-OUTSIDE-THE-ROOT"

    /// `base/root/` is served; `base/x` and `base/outside/secret` lie beside it, and
    /// `root/link-out` leads to `base/outside/`.
    final class Fixture {
        let base: URL
        let root: URL
        let server: StaticFileServer
        let port: UInt16

        init(htmlTransform: StaticFileResponder.HTMLTransform? = nil, routes: [String: StaticFileResponder.Handler] = [:],
             idleTimeout: Double = 5, limits: HTTPRequestReader<Socket>.Limits = .init(), spawner: ThreadSpawner = .system,
             dotFiles: ServedDotFiles = .wellKnownOnly) throws {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-serve-\(UUID().uuidString)")
            root = base.appendingPathComponent("root")
            let files: [String: String] = [
                "root/index.html": "<html><body>home</body></html>",
                "root/a/index.html": "<html><body>folder a</body></html>",
                "root/404.html": "<html><body>the site's own 404</body></html>",
                "root/css/x.css": "body { color: red }",
                "root/f.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
                "root/feed.json": "{\"version\": \"https://jsonfeed.org/version/1.1\"}",
                "root/atom.xml": "<feed xmlns=\"http://www.w3.org/2005/Atom\"/>",
                "root/x.woff2": "wOF2",
                "root/p.png": "\u{89}PNG",
                "root/script.js": "console.log(1)",
                "root/robots.txt": "User-agent: *",
                "root/blob": "no extension",
                "x": ServeTests.secret,
                "x.html": ServeTests.secret,
                "outside/secret": ServeTests.secret,
            ]
            for (path, text) in files {
                let url = base.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link-out").path,
                                                       withDestinationPath: base.appendingPathComponent("outside").path)
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("x-link.html").path,
                                                       withDestinationPath: "../x.html")
            server = try StaticFileServer(root: root, host: "127.0.0.1", port: 0, listener: nil, htmlTransform: htmlTransform, routes: routes,
                                          idleTimeout: idleTimeout, limits: limits, spawner: spawner, dotFiles: dotFiles)
            port = try server.start()
        }

        deinit {
            server.stop()
            try? FileManager.default.removeItem(at: base)
        }

        func get(_ target: String, method: String = "GET", _ fields: [String] = []) throws -> RawHTTPResponse {
            try RawHTTPClient.get(port, target, method: method, fields)
        }
    }

    @Test func contentTypeForEachKindOfFile() throws {
        let site = try Fixture()
        let expected = [
            "/": "text/html; charset=utf-8",
            "/css/x.css": "text/css; charset=utf-8",
            "/script.js": "text/javascript; charset=utf-8",
            "/f.svg": "image/svg+xml",
            "/feed.json": "application/json",
            "/atom.xml": "application/xml",
            "/x.woff2": "font/woff2",
            "/p.png": "image/png",
            "/robots.txt": "text/plain; charset=utf-8",
            "/blob": "application/octet-stream",
        ]
        for (target, type) in expected {
            let response = try site.get(target)
            #expect(response.status == 200, "\(target)")
            #expect(response.headers["content-type"] == type, "\(target)")
            #expect(response.headers["cache-control"] == "no-cache", "\(target)")
        }
        #expect(try site.get("/css/x.css").text == "body { color: red }")
        for (name, type) in ["a.JPG": "image/jpeg", "b.jpeg": "image/jpeg", "c.webp": "image/webp", "d.gif": "image/gif",
                             "favicon.ico": "image/x-icon", ".hidden": "application/octet-stream", "e.unknown": "application/octet-stream"] {
            #expect(MediaTypes.contentType(forPath: "/x/" + name) == type, "\(name)")
        }
    }

    @Test func foldersRedirectToTheirSlashAndServeTheirIndex() throws {
        let site = try Fixture()
        let redirect = try site.get("/a")
        #expect(redirect.status == 301)
        #expect(redirect.headers["location"] == "/a/")
        #expect(try site.get("/a?x=1&y=2").headers["location"] == "/a/?x=1&y=2", "the query string is kept")
        let index = try site.get("/a/")
        #expect(index.status == 200)
        #expect(index.text == "<html><body>folder a</body></html>")
        #expect(try site.get("/a/?x=1").text == index.text)
        #expect(try site.get("/css/x.css/").status == 404, "a file asked for as a folder")
    }

    @Test func missingFilesGetTheSitesOwn404Page() throws {
        let site = try Fixture()
        let missing = try site.get("/no/such/page/")
        #expect(missing.status == 404)
        #expect(missing.text == "<html><body>the site's own 404</body></html>")
        #expect(missing.headers["content-type"] == "text/html; charset=utf-8")
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("404.html"))
        let plain = try site.get("/no-such-file.css")
        #expect(plain.status == 404)
        #expect(plain.text.contains("404 Not Found"))
        #expect(try site.get("/css/").status == 404, "a folder without index.html")
    }

    @Test func headHasTheHeadersOfGetAndNoBody() throws {
        let site = try Fixture()
        let get = try site.get("/css/x.css")
        let client = try RawHTTPClient(port: site.port)
        client.request("HEAD", "/css/x.css")
        let head = try client.response(toHEAD: true)
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        for field in ["content-length", "content-type", "etag", "last-modified"] {
            #expect(head.headers[field] == get.headers[field], "\(field)")
        }
        #expect(head.headers["content-length"] == "19")
        // Nothing followed the head: the next response on the connection is the next request's.
        client.request("GET", "/f.svg")
        #expect(try client.response().headers["content-type"] == "image/svg+xml")
    }

    @Test func etagRevalidationAnswers304() throws {
        let site = try Fixture()
        let first = try site.get("/")
        let etag = try #require(first.headers["etag"])
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""), "a strong tag")
        #expect(first.headers["last-modified"]?.hasSuffix(" GMT") == true)
        let again = try site.get("/", ["If-None-Match: \(etag)"])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.headers["etag"] == etag)
        #expect(try site.get("/", ["If-None-Match: \"other\", W/\(etag)"]).status == 304, "one of a list, weakly compared")
        #expect(try site.get("/", ["If-None-Match: \"other\""]).status == 200)
        // A changed file gets a new tag.
        try Data("<html><body>home, changed</body></html>".utf8).write(to: site.root.appendingPathComponent("index.html"))
        let changed = try site.get("/", ["If-None-Match: \(etag)"])
        #expect(changed.status == 200)
        #expect(changed.headers["etag"] != etag)
        #expect(changed.text.contains("changed"))
    }

    @Test func otherMethodsGet405WithAllow() throws {
        let site = try Fixture()
        for method in ["POST", "PUT", "DELETE", "OPTIONS"] {
            let response = try site.get("/", method: method)
            #expect(response.status == 405, "\(method)")
            #expect(response.headers["allow"] == "GET, HEAD")
        }
        #expect(try site.get("*", method: "OPTIONS").status == 405)
    }

    @Test func keepAliveAndPipelining() throws {
        let site = try Fixture()
        let client = try RawHTTPClient(port: site.port)
        client.request("GET", "/")
        let first = try client.response()
        #expect(first.headers["connection"] == "keep-alive")
        client.request("GET", "/a/")
        #expect(try client.response().text == "<html><body>folder a</body></html>", "a second request on the same connection")
        // Three requests in one write, answered in order.
        client.send(["/css/x.css", "/f.svg", "/feed.json"].map { "GET \($0) HTTP/1.1\r\nHost: localhost\r\n\r\n" }.joined())
        #expect(try client.response().headers["content-type"] == "text/css; charset=utf-8")
        #expect(try client.response().headers["content-type"] == "image/svg+xml")
        #expect(try client.response().headers["content-type"] == "application/json")
        client.request("GET", "/", ["Connection: close"])
        #expect(try client.response().headers["connection"] == "close")
        #expect(client.isClosedByServer())

        let old = try RawHTTPClient(port: site.port)
        old.request("GET", "/", version: "HTTP/1.0")
        #expect(try old.response().status == 200)
        #expect(old.isClosedByServer(), "HTTP/1.0 closes unless asked to keep alive")
        let oldKeepAlive = try RawHTTPClient(port: site.port)
        oldKeepAlive.request("GET", "/", ["Connection: keep-alive"], version: "HTTP/1.0")
        #expect(try oldKeepAlive.response().headers["connection"] == "keep-alive")
        oldKeepAlive.request("GET", "/a/", version: "HTTP/1.0")
        #expect(try oldKeepAlive.response().status == 200)
    }

    @Test func idleConnectionsAreClosed() throws {
        let site = try Fixture(idleTimeout: 0.3)
        let client = try RawHTTPClient(port: site.port)
        client.request("GET", "/")
        #expect(try client.response().status == 200)
        let start = Date()
        #expect(client.isClosedByServer())
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func malformedAndOversizedRequestsAreRefused() throws {
        let site = try Fixture()
        func answer(_ raw: String) throws -> Int {
            let client = try RawHTTPClient(port: site.port)
            client.send(raw)
            return try client.response().status
        }
        #expect(try answer("GET /\r\n\r\n") == 400)
        #expect(try answer("GET / HTTP/1.1 extra\r\n\r\n") == 400)
        #expect(try answer("GET / HTTP/2.0\r\n\r\n") == 505)
        #expect(try answer("GET / HTTP/1.1\r\nBad Header: x\r\n\r\n") == 400)
        #expect(try answer("GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n") == 400)
        #expect(try answer("GET x HTTP/1.1\r\n\r\n") == 400, "a target must start with /")
        #expect(try answer("GET / HTTP/1.1\r\nX-Big: \(String(repeating: "a", count: 17 * 1024))\r\n\r\n") == 431)
        #expect(try answer("GET /\(String(repeating: "a", count: 17 * 1024)) HTTP/1.1\r\n\r\n") == 414)
        #expect(try answer("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Fine: \(String(repeating: "a", count: 15 * 1024))\r\n\r\n") == 200)
        // A body on a GET is read past, so the next request starts where it should.
        let client = try RawHTTPClient(port: site.port)
        client.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhelloGET /a/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try client.response().text.contains("home"))
        #expect(try client.response().text.contains("folder a"))
    }

    /// Every way out of the root is refused, and the file beside it is never sent.
    @Test func traversalIsRefused() throws {
        let site = try Fixture()
        let attempts = ["/../x", "/a/../../x", "/%2e%2e/x", "/%2E%2E%2Fx", "/..%2fx", "/a%5c..%5c..%5cx", "/a\\..\\x",
                        "/x%00.html", "/link-out/secret", "/link-out/", "/x-link.html", "//etc/passwd", "/%252e%252e/x",
                        "/./x", "/a/./../../x", "/%2e/x", "/.%2e/x", "/C:/x", "/c%3a%5cx", "/a/%2f..%2f..%2fx",
                        "/..", "/%2e%2e", "/%", "/%zz", "/%c0%ae%c0%ae/x", "/a//../x", "/..;/x"]
        for target in attempts {
            let client = try RawHTTPClient(port: site.port)
            client.request("GET", target, ["Connection: close"])
            let raw = String(decoding: client.readToEnd(), as: UTF8.self)
            let status = raw.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            #expect(status == 400 || status == 404, "\(target): \(raw.prefix(40))")
            #expect(!raw.contains(ServeTests.secret), "\(target) served the file outside the root")
            #expect(!raw.contains("root:x:0"), "\(target) served /etc/passwd")
        }
        // The resolver alone, without the socket in between.
        let resolver = try StaticFileResolver(root: site.root)
        for target in attempts {
            if case .file(let path, _) = resolver.resolve(target: target) { Issue.record("\(target) resolved to \(path)") }
        }
        #expect(resolver.resolve(target: "%2e%2e/x") == .refused)
        #expect(resolver.resolve(target: "x") == .refused)
    }

    @Test func twoHundredClientsAtOnce() throws {
        let site = try Fixture()
        // Every connection is open before any request is sent, so all 200 are served at once.
        let clients = try (0..<200).map { _ in try RawHTTPClient(port: site.port) }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: clients.count) { index in
            let client = clients[index]
            let target = index.isMultiple(of: 2) ? "/" : "/a/"
            client.request("GET", target)
            let response = try? client.response()
            let expected = index.isMultiple(of: 2) ? "<html><body>home</body></html>" : "<html><body>folder a</body></html>"
            results.record(response?.status == 200 && response?.text == expected)
        }
        #expect(results.passed == 200)
    }

    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var passed: Int { lock.withLock { count } }
        func record(_ ok: Bool) { if ok { lock.withLock { count += 1 } } }
    }

    @Test func htmlTransformAndRoutesAreHooks() throws {
        let site = try Fixture(htmlTransform: { $0.replacingOccurrences(of: "</body>", with: "<script>reload()</script></body>") },
                               routes: [
                                   "/_ping": { _ in HTTPResponse(status: .ok, body: .bytes(Data("pong".utf8))) },
                                   "/_events": { _ in
                                       var headers = HTTPHeaders()
                                       headers.add("Content-Type", "text/event-stream")
                                       return HTTPResponse(status: .ok, headers: headers, body: .stream { write in
                                           _ = write(Data("data: one\n\n".utf8))
                                           _ = write(Data("data: two\n\n".utf8))
                                       })
                                   },
                               ])
        let page = try site.get("/a/")
        #expect(page.text == "<html><body>folder a<script>reload()</script></body></html>")
        #expect(page.headers["content-length"] == "\(page.body.count)")
        #expect(try site.get("/nope").text.contains("<script>reload()</script>"), "the 404 page is served HTML too")
        #expect(try site.get("/css/x.css").text == "body { color: red }", "only HTML is transformed")
        let file = try String(contentsOf: site.root.appendingPathComponent("a/index.html"), encoding: .utf8)
        #expect(!file.contains("reload"), "the file is left alone")
        let etag = try #require(page.headers["etag"])
        #expect(try site.get("/a/", ["If-None-Match: \(etag)"]).status == 304)
        #expect(try site.get("/_ping?x=1").text == "pong")
        let events = try site.get("/_events")
        #expect(events.headers["content-type"] == "text/event-stream")
        #expect(events.headers["content-length"] == nil)
        #expect(events.text == "data: one\n\ndata: two\n\n")
    }

    @Test func stopFreesThePortAndEndsIdleConnections() throws {
        let site = try Fixture()
        let idle = try RawHTTPClient(port: site.port)
        idle.request("GET", "/")
        #expect(try idle.response().status == 200)
        let start = Date()
        site.server.stop()
        #expect(Date().timeIntervalSince(start) < 2, "an idle keep-alive connection does not hold up stop()")
        #expect(idle.isClosedByServer())
        #expect(throws: RawHTTPClient.Failure.self) { try RawHTTPClient(port: site.port) }
        #expect(throws: ServeError.self) { try StaticFileServer(root: site.root.appendingPathComponent("missing")) }
    }

    @Test func portInUseIsAnError() throws {
        let site = try Fixture()
        let second = try StaticFileServer(root: site.root, port: site.port)
        #expect(throws: ServeError.self) { try second.start() }
    }

    /// `sitegen serve` as a user runs it: build, serve, print the address, stop on Ctrl-C.
    @Test func serveCommandBuildsServesAndStopsOnInterrupt() throws {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21")])
        defer { site.remove() }
        let server = try ServeProcess(site: site)
        let serving = try #require(server.printed.split(separator: "\n").first { $0.hasPrefix("Serving ") })
        #expect(serving.hasPrefix("Serving Output/ at http://127.0.0.1:"))
        let port = server.port
        let home = try RawHTTPClient.get(port, "/")
        #expect(home.status == 200)
        // The served page is the file with the live-reload script added.
        #expect(home.text.replacingOccurrences(of: LiveReload.script + "\n", with: "") == site.read("index.html"))
        #expect(home.text.contains(LiveReload.script))
        #expect(try RawHTTPClient.get(port, "/posts/a").headers["location"] == "/posts/a/")
        let rest = server.interrupt()
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
        #expect(rest.contains("Stopped."))
    }

    /// Ctrl-C ends `sitegen serve` within a second whatever its clients are doing: a page's
    /// live-reload stream, an idle keep-alive connection, a request sent halfway, and a
    /// download the client stopped reading (its write blocks once the socket's buffers fill).
    @Test func serveCommandExitsWithinASecondOfInterruptWhateverItsClientsDo() throws {
        let large = String(repeating: "0123456789abcdef", count: 1 << 20)   // 16 MiB, more than the socket buffers hold
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21"), "Content/static/large.txt": large])
        defer { site.remove() }
        let server = try ServeProcess(site: site)
        let stream = try RawHTTPClient(port: server.port)
        stream.request("GET", LiveReload.eventsPath)
        #expect(try stream.responseHead().status == 200)
        let idle = try RawHTTPClient(port: server.port)
        idle.request("GET", "/")
        #expect(try idle.response().status == 200)
        let halfway = try RawHTTPClient(port: server.port)
        halfway.send("GET / HTTP/1.1\r\nHo")
        let stalled = try RawHTTPClient(port: server.port)
        stalled.request("GET", "/large.txt")
        Thread.sleep(forTimeInterval: 0.5)   // the server's threads reach their blocking calls
        let start = Date()
        let rest = server.interrupt()
        let seconds = Date().timeIntervalSince(start)
        #expect(seconds < 1, "serve took \(seconds) s to exit after Ctrl-C")
        #expect(server.process.terminationStatus == 0)
        #expect(rest.contains("Stopped."))
        withExtendedLifetime((stream, idle, halfway, stalled)) {}
    }

    @Test func serveCommandExitsOneWhenTheBuildFails() throws {
        let site = FixtureSite(["Content/posts/a.md": "---\ntitle: A\ndate: 2017-04-31\n---\n"])
        defer { site.remove() }
        let run = try SitegenProcess.run(["serve", "--port", "0", "--site", site.root.path])
        #expect(run.status == 1)
        #expect(!run.stdout.contains("Serving"))
        let badPort = try SitegenProcess.run(["serve", "--port", "http", "--site", site.root.path])
        #expect(badPort.status == 2)
        let help = try SitegenProcess.run(["serve", "--help"])
        #expect(help.stdout.contains("--port") && help.stdout.contains("reload themselves"))
    }
}

/// The same checks against `sitegen serve` itself, serving a built fixture site.
@Suite("sitegen serve, end to end", .serialized)
struct ServeCommandTests {
    static let secret = "SECRET-ONLY-IN-SITE-YML"

    @Test func typesNotFoundRevalidationTraversalAndTwoHundredClients() throws {
        let site = FixtureSite([
            "Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21\ntags: [swift]"),
            "Content/static/images/p.png": "\u{89}PNG", "Content/static/images/b.jpg": "jpg", "Content/static/images/c.webp": "webp",
            "Content/static/fonts/x.woff2": "wOF2", "Content/static/app.js": "console.log(1)",
        ], config: "title: \"Fixture\"\nbase_url: \"https://example.com/\"\n# \(Self.secret)\n")
        defer { site.remove() }
        let server = try ServeProcess(site: site)
        let port = server.port

        let types = ["/": "text/html; charset=utf-8", "/css/style.css": "text/css; charset=utf-8", "/favicon.svg": "image/svg+xml",
                     "/atom.xml": "application/xml", "/feed.json": "application/json", "/images/p.png": "image/png",
                     "/images/b.jpg": "image/jpeg", "/images/c.webp": "image/webp", "/fonts/x.woff2": "font/woff2",
                     "/app.js": "text/javascript; charset=utf-8"]
        for (path, type) in types {
            let response = try RawHTTPClient.get(port, path)
            #expect(response.status == 200, "\(path)")
            #expect(response.headers["content-type"]?.hasPrefix(type.split(separator: ";")[0]) == true, "\(path): \(response.headers["content-type"] ?? "none")")
        }
        let missing = try RawHTTPClient.get(port, "/no/such/page/")
        #expect(missing.status == 404 && missing.text.contains("Page not found"))
        let page = try RawHTTPClient.get(port, "/posts/a/")
        let etag = try #require(page.headers["etag"])
        #expect(try RawHTTPClient.get(port, "/posts/a/", ["If-None-Match: \(etag)"]).status == 304)

        for target in ["/../Content/site.yml", "/posts/../../Content/site.yml", "/%2e%2e/Content/site.yml", "/%2E%2E%2FContent%2Fsite.yml",
                       "/..%2fContent/site.yml", "/posts%5c..%5c..%5cContent%5csite.yml", "/posts\\..\\..\\Content\\site.yml",
                       "/..%00/Content/site.yml", "//../Content/site.yml", "/%252e%252e/Content/site.yml", "/posts/%2e%2e/%2e%2e/Content/site.yml"] {
            let client = try RawHTTPClient(port: port)
            client.request("GET", target, ["Connection: close"])
            let raw = String(decoding: client.readToEnd(), as: UTF8.self)
            #expect(raw.hasPrefix("HTTP/1.1 400") || raw.hasPrefix("HTTP/1.1 404"), "\(target): \(raw.prefix(30))")
            #expect(!raw.contains(Self.secret), "\(target) served a file outside the output")
        }

        let clients = try (0..<200).map { _ in try RawHTTPClient(port: port) }
        let results = ServeTests.Results()
        let home = try RawHTTPClient.get(port, "/").text
        DispatchQueue.concurrentPerform(iterations: clients.count) { index in
            clients[index].request("GET", "/")
            let response = try? clients[index].response()
            results.record(response?.status == 200 && response?.text == home)
        }
        #expect(results.passed == 200)
    }
}
