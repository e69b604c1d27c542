/// One render pass. Created per `render` call, so the mutable state here
/// (output buffer, context stack, indentation) is never shared between tasks.
///
/// Nested sections, lambda results, partials, parents and blocks are frames on
/// an explicit stack, not calls, so how deeply templates nest costs heap, never
/// the thread's stack. `maximumRecursion` stops runaway recursion (a partial that
/// includes itself), `maximumDepth` bounds the frames' memory, and `steps` with the
/// output's size limit stop the work that nested lists and repeated partials multiply.
struct MustacheRenderer<Resolver: MustachePartialResolver> {
    /// A template (or a lambda's result) nested in itself deeper than this is taken to
    /// be runaway recursion (a partial that includes itself with the same data). Data
    /// that is a tree can legitimately recurse, but not this deep.
    static var maximumRecursion: Int { 100 }
    /// Frames of every kind at once: many different templates nested in each other
    /// would otherwise only be bounded by how many there are.
    static var maximumDepth: Int { 100_000 }

    let resolver: Resolver
    let strict: Bool
    let limits: MustacheRenderLimits
    private(set) var output: MustacheOutput
    private var contextStack: MustacheContextStack
    /// Name of the template whose nodes are being rendered, for errors.
    private var templateName: String
    /// The tag whose content is being rendered, for errors that no single node
    /// causes (limits) and for blocks, which have no position of their own.
    private var expansion: Expansion
    /// Argument blocks in force; outer (earlier) overrides win over inner ones.
    private var blockOverrides: [String: MustacheBlockOverride] = [:]
    /// The node lists being rendered, outermost first.
    private var frames: [Frame] = []
    /// How often each template and lambda result is among the frames.
    private var recursion: [Recursion: Int] = [:]
    /// The outputs that interpolated lambdas' results interrupted, innermost last.
    private var interruptedOutputs: [MustacheOutput] = []
    private var steps = 0

    init(resolver: Resolver, strict: Bool, limits: MustacheRenderLimits, context: MustacheValue, templateName: String) {
        self.resolver = resolver
        self.strict = strict
        self.limits = limits
        self.output = MustacheOutput(maximumBytes: limits.maximumOutputBytes)
        self.contextStack = MustacheContextStack(context)
        self.templateName = templateName
        self.expansion = Expansion(templateName: templateName, position: .none)
    }

    /// A tag being expanded and the template it is in (an included template's
    /// nodes render under the included template's name).
    private struct Expansion {
        var templateName: String
        var position: MustachePosition
    }

    /// What can include itself: a template (as a partial or parent) or a lambda's result.
    private enum Recursion: Hashable, CustomStringConvertible {
        case template(String)
        case lambda(String)

        var description: String {
            switch self {
            case .template(let name): return "template '\(name.abbreviated)'"
            case .lambda(let name): return "the result of lambda '\(name.abbreviated)'"
            }
        }
    }

    /// A node list being rendered, and what entering it changed, to undo when it is done.
    private struct Frame {
        var nodes: [MustacheNode]
        var next = 0
        /// A list section's items still to come; its current item is on top of the context stack.
        var remainingItems: ArraySlice<MustacheValue> = []
        var pushedContext = false
        var recursion: Recursion?
        var outerExpansion: Expansion
        var outerTemplateName: String?
        var outerIndentation: Int?
        var outerOverrides: [String: MustacheBlockOverride]?
        /// An interpolated lambda's result renders into an output of its own, which
        /// is added as one value (escaped or not) to the interrupted output when done.
        var capturedValueIsEscaped: Bool?

        init(nodes: [MustacheNode], outerExpansion: Expansion) {
            self.nodes = nodes
            self.outerExpansion = outerExpansion
        }
    }

