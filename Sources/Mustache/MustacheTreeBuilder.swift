/// Builds the node tree from paired, whitespace-processed tokens in one forward pass.
///
/// An explicit stack of open elements stands in for recursion, so how deeply a
/// template nests costs heap, not call stack: parsing cannot overflow a thread's
/// stack whatever the input (the nesting limit is checked earlier, when tags are
/// paired, for the sake of the recursive renderer).
struct MustacheTreeBuilder {
    private let source: String
    private let bytes: [UInt8]
    private let templateName: String
    private let tokens: [MustacheToken]
    /// Index of the matching open/close tag for every section-like tag.
    private let partner: [Int]
    /// Indentation of each standalone partial, parent and parameter block.
    private let indentation: [Int: String]
    /// The position every node gets instead of its own; see `MustacheParser.parse`.
    private let nodePosition: MustachePosition?

    init(source: String, bytes: [UInt8], templateName: String, tokens: [MustacheToken], partner: [Int],
         indentation: [Int: String], nodePosition: MustachePosition?) {
        self.source = source
        self.bytes = bytes
        self.templateName = templateName
        self.tokens = tokens
        self.partner = partner
        self.indentation = indentation
        self.nodePosition = nodePosition
    }

    /// A tag pair whose closing tag is still ahead, with what has been built inside it.
    private struct OpenElement {
        enum Kind {
            case root
            case section(MustacheName, inverted: Bool)
            /// A parameter block: `{{$name}}` anywhere but directly inside a parent.
            case block(String)
            /// Collects only the argument blocks of its body.
            case parent(MustacheTemplateReference)
            /// An argument block: `{{$name}}` directly inside a parent.
            case argument(String)
        }

        var kind: Kind
        /// The opening tag's token index; -1 for the root.
        var opening: Int
        var nodes: [MustacheNode] = []
        /// Text not yet made a node, so text around comments joins into one node.
        var text: [UInt8] = []
        var arguments: [String: MustacheBlockOverride] = [:]

        mutating func flushText() {
            if !text.isEmpty {
                nodes.append(.text(String(decoding: text, as: UTF8.self)))
                text.removeAll(keepingCapacity: true)
            }
        }
    }

    func build() throws -> [MustacheNode] {
        var stack = [OpenElement(kind: .root, opening: -1)]
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if case .parent = stack[stack.count - 1].kind {
                // A parent's body contributes only its blocks; text and other tags
                // in it are ignored, as the inheritance spec requires.
                switch token.tagKind {
                case .block:
                    stack.append(OpenElement(kind: .argument(try blockName(of: token)), opening: index))
                case .section, .inverted, .parent:
                    index = partner[index]
                case .close:
                    try close(&stack, at: index)
                default:
                    break
                }
                index += 1
                continue
            }
            guard let kind = token.tagKind else {
                if !token.isRemoved && token.start < token.end {
                    stack[stack.count - 1].text.append(contentsOf: bytes[token.start..<token.end])
                }
                index += 1
                continue
            }
            switch kind {
            case .variable, .unescaped:
                let name = try name(of: token)
                append(.variable(name, escaped: kind == .variable, nodePosition ?? token.position), to: &stack)
            case .partial:
                let reference = try reference(of: token)
                append(.partial(reference, indentation: indentation[index], nodePosition ?? token.position), to: &stack)
            case .section, .inverted:
                let name = try name(of: token)
                stack[stack.count - 1].flushText()
                stack.append(OpenElement(kind: .section(name, inverted: kind == .inverted), opening: index))
            case .parent:
                let reference = try reference(of: token)
                stack[stack.count - 1].flushText()
                stack.append(OpenElement(kind: .parent(reference), opening: index))
            case .block:
                let name = try blockName(of: token)
                stack[stack.count - 1].flushText()
                stack.append(OpenElement(kind: .block(name), opening: index))
            case .close:
                try close(&stack, at: index)
            case .comment, .setDelimiters:
                break
            }
            index += 1
        }
        guard stack.count == 1 else {
            // Pairing has already rejected unclosed tags; this only guards the stack.
            let token = tokens[stack[stack.count - 1].opening]
            throw MustacheError(.unclosedSection, templateName, at: token.position,
                                "unclosed section '\(token.name.abbreviated)' opened at \(token.position)")
        }
        stack[0].flushText()
        return stack[0].nodes
    }

    private func append(_ node: MustacheNode, to stack: inout [OpenElement]) {
        stack[stack.count - 1].flushText()
        stack[stack.count - 1].nodes.append(node)
    }

    /// Finishes the innermost open element at its closing tag `closeIndex` and
    /// hands the result to the element around it.
    private func close(_ stack: inout [OpenElement], at closeIndex: Int) throws {
        guard stack.count > 1, var element = stack.popLast(), element.opening >= 0 else {
            // Pairing has already rejected unmatched closing tags; this only guards the stack.
            let token = tokens[closeIndex]
            throw MustacheError(.unexpectedClosingTag, templateName, at: token.position,
                                "closing tag '\(token.name.abbreviated)' has no open section")
        }
        element.flushText()
        let opening = tokens[element.opening]
        let outer = stack.count - 1
        switch element.kind {
        case .root:
            break
        case .section(let name, let inverted):
            append(.section(MustacheSection(
                name: name,
                inverted: inverted,
                nodes: element.nodes,
                rawBody: rawText(from: opening.end, to: tokens[closeIndex].start),
                delimiters: opening.delimiters,
                position: nodePosition ?? opening.position)), to: &stack)
        case .block(let name):
            append(.block(name: name, nodes: element.nodes, indentation: indentation[element.opening]), to: &stack)
        case .parent(let reference):
            append(.parent(MustacheParent(
                reference: reference,
                arguments: element.arguments,
                indentation: indentation[element.opening],
                position: nodePosition ?? opening.position)), to: &stack)
        case .argument(let name):
            stack[outer].arguments[name] = MustacheBlockOverride(nodes: element.nodes, templateName: templateName)
        }
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
                                "invalid dotted name '\(token.name.abbreviated)'")
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
                                "tag name '\(name.abbreviated)' contains whitespace")
        }
    }
}
