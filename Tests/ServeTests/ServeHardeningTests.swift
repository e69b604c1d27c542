import Foundation
import Testing
@testable import Serve
#if canImport(Glibc)
import Glibc
@testable import TestSupport
#endif

/// The server under abuse: very large files, other hosts' names (DNS rebinding), clients
/// that trickle, and threads that cannot start. Each test was written against a finding
/// of issue 17 and failed before its fix.
@Suite("Serving safely")
struct ServeHardeningTests {
    typealias Fixture = ServeTests.Fixture

    /// A sparse file of `size` bytes in the served folder: no disk used, every byte zero.
    static func sparseFile(_ site: Fixture, _ name: String, size: Int) throws {
        let fd = open(site.root.appendingPathComponent(name).path, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(ftruncate(fd, off_t(size)) == 0)
    }

    @Test(.enabled(if: ProcessResources.isAvailable, "needs /proc to read this process's resident memory"))
    func aLargeFileIsStreamedInBoundedMemory() throws {
        let site = try Fixture()
        let size = 512 * 1024 * 1024
        try Self.sparseFile(site, "big.bin", size: size)
        let peak = PeakMemory()
        let before = ProcessResources.residentBytes()
        let client = try RawHTTPClient(port: site.port)
        client.request("GET", "/big.bin", ["Connection: close"])
        let head = try client.responseHead()
        let received = client.discardBody(length: size)
        let growth = peak.stop() - before
        #expect(head.status == 200)
        #expect(head.headers["content-length"] == "\(size)")
        #expect(received == size)
        // Reading the whole file would add 512 MiB; chunks add a buffer or none (sendfile).
        #expect(growth < 96 * 1024 * 1024, "resident memory grew by \(growth / 1024 / 1024) MiB while serving 512 MiB")
    }

    @Test func streamedFilesArriveWholeAndHeadAnd304AreUnchanged() throws {
        let site = try Fixture()
        // Several chunks and a partial one, of bytes that are not all alike.
        var generator = SplitMix(seed: 17)
        let bytes = (0..<(3 * 65536 + 4321)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        try Data(bytes).write(to: site.root.appendingPathComponent("data.bin"))
        let client = try RawHTTPClient(port: site.port)
        client.request("GET", "/data.bin")
        let get = try client.response()
        #expect(get.status == 200)
        #expect(get.headers["content-length"] == "\(bytes.count)")
        #expect(Array(get.body) == bytes)
        // The connection goes on: the body was exactly Content-Length bytes.
        client.request("HEAD", "/data.bin")
        let head = try client.response(toHEAD: true)
        #expect(head.headers["content-length"] == "\(bytes.count)")
        #expect(head.headers["etag"] == get.headers["etag"])
        client.request("GET", "/data.bin", ["If-None-Match: \(get.headers["etag"] ?? "")"])
        let notModified = try client.response()
        #expect(notModified.status == 304 && notModified.body.isEmpty)
        client.request("GET", "/css/x.css")
        #expect(try client.response().text == "body { color: red }")
    }

    /// The responder hands files over open, to be sent in chunks; only HTML small enough
    /// to rewrite is read whole.
    @Test func theResponderHandsOverOpenFilesReadInChunks() throws {
        let site = try Fixture()
        try Self.sparseFile(site, "big.bin", size: 5 * OpenFile.chunkSize + 3)
        try Self.sparseFile(site, "huge.html", size: StaticFileResponder.transformLimit + 1)
        let responder = StaticFileResponder(resolver: try StaticFileResolver(root: site.root), htmlTransform: { $0 + "<script>" })
        guard case .file(let file) = responder.respond(to: HTTPRequest(method: "GET", target: "/big.bin")).body else {
            Issue.record("a file's body was not handed over open")
            return
        }
        var chunks: [Int] = []
        #expect(file.forEachChunk { chunks.append($0.count); return $0.allSatisfy { $0 == 0 } })
        #expect(chunks == Array(repeating: OpenFile.chunkSize, count: 5) + [3])
        if case .file(let page) = responder.respond(to: HTTPRequest(method: "GET", target: "/huge.html")).body {
            #expect(page.size == StaticFileResponder.transformLimit + 1, "too large to rewrite: sent as it is")
        } else {
            Issue.record("a huge page was read whole to be rewritten")
        }
        guard case .bytes(let small) = responder.respond(to: HTTPRequest(method: "GET", target: "/")).body else {
            Issue.record("a small page was not rewritten")
            return
        }
        #expect(String(decoding: small, as: UTF8.self) == "<html><body>home</body></html><script>")

        // While the served folder is missing, a 503 that says so (and can reload itself).
        try FileManager.default.removeItem(at: site.root)
        let missing = responder.respond(to: HTTPRequest(method: "GET", target: "/"))
        #expect(missing.status == .serviceUnavailable)
        if case .bytes(let body) = missing.body {
            #expect(String(decoding: body, as: UTF8.self).contains("missing") && String(decoding: body, as: UTF8.self).hasSuffix("<script>"))
        }
    }

    /// A page of another name that resolves to 127.0.0.1 (DNS rebinding) must not read the preview.
    @Test func onlyRequestsNamingThisMachineAreAnswered() throws {
        let site = try Fixture(routes: ["/_events": { _ in HTTPResponse(status: .ok, body: .bytes(Data("events".utf8))) }])
        let port = site.port
        for host in ["evil.example", "evil.example:\(port)", "127.0.0.1.evil.example", "localhost.evil.example:\(port)",
                     "10.0.0.1", "[::2]:\(port)", "localhost:\(port)@evil.example", "localhost:x"] {
            for target in ["/", "/css/x.css", "/_events"] {
                let client = try RawHTTPClient(port: port)
                client.request("GET", target, ["Connection: close"], host: host)
                let response = try client.response()
                #expect(response.status == 403, "Host: \(host), \(target)")
                #expect(response.text.contains("not a name of this machine"), "Host: \(host): \(response.text)")
                #expect(!response.text.contains("home") && !response.text.contains("color") && response.text != "events", "Host: \(host)")
            }
        }
        for host in ["127.0.0.1", "127.0.0.1:\(port)", "localhost", "LocalHost:\(port)", "[::1]", "[::1]:\(port)"] {
            let client = try RawHTTPClient(port: port)
            client.request("GET", "/", ["Connection: close"], host: host)
            #expect(try client.response().text.contains("home"), "Host: \(host)")
        }
        // HTTP/1.1 requires a Host field; HTTP/1.0 clients may leave it out. Two are ambiguous.
        let missing = try RawHTTPClient(port: port)
        missing.request("GET", "/", ["Connection: close"], host: nil)
        #expect(try missing.response().status == 400)
        let old = try RawHTTPClient(port: port)
        old.request("GET", "/", version: "HTTP/1.0", host: nil)
        #expect(try old.response().text.contains("home"))
        let twice = try RawHTTPClient(port: port)
        twice.request("GET", "/", ["Host: evil.example", "Connection: close"])
        #expect(try twice.response().status == 400)
    }
}

/// Threads that cannot start, clients that trickle, many requests in one write.
@Suite("Serving under pressure")
struct ServePressureTests {
    typealias Fixture = ServeTests.Fixture

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func next() -> Int { lock.withLock { count += 1; return count } }
    }

    @Test(.enabled(if: ProcessResources.isAvailable, "needs /proc to count the server's sockets"))
    func aConnectionWithoutAThreadIsAnsweredAndClosed() throws {
        // The accept loop's thread starts; no connection's thread does.
        let calls = Counter()
        let site = try Fixture(spawner: ThreadSpawner { body in calls.next() == 1 ? ThreadSpawner.system.spawn(body) : false })
        #expect(ProcessResources.openSockets(localPort: site.port) == 1, "the listener")
        var answered = 0
        for _ in 0..<40 {
            // Nothing is sent, so nothing unread makes the close a reset that could hide the answer.
            let client = try RawHTTPClient(port: site.port, timeout: 2)
            let raw = String(decoding: client.readToEnd(), as: UTF8.self)
            if raw.hasPrefix("HTTP/1.1 503 ") && raw.contains("cannot start a thread") { answered += 1 }
        }
        #expect(answered == 40)
        #expect(ProcessResources.openSockets(localPort: site.port) == 1, "every accepted socket was closed")
    }

    @Test func aServerWhoseAcceptThreadCannotStartSaysSo() throws {
        let root = FileManager.default.temporaryDirectory
        let server = try StaticFileServer(root: root, host: "127.0.0.1", port: 0, listener: nil, htmlTransform: nil, routes: [:],
                                          idleTimeout: 1, limits: .init(), spawner: ThreadSpawner { _ in false })
        #expect(throws: ServeError.self) { try server.start() }
        #expect(server.port == nil)
        server.stop()
    }

    static let quick = HTTPRequestReader<Socket>.Limits(requestSeconds: 1)

    @Test func aHeadTrickledByteByByteIsCutOff() throws {
        let site = try Fixture(limits: Self.quick)
        let client = try RawHTTPClient(port: site.port)
        let start = Date()
        let answered = client.trickle("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + String(repeating: "a", count: 40), every: 0.1)
        #expect(answered, "the server answered before the head was complete")
        #expect(try client.response().status == 408)
        #expect(client.waitForClose(within: 2))
        #expect(Date().timeIntervalSince(start) < 3.5)
    }

    @Test func emptyLinesTrickledForeverAreCutOff() throws {
        let site = try Fixture(limits: Self.quick)
        let client = try RawHTTPClient(port: site.port)
        let answered = client.trickle(String(repeating: "\r\n", count: 20), every: 0.1)
        #expect(answered && client.waitForClose(within: 2), "empty lines alone held the connection")
    }

    @Test func aBodyTrickledByteByByteIsCutOff() throws {
        let site = try Fixture(limits: Self.quick)
        let client = try RawHTTPClient(port: site.port)
        client.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 40\r\n\r\n")
        let answered = client.trickle(String(repeating: "b", count: 40), every: 0.1)
        #expect(answered, "the body's trickle held the connection past the request deadline")
        #expect(try client.response().status == 408)
    }

    @Test func manyPipelinedRequestsAreAnsweredInOrder() throws {
        let site = try Fixture()
        let client = try RawHTTPClient(port: site.port)
        let targets = (0..<200).map { $0.isMultiple(of: 2) ? "/css/x.css" : "/a/" }
        client.send(targets.map { "GET \($0) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" }.joined())
        for target in targets {
            let response = try client.response()
            #expect(response.text == (target == "/a/" ? "<html><body>folder a</body></html>" : "body { color: red }"))
        }
        // Oversized bodies and heads are still refused with the connection closed.
        client.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1048577\r\n\r\n")
        #expect(try client.response().status == 413)
        #expect(client.waitForClose(within: 2))
    }
}
