import Foundation
import Testing
@testable import Serve
@testable import TestSupport

/// The request reader on bytes without a socket (the fuzz target's entry point): every
/// malformed input gets a status or ends, never a trap or a request it should not be.
@Suite("Reading requests from raw bytes")
struct HTTPRequestBytesTests {
    static func status(_ text: String) -> Int? {
        status(Array(text.utf8))
    }

    static func status(_ bytes: [UInt8]) -> Int? {
        if case .refused(let status) = HTTPRequestBytes.firstRequest(in: bytes) { return status.code }
        return nil
    }

    @Test func aWellFormedRequestAndPipelinedOnes() throws {
        guard case .request(let request) = HTTPRequestBytes.firstRequest(in: Array("GET /a/?q=1 HTTP/1.1\r\nHost: localhost\r\nX-A:  b \r\n\r\n".utf8)) else {
            Issue.record("not read")
            return
        }
        #expect(request.method == "GET" && request.path == "/a/" && request.query == "q=1")
        #expect(request.headers["x-a"] == "b")
        let outcomes = HTTPRequestBytes.requests(in: Array("\r\nGET / HTTP/1.1\r\nContent-Length: 3\r\n\r\nabcHEAD /x HTTP/1.0\n\nGET".utf8))
        #expect(outcomes.count == 3)
        if case .request(let second) = outcomes[1] { #expect(second.method == "HEAD" && second.version == "HTTP/1.0") } else { Issue.record("\(outcomes)") }
        if case .ended = outcomes[2] {} else { Issue.record("a request cut short ends: \(outcomes[2])") }
    }

    @Test func malformedInputsAreRefusedWithTheirStatus() {
        let cases: [(String, [UInt8], Int?)] = [
            ("empty", [], nil),
            ("only empty lines", Array(String(repeating: "\r\n", count: 5000).utf8), nil),
            ("no empty line after the head", Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8), nil),
            ("a huge header line", Array("GET / HTTP/1.1\r\nX: \(String(repeating: "a", count: 20_000))\r\n\r\n".utf8), 431),
            ("a huge request line", Array("GET /\(String(repeating: "a", count: 20_000)) HTTP/1.1\r\n\r\n".utf8), 414),
            ("a huge head without any newline", Array(repeating: UInt8(ascii: "A"), count: 100_000), 414),
            ("NUL in a field", Array("GET / HTTP/1.1\r\nX: a\u{0}b\r\n\r\n".utf8), 400),
            ("NUL in the target", Array("GET /a\u{0} HTTP/1.1\r\n\r\n".utf8), 400),
            ("bare CR", Array("GET / HTTP/1.1\rX: y\r\n\r\n".utf8), 400),
            ("invalid UTF-8 in the target", Array("GET /".utf8) + [0xC0, 0xAE, 0xFF] + Array(" HTTP/1.1\r\n\r\n".utf8), 400),
            ("invalid UTF-8 in a method", [0xFF, 0xFE] + Array(" / HTTP/1.1\r\n\r\n".utf8), 400),
            ("no version", Array("GET /\r\n\r\n".utf8), 400),
            ("HTTP/2", Array("GET / HTTP/2.0\r\n\r\n".utf8), 505),
            ("not HTTP", Array("GET / FTP/1.0\r\n\r\n".utf8), 400),
            ("two spaces", Array("GET  / HTTP/1.1\r\n\r\n".utf8), 400),
            ("a field without a colon", Array("GET / HTTP/1.1\r\nHost\r\n\r\n".utf8), 400),
            ("a space before the colon", Array("GET / HTTP/1.1\r\nHost : x\r\n\r\n".utf8), 400),
            ("a folded field", Array("GET / HTTP/1.1\r\nX: a\r\n b\r\n\r\n".utf8), 400),
            ("an absurd Content-Length", Array("GET / HTTP/1.1\r\nContent-Length: 99999999999999999999999999\r\n\r\n".utf8), 413),
            ("a negative Content-Length", Array("GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n".utf8), 400),
            ("a Content-Length with a sign", Array("GET / HTTP/1.1\r\nContent-Length: +5\r\n\r\nhello".utf8), 400),
            ("two different Content-Lengths", Array("GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab".utf8), 400),
            ("an empty Content-Length", Array("GET / HTTP/1.1\r\nContent-Length:\r\n\r\n".utf8), 400),
            ("a Content-Length over the limit", Array("GET / HTTP/1.1\r\nContent-Length: 1048577\r\n\r\n".utf8), 413),
            ("a body shorter than its Content-Length", Array("GET / HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc".utf8), 400),
            ("chunked bodies", Array("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".utf8), 501),
        ]
        for (name, bytes, expected) in cases {
            let outcome = HTTPRequestBytes.firstRequest(in: bytes)
            switch (outcome, expected) {
            case (.refused(let status), let code?): #expect(status.code == code, "\(name)")
            case (.ended, nil): break
            default: Issue.record("\(name): \(outcome), expected \(expected.map(String.init) ?? "the end of the bytes")")
            }
        }
    }

    /// Random bytes, and valid requests with bytes flipped: every outcome is one of the three,
    /// and a request read from them has a method and target of the allowed bytes.
    @Test func randomAndMutatedBytesNeverTrap() {
        var generator = SplitMix(seed: 1717)
        let seed = Array("GET /posts/a/?x=1 HTTP/1.1\r\nHost: localhost:8000\r\nContent-Length: 4\r\nIf-None-Match: \"a\"\r\n\r\nbodyGET / HTTP/1.0\r\n\r\n".utf8)
        for round in 0..<3000 {
            var bytes: [UInt8]
            if round.isMultiple(of: 3) {
                bytes = (0..<Int(generator.next() % 600)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            } else {
                bytes = seed
                for _ in 0..<(1 + Int(generator.next() % 6)) {
                    let index = Int(generator.next() % UInt64(bytes.count))
                    switch generator.next() % 3 {
                    case 0: bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                    case 1: bytes.remove(at: index)
                    default: bytes.insert(UInt8(truncatingIfNeeded: generator.next()), at: index)
                    }
                }
            }
            for outcome in HTTPRequestBytes.requests(in: bytes) {
                guard case .request(let request) = outcome else { continue }
                #expect(!request.method.isEmpty && request.method.utf8.allSatisfy(HTTPRequestParser.isTokenByte), "\(bytes)")
                #expect(request.target.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "\(bytes)")
            }
        }
    }
}
