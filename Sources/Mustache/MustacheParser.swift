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
    private var indentation: [Int: String] = [:]

    static func parse(_ source: String, templateName: String,
                      delimiters: MustacheDelimiters = .standard) throws -> [MustacheNode] {
        var parser = MustacheParser(source: source, templateName: templateName)
        return try parser.parse(delimiters: delimiters)
    }

    private init(source: String, templateName: String) {
        self.source = source
        self.bytes = Array(source.utf8)
        self.templateName = templateName
    }

    private mutating func parse(delimiters: MustacheDelimiters) throws -> [MustacheNode] {
        var scanner = MustacheScanner(bytes: bytes, templateName: templateName, delimiters: delimiters)
        tokens = try scanner.scan()
        try pairTags()
        var standalone = MustacheStandaloneLines(tokens: tokens, bytes: bytes, partner: partner, inParentBody: inParentBody)
        standalone.apply()
        tokens = standalone.tokens
        indentation = standalone.indentation
        return try buildNodes(from: 0, to: tokens.count)
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
                openTags.append(index)
            case .close:
                let token = tokens[index]
                guard let open = openTags.popLast() else {
                    throw MustacheError(.unexpectedClosingTag, templateName, at: token.position,
                                        "closing tag '\(token.name)' has no open section")
                }
                let opening = tokens[open]
                if Self.normalized(opening.name) != Self.normalized(token.name) {
                    throw MustacheError(.mismatchedClosingTag, templateName, at: token.position,
                                        "closing tag '\(token.name)' does not match open section '\(opening.name)' at \(opening.position)")
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
                                "unclosed section '\(token.name)' opened at \(token.position)")
        }
    }

    /// `{{< *name }}` may be closed by `{{/*name}}`; compare without the padding.
    private static func normalized(_ name: String) -> String {
        guard name.hasPrefix("*") else { return name }
        return "*" + String(name.dropFirst()).trimmingMustacheWhitespace()
    }

    // MARK: Tree building

    private func buildNodes(from start: Int, to end: Int) throws -> [MustacheNode] {
        var nodes: [MustacheNode] = []
        var text: [UInt8] = []
        func flushText() {
            if !text.isEmpty {
                nodes.append(.text(String(decoding: text, as: UTF8.self)))
                text.removeAll(keepingCapacity: true)
            }
        }

        var index = start
        while index < end {
            let token = tokens[index]
            guard let kind = token.tagKind else {
                if !token.isRemoved && token.start < token.end {
                    text.append(contentsOf: bytes[token.start..<token.end])
                }
                index += 1
                continue
            }
            switch kind {
            case .variable, .unescaped:
                flushText()
                nodes.append(.variable(try name(of: token), escaped: kind == .variable, token.position))
            case .section, .inverted:
                flushText()
                let close = partner[index]
                nodes.append(.section(MustacheSection(
                    name: try name(of: token),
                    inverted: kind == .inverted,
                    nodes: try buildNodes(from: index + 1, to: close),
                    rawBody: rawText(from: token.end, to: tokens[close].start),
                    delimiters: token.delimiters,
                    position: token.position)))
                index = close
            case .partial:
                flushText()
                nodes.append(.partial(try reference(of: token), indentation: indentation[index], token.position))
            case .parent:
                flushText()
                let close = partner[index]
                nodes.append(.parent(MustacheParent(
                    reference: try reference(of: token),
                    arguments: try buildArguments(from: index + 1, to: close),
                    indentation: indentation[index],
                    position: token.position)))
                index = close
            case .block:
                flushText()
                let close = partner[index]
                nodes.append(.block(name: try blockName(of: token),
                                    nodes: try buildNodes(from: index + 1, to: close),
                                    indentation: indentation[index]))
                index = close
            case .comment, .setDelimiters, .close:
                break
            }
            index += 1
        }
        flushText()
        return nodes
    }

    /// A parent's body contributes only its blocks; text and other tags in it
    /// are ignored, as the inheritance spec requires.
    private func buildArguments(from start: Int, to end: Int) throws -> [String: MustacheBlockOverride] {
        var arguments: [String: MustacheBlockOverride] = [:]
        var index = start
        while index < end {
            let token = tokens[index]
            switch token.tagKind {
            case .block:
                let close = partner[index]
                let nodes = try buildNodes(from: index + 1, to: close)
                arguments[try blockName(of: token)] = MustacheBlockOverride(nodes: nodes, templateName: templateName)
                index = close
            case .section, .inverted, .parent:
                index = partner[index]
            default:
                break
            }
            index += 1
        }
        return arguments
    }

    private func rawText(from start: Int, to end: Int) -> Substring {
        let utf8 = source.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: start)
        let upper = utf8.index(lower, offsetBy: end - start)
        return source[lower..<upper]
    }

    // MARK: Names

    private func name(of token: MustacheToken) throws -> MustacheName {
        try checkNoInnerWhitespace(token.name, token)
        guard let name = MustacheName(parsing: token.name) else {
            throw MustacheError(.invalidTagName, templateName, at: token.position,
                                "invalid dotted name '\(token.name)'")
        }
        return name
    }

    private func reference(of token: MustacheToken) throws -> MustacheTemplateReference {
        guard token.name.hasPrefix("*") else {
            try checkNoInnerWhitespace(token.name, token)
            return .named(token.name)
        }
        let dynamicName = String(token.name.dropFirst()).trimmingMustacheWhitespace()
        var inner = token
        inner.name = dynamicName
        if dynamicName.isEmpty {
            throw MustacheError(.emptyTagName, templateName, at: token.position, "empty dynamic name after '*'")
        }
        return .dynamic(try name(of: inner))
    }

    private func blockName(of token: MustacheToken) throws -> String {
        try checkNoInnerWhitespace(token.name, token)
        return token.name
    }

    private func checkNoInnerWhitespace(_ name: String, _ token: MustacheToken) throws {
        if name.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            throw MustacheError(.invalidTagName, templateName, at: token.position,
                                "tag name '\(name)' contains whitespace")
        }
    }
}
