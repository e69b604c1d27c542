/// Turns template source into a node tree in three passes: scan into tokens,
/// pair up opening and closing tags, apply the standalone-line rules, then
/// build nodes. Splitting the passes keeps the whitespace rules (which need
/// to see a tag's partner and its neighbours) out of the tokenizer.
struct MustacheParser {
    private let source: String
    private let bytes: [UInt8]
    private let templateName: String
    private var tokens: [MustacheToken] = []
    private var partner: [Int] = []
    private var inParentBody: [Bool] = []

    /// - Parameter nodePosition: the position every node gets instead of its own,
    ///   for a lambda's result: its text is no template file, so errors while rendering
    ///   it point at the lambda's tag. (Parse errors keep their own positions; the
    ///   caller reports them as positions in the result.)
    static func parse(_ source: String, templateName: String, delimiters: MustacheDelimiters = .standard,
                      nodePosition: MustachePosition? = nil) throws -> [MustacheNode] {
        var parser = MustacheParser(source: source, templateName: templateName)
        return try parser.parse(delimiters: delimiters, nodePosition: nodePosition)
    }

    private init(source: String, templateName: String) {
        self.source = source
        self.bytes = Array(source.utf8)
        self.templateName = templateName
    }

    private mutating func parse(delimiters: MustacheDelimiters, nodePosition: MustachePosition?) throws -> [MustacheNode] {
        var scanner = MustacheScanner(bytes: bytes, templateName: templateName, delimiters: delimiters)
        tokens = try scanner.scan()
        try pairTags()
        var standalone = MustacheStandaloneLines(tokens: tokens, bytes: bytes, partner: partner, inParentBody: inParentBody)
        standalone.apply()
        let builder = MustacheTreeBuilder(source: source, bytes: bytes, templateName: templateName, tokens: standalone.tokens,
                                          partner: partner, indentation: standalone.indentation, nodePosition: nodePosition)
        return try builder.build()
    }

    // MARK: Pairing

    private mutating func pairTags() throws {
        partner = Array(repeating: -1, count: tokens.count)
        inParentBody = Array(repeating: false, count: tokens.count)
        var openTags: [Int] = []
        for index in tokens.indices {
            if let innermost = openTags.last {
                inParentBody[index] = tokens[innermost].tagKind == .parent
            }
            guard let kind = tokens[index].tagKind else { continue }
            switch kind {
            case .section, .inverted, .parent, .block:
                guard openTags.count < MustacheTemplate.maximumNesting else {
                    throw nestingError(tokens[index], kind)
                }
                openTags.append(index)
            case .close:
                let token = tokens[index]
                guard let open = openTags.popLast() else {
                    throw MustacheError(.unexpectedClosingTag, templateName, at: token.position,
                                        "closing tag '\(token.name.abbreviated)' has no open section")
                }
                let opening = tokens[open]
                if Self.normalized(opening.name) != Self.normalized(token.name) {
                    throw MustacheError(.mismatchedClosingTag, templateName, at: token.position,
                                        "closing tag '\(token.name.abbreviated)' does not match open section '\(opening.name.abbreviated)' at \(opening.position)")
                }
                partner[open] = index
                partner[index] = open
            default:
                break
            }
        }
        if let open = openTags.last {
            let token = tokens[open]
            throw MustacheError(.unclosedSection, templateName, at: token.position,
                                "unclosed section '\(token.name.abbreviated)' opened at \(token.position)")
        }
    }

    private func nestingError(_ token: MustacheToken, _ kind: MustacheTagKind) -> MustacheError {
        let what = switch kind {
        case .inverted: "inverted section"
        case .parent: "parent"
        case .block: "block"
        default: "section"
        }
        let limit = MustacheTemplate.maximumNesting
        return MustacheError(.nestingLimit, templateName, at: token.position,
                             "\(what) '\(token.name.abbreviated)' is nested \(limit + 1) levels deep; sections, inverted sections, "
                                + "parents and blocks nest at most \(limit) levels")
    }

    /// `{{< *name }}` may be closed by `{{/*name}}`; compare without the padding.
    private static func normalized(_ name: String) -> String {
        guard name.hasPrefix("*") else { return name }
        return "*" + String(name.dropFirst()).trimmingMustacheWhitespace()
    }
}
