/// One render pass. Created per `render` call, so the mutable state here
/// (output buffer, context stack, indentation) is never shared between tasks.
struct MustacheRenderer<Resolver: MustachePartialResolver> {
    /// Deeper nesting than this is taken to be runaway recursion (a partial
    /// that includes itself with the same data); failing beats a stack overflow.
    static var maximumDepth: Int { 200 }

    let resolver: Resolver
    let strict: Bool
    private(set) var output = ""
    private var contextStack: [MustacheValue]
    /// Name of the template whose nodes are being rendered, for errors.
    private var templateName: String
    /// Indentation of the enclosing standalone partials, parents and blocks.
    private var indentation = ""
    /// Whether the next output starts a template line and so needs
    /// `indentation` first. Only tracked while `indentation` is non-empty.
    private var atLineStart = true
    /// Argument blocks in force; outer (earlier) overrides win over inner ones.
    private var blockOverrides: [String: MustacheBlockOverride] = [:]
    private var depth = 0

    init(resolver: Resolver, strict: Bool, context: MustacheValue, templateName: String) {
        self.resolver = resolver
        self.strict = strict
        self.contextStack = [context]
        self.templateName = templateName
        output.reserveCapacity(1024)
    }

    mutating func render(_ nodes: [MustacheNode]) throws {
        for node in nodes {
            switch node {
            case .text(let text):
                appendTemplateText(text)
            case .variable(let name, let escaped, let position):
                try renderVariable(name, escaped: escaped, at: position)
            case .section(let section):
                try renderSection(section)
            case .partial(let reference, let indentation, let position):
                try renderPartial(reference, indentation: indentation, at: position)
            case .parent(let parent):
                try renderParent(parent)
            case .block(let name, let nodes, let indentation):
                try renderBlock(name, defaultNodes: nodes, indentation: indentation)
            }
        }
    }

    // MARK: Tags

    private mutating func renderVariable(_ name: MustacheName, escaped: Bool, at position: MustachePosition) throws {
        let value = lookup(name)
        if case .lambda(let lambda) = value {
            let rendered = try renderLambdaResultToString(lambda(""), at: position)
            appendValueText(rendered, escaped: escaped)
        } else if let text = value.interpolationText {
            appendValueText(text, escaped: escaped)
        }
    }

    private mutating func renderSection(_ section: MustacheSection) throws {
        let value = lookup(section.name)
        if section.inverted {
            if !value.isTruthy { try render(section.nodes) }
            return
        }
        switch value {
        case .array(let items):
            for item in items {
                contextStack.append(item)
                try render(section.nodes)
                contextStack.removeLast()
            }
        case .lambda(let lambda):
            let result = lambda(String(section.rawBody))
            try render(parseLambdaResult(result, delimiters: section.delimiters, at: section.position))
        default:
            guard value.isTruthy else { return }
            contextStack.append(value)
            try render(section.nodes)
            contextStack.removeLast()
        }
    }

    private mutating func renderPartial(_ reference: MustacheTemplateReference, indentation: String?,
                                        at position: MustachePosition) throws {
        guard let template = try resolve(reference, at: position, missing: .missingPartial) else { return }
        try nested(in: template.name, indentation: indentation, at: position) { renderer in
            try renderer.render(template.nodes)
        }
    }

    private mutating func renderParent(_ parent: MustacheParent) throws {
        guard let template = try resolve(parent.reference, at: parent.position, missing: .unknownParent) else { return }
        let savedOverrides = blockOverrides
        defer { blockOverrides = savedOverrides }
        if savedOverrides.isEmpty {
            blockOverrides = parent.arguments
        } else {
            // The outermost template gets the last word on every block.
            var merged = savedOverrides
            for (name, argument) in parent.arguments where merged[name] == nil {
                var scoped = argument
                scoped.scope = savedOverrides
                merged[name] = scoped
            }
            blockOverrides = merged
        }
        try nested(in: template.name, indentation: parent.indentation, at: parent.position) { renderer in
            try renderer.render(template.nodes)
        }
    }

    private mutating func renderBlock(_ name: String, defaultNodes: [MustacheNode], indentation: String?) throws {
        if let override = blockOverrides[name] {
            let savedOverrides = blockOverrides
            blockOverrides = override.scope
            defer { blockOverrides = savedOverrides }
            try nested(in: override.templateName, indentation: indentation, at: .none) { renderer in
                try renderer.render(override.nodes)
            }
        } else if indentation == nil {
            try render(defaultNodes)
        } else {
            try nested(in: templateName, indentation: indentation, at: .none) { renderer in
                try renderer.render(defaultNodes)
            }
        }
    }

