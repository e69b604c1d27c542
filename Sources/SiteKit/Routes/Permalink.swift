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
        /// The 0-based offset in the pattern's text where the problem is.
        var offset: Int
    }

    /// Reads `text`, whose tokens must be among `tokens`.
    init(_ text: String, tokens: [String]) throws(Problem) {
        description = text
        guard text.hasPrefix("/") else { throw Problem(message: "a permalink starts with '/' (e.g. /posts/:slug/)", offset: 0) }
        guard text.hasSuffix("/") || text.hasSuffix(".html") else {
            throw Problem(message: "a permalink ends in '/' (a folder) or '.html' (a file)", offset: text.count)
        }
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
        while let range = path.range(of: "//") { path.replaceSubrange(range, with: "/") }
        return path
    }

    /// The fixed text before the first token: `/tags/` of `/tags/:slug/`.
    var prefix: String {
        if case .literal(let text) = parts.first { return text }
        return "/"
    }
}