    /// Renders the nodes of the template named at `init`.
    mutating func render(_ nodes: [MustacheNode]) throws {
        frames = [Frame(nodes: nodes, outerExpansion: expansion)]
        recursion = [.template(templateName): 1]
        try spend(1)
        while let top = frames.indices.last {
            if frames[top].next < frames[top].nodes.count {
                let node = frames[top].nodes[frames[top].next]
                frames[top].next += 1
                try spend(1)
                try start(node)
            } else if let item = frames[top].remainingItems.popFirst() {
                try spend(1)
                contextStack.replaceTop(with: item)
                frames[top].next = 0
            } else if let frame = frames.popLast() {
                finish(frame)
            }
            if output.isFull {
                throw MustacheError(.renderLimit, expansion.templateName, at: expansion.position,
                                    "the rendered output passed \(limits.maximumOutputBytes) bytes; do partials include "
                                        + "each other many times, or sections over lists nest in each other?")
            }
        }
    }

    /// Renders a node, or enters it: pushes the frame that renders its content.
    private mutating func start(_ node: MustacheNode) throws {
        switch node {
        case .text(let text):
            output.appendTemplateText(text)
        case .variable(let name, let escaped, let position):
            let value = contextStack.lookup(name)
            if case .lambda(let lambda) = value {
                let nodes = try parseLambdaResult(lambda(""), delimiters: .standard, at: position)
                var frame = try enter(nodes, name.description, at: position, recursion: .lambda(name.description))
                frame.capturedValueIsEscaped = escaped
                interruptedOutputs.append(output)
                output = MustacheOutput(maximumBytes: limits.maximumOutputBytes)
                frames.append(frame)
            } else if let text = value.interpolationText {
                output.appendValue(text, escaped: escaped)
            }
        case .section(let section):
            try startSection(section)
        case .partial(let reference, let indentation, let position):
            guard let template = try resolve(reference, at: position, missing: .missingPartial) else { return }
            var frame = try enter(template.nodes, template.name, at: position, recursion: .template(template.name))
            include(template.name, indentation: indentation, in: &frame)
            frames.append(frame)
        case .parent(let parent):
            try startParent(parent)
        case .block(let name, let nodes, let indentation):
            if let override = blockOverrides[name] {
                var frame = try enter(override.nodes, name, at: nil)
                frame.outerOverrides = blockOverrides
                blockOverrides = override.scope
                include(override.templateName, indentation: indentation, in: &frame)
                frames.append(frame)
            } else {
                var frame = try enter(nodes, name, at: nil)
                include(templateName, indentation: indentation, in: &frame)
                frames.append(frame)
            }
        }
    }

    private mutating func startSection(_ section: MustacheSection) throws {
        let value = contextStack.lookup(section.name)
        // The dotted name is text for error messages only: `enter` builds it when it needs it.
        if section.inverted {
            if !value.isTruthy { frames.append(try enter(section.nodes, section.name.description, at: section.position)) }
            return
        }
        switch value {
        case .array(let items):
            guard let first = items.first else { return }
            var frame = try enter(section.nodes, section.name.description, at: section.position)
            frame.remainingItems = items.dropFirst()
            frame.pushedContext = true
            contextStack.push(first)
            frames.append(frame)
        case .lambda(let lambda):
            let nodes = try parseLambdaResult(lambda(String(section.rawBody)), delimiters: section.delimiters,
                                              at: section.position)
            let name = section.name.description
            frames.append(try enter(nodes, name, at: section.position, recursion: .lambda(name)))
        default:
            guard value.isTruthy else { return }
            var frame = try enter(section.nodes, section.name.description, at: section.position)
            frame.pushedContext = true
            contextStack.push(value)
            frames.append(frame)
        }
    }

