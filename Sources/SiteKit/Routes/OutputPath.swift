/// The one check every path a build writes passes, before anything is written: pages,
/// aliases, feeds, the sitemap, static and page-bundle files, and the `keep:` entries they
/// must not touch. A path that passes is relative to the output folder, `/`-separated, and
/// names a file inside it: no `..`, `.` or empty segment, no NUL or other control
/// character, no backslash, no `.git`, no segment longer than a file name may be.
///
/// Written as bytes in one pass: every output file of a site comes through here once.
enum OutputPath {
    /// What a path may hold besides plain names.
    enum Rules: Sendable {
        /// A path made from a URL (a page, an alias, a feed): no segment starts with `.`,
        /// since nothing the build generates is hidden, and `.git` or `.sitegen-output` in
        /// an alias is an attack, not a page.
        case route
        /// A file the site publishes as it is (`Content/static/.well-known/x`,
        /// `.nojekyll`): names starting with `.` pass, but never `.git` or sitegen's marker.
        case siteFile
        /// A `keep:` entry (`CNAME`, `.well-known/x`): as ``siteFile``, and `.git` may be named.
        case kept
    }

    struct Problem: Error, Sendable, Hashable {
        var message: String
    }

    /// The longest file name (`NAME_MAX`) and relative path the build writes: longer ones
    /// cannot be created on Linux or macOS, so they are refused before the write starts.
    static let maxNameBytes = 255
    static let maxPathBytes = 4000

    /// The file a site-relative URL path (`/posts/x/`, `/404.html`) is written to
    /// (`posts/x/index.html`), checked; the problem says what is wrong with the URL.
    static func ofURL(_ urlPath: String) throws(Problem) -> String {
        guard urlPath.utf8.first == UInt8(ascii: "/") else { throw Problem(message: "it does not start with '/'") }
        let path = SiteRoutes.outputPath(urlPath)
        try check(path, .route)
        return path
    }

    /// Throws when `path` (relative to the output folder) may not be written under `rules`.
    static func check(_ path: String, _ rules: Rules) throws(Problem) {
        var path = path
        if let problem = path.withUTF8({ problem(in: $0, rules) }) { throw problem }
    }

    private static func problem(in bytes: UnsafeBufferPointer<UInt8>, _ rules: Rules) -> Problem? {
        if bytes.isEmpty { return Problem(message: "the path is empty") }
        if bytes.count > maxPathBytes { return Problem(message: "the path is longer than \(maxPathBytes) bytes") }
        var start = 0
        for index in 0...bytes.count {
            let byte = index < bytes.count ? bytes[index] : UInt8(ascii: "/")
            switch byte {
            case UInt8(ascii: "/"):
                if let problem = segmentProblem(UnsafeBufferPointer(rebasing: bytes[start..<index]), rules, isFirst: start == 0) {
                    return problem
                }
                start = index + 1
            case 0: return Problem(message: "it holds a NUL character")
            case 1..<0x20, 0x7F: return Problem(message: "it holds a control character (U+00\(hex(byte)))")
            case UInt8(ascii: "\\"): return Problem(message: "it holds a backslash, which some systems read as a folder separator")
            case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                return Problem(message: "it holds a control character (U+00\(hex(bytes[index + 1])))")
            default: continue
            }
        }
        return nil
    }

    private static func segmentProblem(_ segment: UnsafeBufferPointer<UInt8>, _ rules: Rules, isFirst: Bool) -> Problem? {
        if segment.isEmpty { return Problem(message: isFirst ? "it starts with '//'" : "it has an empty segment ('//')") }
        if segment.count > maxNameBytes { return Problem(message: "a segment is longer than \(maxNameBytes) bytes, the most a file name may have") }
        guard segment[0] == UInt8(ascii: ".") else { return nil }
        if segment.count == 1 || (segment.count == 2 && segment[1] == UInt8(ascii: ".")) {
            return Problem(message: "it has a '\(segment.count == 1 ? "." : "..")' segment")
        }
        if isFirst && equalsIgnoringCase(segment, SiteFile.marker.path) {
            return rules == .kept ? nil : Problem(message: "it is sitegen's output marker \(SiteFile.marker.path)")
        }
        if equalsIgnoringCase(segment, ".git") {
            return rules == .kept ? nil : Problem(message: "it is inside .git, which the output keeps")
        }
        return rules == .route ? Problem(message: "the segment '\(String(decoding: segment, as: UTF8.self))' starts with '.'") : nil
    }

    private static func equalsIgnoringCase(_ segment: UnsafeBufferPointer<UInt8>, _ name: String) -> Bool {
        segment.count == name.utf8.count && zip(segment, name.utf8).allSatisfy { a, b in (a >= 0x41 && a <= 0x5A ? a | 0x20 : a) == b }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }
}
