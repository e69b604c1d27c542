import Foundation
import Support

/// Builds the site's links. Links are root-relative to the base URL's path, so a site
/// published under `https://example.com/blog/` links to `/blog/posts/x/`.
package struct SiteURLs: Sendable, Equatable {
    let baseURL: String
    /// `/` or `/blog/`.
    let basePath: String

    init(baseURL: String) {
        self.baseURL = baseURL
        if let schemeEnd = baseURL.range(of: "://"),
           let slash = baseURL[schemeEnd.upperBound...].firstIndex(of: "/") {
            basePath = String(baseURL[slash...])
        } else {
            basePath = "/"
        }
    }

    /// `urlPath` is site-relative with a leading slash (`/posts/x/`), as the models give it;
    /// letters of other scripts are percent-encoded (`/posts/%C3%BCber/`).
    func link(urlPath: String) -> String { basePath + Self.encoded(urlPath).dropFirst() }

    /// The full URL, for permalinks: `https://example.com/blog/posts/x/`.
    func absolute(urlPath: String) -> String { baseURL + Self.encoded(urlPath).dropFirst() }

    /// A path with every byte that may not stand in a URL path as it is percent-encoded
    /// (RFC 3986: unreserved characters, sub-delimiters, `:`, `@` and `/` stay).
    static func encoded(_ path: String) -> String {
        // Every link of every page comes through here, nearly always with nothing to
        // encode: the check is a table look-up a byte over the contiguous UTF-8.
        var path = path
        let needsEncoding = path.withUTF8 { bytes in
            allowedInPath.withUnsafeBufferPointer { allowed in !bytes.allSatisfy { allowed[Int($0)] } }
        }
        guard needsEncoding else { return path }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in path.utf8 {
            if allowedInPath[Int(byte)] { bytes.append(byte) } else { bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]] }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether each byte may stand in a URL path as it is.
    private static let allowedInPath: [Bool] = (0..<256).map { value in
        let byte = UInt8(value)
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "!"),
             UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"),
             UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"): return true
        default: return false
        }
    }

    /// `https://example.com`: the base URL without its path.
    var origin: String { String(baseURL.dropLast(basePath.count)) }

    /// Rendered HTML with its root-relative `href` and `src` values made absolute and its
    /// `#fragment` links pointed at `pageURL`, for feeds, which readers show out of place.
    func absolutizingLinks(in html: String, pageURL: String) -> String {
        String(decoding: absolutizingLinkBytes(in: html, pageURL: pageURL), as: UTF8.self)
    }

    /// ``absolutizingLinks(in:pageURL:)`` as UTF-8 bytes, for feeds, which copy them into
    /// their files without making a string of each body first.
    func absolutizingLinkBytes(in html: String, pageURL: String) -> [UInt8] {
        let origin = Array(self.origin.utf8), page = Array(pageURL.utf8)
        var html = html
        return html.withUTF8 { html in
            guard let base = html.baseAddress else { return [] }
            var result: [UInt8] = []
            result.reserveCapacity(html.count + 512)
            var runStart = 0
            var index = 0
            // memchr from quote to quote; only a value right after ` href="` or ` src="` counts.
            while index < html.count, let found = memchr(base + index, Int32(UInt8(ascii: "\"")), html.count - index) {
                let quote = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                index = quote + 1
                let value = quote + 1
                if value < html.count, Self.endsWithSrcset(base, before: quote) {
                    // Each candidate of `a-480w.png 480w, /a.png 960w` that is a path of the site.
                    var cursor = value
                    var atCandidate = true
                    while cursor < html.count, html[cursor] != UInt8(ascii: "\"") {
                        let byte = html[cursor]
                        if atCandidate, byte != UInt8(ascii: " ") {
                            atCandidate = false
                            if byte == UInt8(ascii: "/"), cursor + 1 < html.count, html[cursor + 1] != UInt8(ascii: "/") {
                                result.append(contentsOf: UnsafeBufferPointer(rebasing: html[runStart..<cursor]))
                                result += origin
                                runStart = cursor
                            }
                        }
                        if byte == UInt8(ascii: ",") { atCandidate = true }
                        cursor += 1
                    }
                    index = cursor + 1
                    continue
                }
                guard value < html.count, Self.endsWithAttribute(base, before: quote) else { continue }
                let insertion: [UInt8]
                if html[value] == UInt8(ascii: "/") && (value + 1 == html.count || html[value + 1] != UInt8(ascii: "/")) {
                    insertion = origin
                } else if html[value] == UInt8(ascii: "#") {
                    insertion = page
                } else {
                    continue
                }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: html[runStart..<value]))
                result += insertion
                runStart = value
            }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: html[runStart...]))
            return result
        }
    }

    /// Whether the bytes before the quote at `quote` are ` href=` or ` src=`.
    private static func endsWithAttribute(_ base: UnsafePointer<UInt8>, before quote: Int) -> Bool {
        func matches(_ name: StaticString) -> Bool {
            let count = name.utf8CodeUnitCount
            guard quote >= count else { return false }
            return memcmp(base + quote - count, name.utf8Start, count) == 0
        }
        return matches(" href=") || matches(" src=")
    }

    /// Whether the bytes before the quote at `quote` are ` srcset=`.
    private static func endsWithSrcset(_ base: UnsafePointer<UInt8>, before quote: Int) -> Bool {
        let name: StaticString = " srcset="
        let count = name.utf8CodeUnitCount
        return quote >= count && memcmp(base + quote - count, name.utf8Start, count) == 0
    }

    /// RFC 3986: a letter, then letters, digits, `+`, `-` or `.`, then `:`.
    static func hasScheme(_ url: String) -> Bool {
        // Bytes first: a scheme is ASCII, so a colon after ASCII letters, digits and `+-.`,
        // followed by an ASCII byte, is one whichever way the text is read.
        let utf8 = url.utf8
        if let colon = utf8.firstIndex(of: UInt8(ascii: ":")) {
            let after = utf8.index(after: colon)
            if after == utf8.endIndex || utf8[after] < 0x80 {
                let scheme = utf8[..<colon]
                guard let first = scheme.first, isASCIILetter(first) else { return false }
                return scheme.allSatisfy { isASCIILetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
                    || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
            }
        } else {
            return false
        }
        guard let colon = url.firstIndex(of: ":") else { return false }
        let scheme = url[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    /// `a/./b/../c` → `a/c` without leading or trailing slashes; nil when `..` climbs above the root.
    package static func normalized(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in UTF8Bytes.pathParts(path) {
            if part.utf8.elementsEqual(".".utf8) { continue }
            if part.utf8.elementsEqual("..".utf8) {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