    private mutating func startParent(_ parent: MustacheParent) throws {
        guard let template = try resolve(parent.reference, at: parent.position, missing: .unknownParent) else { return }
        var frame = try enter(template.nodes, template.name, at: parent.position, recursion: .template(template.name))
        frame.outerOverrides = blockOverrides
        if blockOverrides.isEmpty {
            blockOverrides = parent.arguments
        } else {
            // The outermost template gets the last word on every block. Merging
            // copies the overrides in force, so it is paid for in steps.
            try spend(blockOverrides.count + parent.arguments.count)
            let outer = blockOverrides
            for (name, argument) in parent.arguments where outer[name] == nil {
                var scoped = argument
                scoped.scope = outer
                blockOverrides[name] = scoped
            }
        }
        include(template.name, indentation: parent.indentation, in: &frame)
        frames.append(frame)
    }

    /// A frame one level deeper for `nodes`, expanding the tag at `position` in the
    /// current template (`nil`: blocks, which belong to the tag being expanded), or an
    /// error when `recursion` is nested in itself too deeply or the frames are too many.
    private mutating func enter(_ nodes: [MustacheNode], _ name: @autoclosure () -> String, at position: MustachePosition?,
                                recursion key: Recursion? = nil) throws -> Frame {
        let tag = position.map { Expansion(templateName: templateName, position: $0) } ?? expansion
        if let key, recursion[key, default: 0] >= Self.maximumRecursion {
            throw MustacheError(.recursionLimit, tag.templateName, at: tag.position,
                                "\(key) is nested in itself more than \(Self.maximumRecursion) levels deep; "
                                    + "does it include itself without end?")
        }
        guard frames.count <= Self.maximumDepth else {
            throw MustacheError(.recursionLimit, tag.templateName, at: tag.position,
                                "sections, partials, parents and blocks nest more than \(Self.maximumDepth) levels deep "
                                    + "at '\(name().abbreviated)'")
        }
        try spend(1)
        var frame = Frame(nodes: nodes, outerExpansion: expansion)
        if let key {
            recursion[key, default: 0] += 1
            frame.recursion = key
        }
        expansion = tag
        return frame
    }

    /// Renders the frame as another template's nodes (or a block's), under that
    /// template's name, indented when the tag was standalone.
    private mutating func include(_ name: String, indentation: String?, in frame: inout Frame) {
        frame.outerTemplateName = templateName
        frame.outerIndentation = output.indentationDepth
        templateName = name
        if let indentation { output.indent(by: indentation) }
    }

    /// Undoes what entering `frame` changed.
    private mutating func finish(_ frame: Frame) {
        if frame.pushedContext { contextStack.pop() }
        if let key = frame.recursion { recursion[key, default: 1] -= 1 }
        if let name = frame.outerTemplateName { templateName = name }
        if let depth = frame.outerIndentation { output.restoreIndentation(to: depth) }
        if let overrides = frame.outerOverrides { blockOverrides = overrides }
        if let escaped = frame.capturedValueIsEscaped, !interruptedOutputs.isEmpty {
            let rendered = output.text
            // Moved, not copied out of the array: appending to a shared buffer would copy it.
            output = interruptedOutputs.removeLast()
            output.appendValue(rendered, escaped: escaped)
        }
        expansion = frame.outerExpansion
    }

    /// Called for every node, so the error is built apart: with it inline this was too
    /// large to be inlined itself.
    private mutating func spend(_ cost: Int) throws {
        steps += cost
        if steps > limits.maximumSteps { throw stepLimitError() }
    }

    private func stepLimitError() -> MustacheError {
        MustacheError(.renderLimit, expansion.templateName, at: expansion.position,
                      "rendering took more than \(limits.maximumSteps) steps (tags and text rendered); "
                          + "do sections over lists nest in each other, or partials include each other many times?")
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
            guard case .string(let resolved) = contextStack.lookup(dynamicName) else {
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
            return try MustacheParser.parse(text, templateName: templateName, delimiters: delimiters, nodePosition: position)
        } catch let error as MustacheError {
            throw MustacheError(.invalidLambdaResult, templateName, at: position,
                                "lambda result does not parse: \(error.message) (at \(error.line):\(error.column) of the result)")
        }
    }
}
