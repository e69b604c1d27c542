import Foundation
import Testing
@testable import Serve
@testable import TestSupport

/// `serve` and the files whose names start with a dot: an output folder deployed with
/// git (`.git/config` holds the remote's URL, sometimes a token), the output marker, an
/// editor's `.env`. Found by trying (issue 22): `GET /.git/config` and `/.sitegen-output`
/// were answered with 200, to anyone when serving on `--host 0.0.0.0`.
@Suite("Serving: dot-files")
struct ServeDotFileTests {
    static let hidden = [
        ".git/config": "[remote \"origin\"]\n\turl = https://user:token@example.com/blog.git\n",
        ".sitegen-output": "sitegen output folder",
        ".env": "TOKEN=secret",
        "a/.hidden/x.html": "<p>hidden</p>",
        "a/.draft.html": "<p>hidden</p>",
    ]
    static let published = [
        ".well-known/security.txt": "Contact: mailto:security@example.com\n",
        ".well-known/acme-challenge/token-1": "token-1.key",
    ]

    static func fixture(dotFiles: ServedDotFiles = .wellKnownOnly) throws -> ServeTests.Fixture {
        let site = try ServeTests.Fixture(dotFiles: dotFiles)
        for (path, text) in hidden.merging(published, uniquingKeysWith: { a, _ in a }) {
            let url = site.root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        // A link with an ordinary name to a dot-folder, and a dot-named link to a page.
        try FileManager.default.createSymbolicLink(atPath: site.root.appendingPathComponent("repo").path, withDestinationPath: ".git")
        try FileManager.default.createSymbolicLink(atPath: site.root.appendingPathComponent(".link.html").path, withDestinationPath: "a/index.html")
        return site
    }

    @Test func dotFilesAndDotFoldersAreNotFoundByNameByEscapeOrThroughALink() throws {
        let site = try Self.fixture()
        let targets = Self.hidden.keys.map { "/" + $0 } + [
            "/.git/", "/.git", "/%2egit/config", "/%2Egit/config", "/repo/config", "/.link.html", "/a/.hidden/",
            "/.well-known/../.git/config", "/x/.well-known/../../.env",
        ]
        for target in targets {
            let response = try site.get(target)
            #expect(response.status == 404 || response.status == 400, "\(target): \(response.status)")
            #expect(!String(decoding: response.body, as: UTF8.self).contains("token"), "\(target) was served")
        }
        #expect(try site.get("/.git/config").status == 404)
        #expect(try site.get("/.sitegen-output").status == 404)
        // The site's own pages are still there.
        #expect(try site.get("/a/").status == 200)
    }

    @Test func wellKnownIsServedAtTheTopOnly() throws {
        let site = try Self.fixture()
        for (path, text) in Self.published {
            let response = try site.get("/" + path)
            #expect(response.status == 200, "/\(path)")
            #expect(String(decoding: response.body, as: UTF8.self) == text)
        }
        let nested = site.root.appendingPathComponent("a/.well-known/x.txt")
        try FileManager.default.createDirectory(at: nested.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("nested".utf8).write(to: nested)
        #expect(try site.get("/a/.well-known/x.txt").status == 404)
        // Inside /.well-known/, a dot-name is still hidden.
        try Data("x".utf8).write(to: site.root.appendingPathComponent(".well-known/.secret"))
        #expect(try site.get("/.well-known/.secret").status == 404)
    }

    @Test func serveDotfilesServesThemAll() throws {
        let site = try Self.fixture(dotFiles: .all)
        for (path, text) in Self.hidden.merging(Self.published, uniquingKeysWith: { a, _ in a }) {
            let response = try site.get("/" + path)
            #expect(response.status == 200, "/\(path)")
            #expect(String(decoding: response.body, as: UTF8.self) == text)
        }
        // Still never outside the root, nor `..`.
        #expect(try site.get("/.well-known/../../x").status == 400)
    }
}
