// Fuzz target: the route-to-path function (OutputPath) and what feeds it, as a property:
// no input ever yields a path outside the output folder or with a forbidden segment.
//
// The input is up to four parts separated by NUL bytes: a `permalinks: posts` pattern, an
// alias, a token value and a static file's path. The pattern goes through site.yml's
// check, is expanded with the value for every token, and the URL through OutputPath; the
// alias is resolved against that URL as the loader does; every part is also tried as a
// URL and as a static file. Every path accepted must be relative, of plain segments (no
// `.`, `..`, empty, NUL or control character, backslash; no `.git`; under the route rules
// no segment starting with `.`), and the tree of output files must find it again.
@testable import SiteKit
@testable import Support

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoutes(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let parts = bytes.split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    let pattern = parts[0], alias = parts.count > 1 ? parts[1] : "", value = parts.count > 2 ? parts[2] : "x", file = parts.count > 3 ? parts[3] : ""
    var accepted: [String] = []

    func route(_ url: String) {
        guard let path = try? OutputPath.ofURL(url) else { return }
        expectInside(path, url: url, hiddenAllowed: false)
        accepted.append(path)
    }
    for part in parts { route(part); route("/" + part) }

    var pageURL = "/posts/x/"
    if let permalink = try? SiteRoutes.Permalinks.pattern(pattern, key: "posts") {
        let values = Dictionary(uniqueKeysWithValues: Permalink.postTokens.map { ($0, value) })
        pageURL = permalink.expand(values)
        route(pageURL)
        route(permalink.expand([:]))
    }
    for resolved in SiteLoader.resolved([Alias(urlPath: alias, location: SourceLocation(line: 1, column: 1))], from: pageURL) {
        route(resolved.urlPath)
    }
    for candidate in [file, alias] {
        if (try? OutputPath.check(candidate, .siteFile)) != nil { expectInside(candidate, url: candidate, hiddenAllowed: true) }
    }

    // The tree of the output's files finds each accepted path again, in any case.
    var files = OutputFiles()
    var added: [String] = []
    for path in accepted where files.add(path, .kept(path)) == nil { added.append(path) }
    for path in added {
        // Another case of each ASCII letter: the tree compares as case-insensitive file systems
        // do for the names sites have. (Full Unicode case mapping is not a round trip: `ſ`
        // uppercases to `S`, which lowercases to `s`.)
        let otherCase = String(String.UnicodeScalarView(path.unicodeScalars.map { scalar in
            guard scalar.isASCII, let letter = Character(scalar).asciiValue, (65...90).contains(letter) || (97...122).contains(letter) else { return scalar }
            return Unicode.Scalar(letter ^ 0x20)
        }))
        guard files.add(otherCase, .kept(path))?.overlap == .same else { fatalError("\(path.debugDescription) was not found again") }
        guard let inside = files.add(path + "/x", .kept(path)), inside.overlap == .inside else { fatalError("\(path.debugDescription)/x is not inside it") }
    }
    return 0
}

/// The promise of ``OutputPath``: a relative path of plain segments.
private func expectInside(_ path: String, url: String, hiddenAllowed: Bool) {
    func fail(_ why: String) -> Never { fatalError("\(url.debugDescription) → \(path.debugDescription): \(why)") }
    if path.isEmpty || path.utf8.first == UInt8(ascii: "/") { fail("not a relative path") }
    // By bytes: a `/` after a prepended mark (U+0600) is inside one Character.
    for segment in path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map({ Substring($0) }) {
        if segment.isEmpty { fail("empty segment") }
        if segment.utf8.elementsEqual(".".utf8) || segment.utf8.elementsEqual("..".utf8) { fail("dot segment") }
        if segment.lowercased() == ".git" { fail(".git") }
        if !hiddenAllowed && segment.hasPrefix(".") { fail("hidden segment") }
        if segment.utf8.count > 255 { fail("segment too long") }
    }
    if path.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\\" }) {
        fail("control character or backslash")
    }
}
