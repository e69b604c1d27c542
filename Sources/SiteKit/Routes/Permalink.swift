import Support

/// A URL pattern with Jekyll's and Hugo's tokens (`/:year/:month/:slug/`): literal text and
/// `:token`s, filled in per page. A pattern ends in `/` (a folder with `index.html`) or in
/// `.html` (that file).
struct Permalink: Sendable, Hashable, CustomStringConvertible {
    enum Part: Sendable, Hashable {
        case literal(String)
        case token(String)
    }

    var parts: [Part]
    var description: String

    /// The tokens of a post's URL; tags, categories and series take only `slug`.
    static let postTokens = ["year", "month", "day", "i_month", "i_day", "short_year", "hour", "minute", "second",
                                     "slug", "title", "filename", "categories", "section"]
    static let listTokens = ["slug"]

    struct Problem: Error, Sendable, Hashable {
        var message: String
        /// The 0-based offset in the pattern's text where the problem is; nil for the
        /// pattern as a whole.
        var offset: Int?
    }

    /// Reads `text`, whose tokens must be among `tokens`.
    init(_ text: String, tokens: [String]) throws(Problem) {
        description = text
        guard text.hasPrefix("/") else { throw Problem(message: "a permalink starts with '/' (e.g. /posts/:slug/)", offset: 0) }
        guard text.hasSuffix("/") || text.hasSuffix(".html") else {
            throw Problem(message: "a permalink ends in '/' (a folder) or '.html' (a file)", offset: text.count)
        }
        if let problem = Self.shapeProblem(text) { throw problem }
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(text)
        while let first = rest.first {
            guard first == ":" else {
                literal.append(first)
                rest = rest.dropFirst()
                continue
            }
            let name = rest.dropFirst().prefix { $0.isLetter || $0 == "_" }
            guard !name.isEmpty else {
                literal.append(first)
                rest = rest.dropFirst()
                continue
            }
            // The longest known token that starts here: `:title` in `:title.html`.
            guard let token = tokens.filter({ name.hasPrefix($0) }).max(by: { $0.count < $1.count }), token.count == name.count else {
                let offset = text.distance(from: text.startIndex, to: rest.startIndex)
                throw Problem(message: "unknown permalink token ':\(name)'\(DidYouMean.hint(for: String(name), among: tokens)); tokens: "
                              + tokens.map { ":" + $0 }.joined(separator: " "), offset: offset)
            }
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = ""
            parts.append(.token(token))
            rest = rest.dropFirst(1 + token.count)
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    /// What the pattern's own text may not hold, since every URL it makes is a file of the
    /// output (``OutputPath``): `..`, `.` and names starting with `.`, empty segments
    /// (`//`), control characters, backslashes, `?` and `#`, and a folder named like a file
    /// (`/:slug.html/`). Token values are checked per page, when each URL is made.
    private static func shapeProblem(_ text: String) -> Problem? {
        let characters = Array(text)
        var start = 1
        for index in 1...characters.count {
            if index < characters.count {
                let character = characters[index]
                if character == "/" {
                    if index == start { return Problem(message: "'//' (an empty segment) is not allowed", offset: index) }
                } else {
                    if character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                        return Problem(message: "control characters are not allowed", offset: index)
                    }
                    if character == "\\" || character == "?" || character == "#" {
                        return Problem(message: "'\(character)' is not allowed: every URL the pattern makes must name a file of the output", offset: index)
                    }
                    continue
                }
            }
            let segment = String(characters[start..<index])
            if segment == "." || segment == ".." {
                return Problem(message: "'\(segment)' segments are not allowed: every URL the pattern makes stays inside the output folder", offset: start)
            }
            if segment.hasPrefix(".") {
                return Problem(message: "a segment may not start with '.' (hidden files and .git are not pages)", offset: start)
            }
            if index == characters.count - 1, segment.lowercased().hasSuffix(".html") || segment.lowercased().hasSuffix(".htm") {
                return Problem(message: "a permalink ends in '.html' (a file) or '/' (a folder), not both", offset: index)
            }
            start = index + 1
        }
        return nil
    }

    func uses(_ token: String) -> Bool { parts.contains(.token(token)) }

    /// The pattern with its tokens replaced; an empty token takes its segment's slash
    /// with it (`/:categories/:slug/` without categories is `/:slug/`).
    func expand(_ values: [String: String]) -> String {
        var path = ""
        for part in parts {
            switch part {
            case .literal(let text): path += text
            case .token(let name): path += values[name] ?? ""
            }
        }
        // Each run of slashes made one, in one pass: replacing `//` until none was left searched
        // the path again from its start each time (a pattern of thousands of empty tokens took
        // seconds; found by the routes fuzz target).
        guard UTF8Bytes.contains(path, "//") else { return path }
        var collapsed: [UInt8] = []
        collapsed.reserveCapacity(path.utf8.count)
        for byte in path.utf8 where !(byte == UInt8(ascii: "/") && collapsed.last == UInt8(ascii: "/")) { collapsed.append(byte) }
        return String(decoding: collapsed, as: UTF8.self)
    }

    /// The fixed text before the first token: `/tags/` of `/tags/:slug/`.
    var prefix: String {
        if case .literal(let text) = parts.first { return text }
        return "/"
    }
}