    /// Runs `body` as the expansion of another template (or block), with its
    /// name for errors, extra indentation when standalone, and a depth check.
    private mutating func nested(in name: String, indentation extra: String?, at position: MustachePosition,
                                 _ body: (inout Self) throws -> Void) throws {
        guard depth < Self.maximumDepth else {
            throw MustacheError(.recursionLimit, templateName, at: position,
                                "templates nest deeper than \(Self.maximumDepth) levels while expanding '\(name)'; "
                                    + "is a partial or block recursing without end?")
        }
        let savedName = templateName
        let savedIndentation = indentation
        depth += 1
        templateName = name
        if let extra {
            // A standalone tag's line was removed, so its expansion starts a line.
            indentation += extra
            atLineStart = true
        }
        defer {
            depth -= 1
            templateName = savedName
            indentation = savedIndentation
        }
        try body(&self)
    }

    // MARK: Partial resolution

    private mutating func resolve(_ reference: MustacheTemplateReference, at position: MustachePosition,
                                  missing kind: MustacheError.Kind) throws -> MustacheTemplate? {
        let what = kind == .unknownParent ? "parent template" : "partial"
        let name: String
        switch reference {
        case .named(let literal):
            name = literal
        case .dynamic(let dynamicName):
            guard case .string(let resolved) = lookup(dynamicName) else {
                if strict {
                    throw MustacheError(kind, templateName, at: position,
                                        "dynamic \(what) name '\(reference)' does not resolve to a string")
                }
                return nil
            }
            name = resolved
        }
        if let template = resolver.template(named: name) { return template }
        if strict {
            let origin = name == reference.description ? "" : " (from '\(reference)')"
            let problem = kind == .unknownParent ? "unknown" : "missing"
            throw MustacheError(kind, templateName, at: position, "\(problem) \(what) '\(name)'\(origin)")
        }
        return nil
    }

    // MARK: Lambdas

    private func parseLambdaResult(_ text: String, delimiters: MustacheDelimiters,
                                   at position: MustachePosition) throws -> [MustacheNode] {
        do {
            return try MustacheParser.parse(text, templateName: templateName, delimiters: delimiters)
        } catch let error as MustacheError {
            throw MustacheError(.invalidLambdaResult, templateName, at: position,
                                "lambda result does not parse: \(error.message) (at \(error.line):\(error.column) of the result)")
        }
    }

    /// Interpolation lambdas are rendered on their own so the whole result can
    /// be escaped as one value.
    private mutating func renderLambdaResultToString(_ text: String, at position: MustachePosition) throws -> String {
        let nodes = try parseLambdaResult(text, delimiters: .standard, at: position)
        var captured = ""
        swap(&captured, &output)
        let savedIndentation = indentation
        let savedLineStart = atLineStart
        indentation = ""
        defer {
            swap(&captured, &output)
            indentation = savedIndentation
            atLineStart = savedLineStart
        }
        try render(nodes)
        return output
    }

    // MARK: Context

    private func lookup(_ name: MustacheName) -> MustacheValue {
        guard case .path(let parts) = name else { return contextStack[contextStack.count - 1] }
        // The first component searches the whole stack; later ones only
        // descend, so `a.b` never picks up a `b` from an outer context.
        var value: MustacheValue?
        for frame in contextStack.reversed() {
            if case .object(let object) = frame, let found = object[parts[0]] {
                value = found
                break
            }
        }
        guard var current = value else { return .null }
        for part in parts.dropFirst() {
            guard let next = current[part] else { return .null }
            current = next
        }
        return current
    }

    // MARK: Output

    private mutating func appendValueText(_ text: String, escaped: Bool) {
        guard !text.isEmpty else { return }
        if atLineStart && !indentation.isEmpty {
            output.append(indentation)
        }
        atLineStart = false
        if escaped {
            MustacheHTMLEscaping.append(text, to: &output)
        } else {
            output.append(text)
        }
    }

    /// Template text gets the current indentation at the start of each of its
    /// lines; blank lines stay blank so indented output has no trailing spaces.
    private mutating func appendTemplateText(_ text: String) {
        guard !indentation.isEmpty else {
            output.append(text)
            return
        }
        let utf8 = text.utf8
        var lineStart = utf8.startIndex
        var index = lineStart
        while index != utf8.endIndex {
            let byte = utf8[index]
            utf8.formIndex(after: &index)
            if byte == UInt8(ascii: "\n") {
                appendLine(Substring(utf8[lineStart..<index]))
                atLineStart = true
                lineStart = index
            }
        }
        if lineStart != utf8.endIndex {
            appendLine(Substring(utf8[lineStart...]))
        }
    }

    private mutating func appendLine(_ line: Substring) {
        if atLineStart && line != "\n" && line != "\r\n" {
            output.append(indentation)
        }
        atLineStart = false
        output.append(contentsOf: line)
    }
}
