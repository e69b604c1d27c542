/// Folds the blocks libcmark parsed between a directive's `<!--@-->` and its `<!--}-->`
/// (see ``DirectiveScanner``) into a ``MarkdownBlock/Kind/directive(_:)``, and checks each
/// call against its ``MarkdownDirectiveSpec``: unknown, repeated or mistyped arguments,
/// missing required ones, a body where none belongs (or none where one must be), a
/// directive outside the one it belongs in.
struct DirectiveFolder {
    let scan: DirectiveDocumentScan
    let catalog: MarkdownDirectiveCatalog
    let lineOffset: Int

    private struct Open {
        var callLine: Int
        var directive: MarkdownDirective
        var children: [MarkdownBlock] = []
        var startColumn: Int
        var argumentsRead: Bool
    }

    func fold(_ blocks: [MarkdownBlock], problems: inout [MarkdownDirectiveProblem]) -> [MarkdownBlock] {
        var root: [MarkdownBlock] = []
        var stack: [Open] = []
        var seen = Set<Int>()
        func append(_ block: MarkdownBlock) {
            if stack.isEmpty { root.append(block) } else { stack[stack.count - 1].children.append(shifted(block)) }
        }
        func close(endLine: Int, endColumn: Int) {
            let open = stack.removeLast()
            var directive = open.directive
            directive.children = open.children
            check(&directive, argumentsRead: open.argumentsRead, parent: stack.last?.directive.name, problems: &problems)
            append(MarkdownBlock(.directive(directive), position: SourcePosition(
                startLine: directive.line, startColumn: open.startColumn, endLine: endLine, endColumn: endColumn)))
        }
        for block in blocks {
            if case .htmlBlock(let html) = block.kind {
                let line = block.position.startLine - lineOffset - 1
                if html.hasPrefix("<!--@"), let call = scan.calls[line] {
                    seen.insert(line)
                    let directive = MarkdownDirective(name: call.name, arguments: call.arguments, defaults: [:], hasBody: call.hasBody,
                                                      children: [], line: call.line, column: call.column)
                    stack.append(Open(callLine: line, directive: directive, startColumn: call.column, argumentsRead: call.argumentsRead))
                    if !call.hasBody {
                        close(endLine: block.position.endLine, endColumn: block.position.endColumn)
                    }
                    continue
                }
                if html.hasPrefix("<!--}-->"), let callLine = scan.closers[line], stack.last?.callLine == callLine {
                    close(endLine: block.position.endLine, endColumn: block.position.endColumn)
                    continue
                }
            }
            append(block)
        }
        // Bodies never closed (already a problem of the scan) end with the document.
        while !stack.isEmpty {
            close(endLine: stack.last?.children.last?.position.endLine ?? stack[stack.count - 1].directive.line, endColumn: 1)
        }
        for (line, call) in scan.calls where !seen.contains(line) {
            problems.append(MarkdownDirectiveProblem(
                line: call.line, column: call.column,
                message: "@\(call.name) is inside an HTML block or another construct it cannot be part of: put a blank line before it"))
        }
        return root
    }

    /// The block with the columns its body's indentation took off put back, so that
    /// positions are the file's (check-snippets rewrites fences at them).
    private func shifted(_ block: MarkdownBlock) -> MarkdownBlock {
        if case .directive = block.kind { return block }
        guard !scan.stripped.isEmpty else { return block }
        var block = block
        block.position.startColumn += scan.stripped[block.position.startLine - lineOffset - 1] ?? 0
        block.position.endColumn += scan.stripped[block.position.endLine - lineOffset - 1] ?? 0
        let children = block.childBlocks
        return children.isEmpty ? block : block.replacingChildBlocks(children.map(shifted))
    }

    /// Normalizes the unlabeled argument to the spec's first one, fills defaults, and
    /// reports what does not fit the spec.
    private func check(_ directive: inout MarkdownDirective, argumentsRead: Bool, parent: String?,
                       problems: inout [MarkdownDirectiveProblem]) {
        guard let spec = catalog.specs[directive.name] else { return }
        let name = directive.name
        let names = spec.arguments.map(\.name)
        var given = Set<String>()
        for index in directive.arguments.indices {
            let argument = directive.arguments[index]
            if argument.label.isEmpty {
                guard index == 0, let first = spec.arguments.first else {
                    let message = spec.arguments.isEmpty ? "@\(name) takes no arguments"
                        : "only the first argument of @\(name) can go without its label; write \(names.count > 1 ? "one of \(names.joined(separator: ", "))" : names[0]): before it"
                    problems.append(MarkdownDirectiveProblem(line: argument.line, column: argument.column, message: message))
                    continue
                }
                directive.arguments[index].label = first.name
            }
            let label = directive.arguments[index].label
            guard let argumentSpec = spec.arguments.first(where: { $0.name == label }) else {
                let takes = names.isEmpty ? "@\(name) takes no arguments" : "@\(name) takes \(names.joined(separator: ", "))"
                problems.append(MarkdownDirectiveProblem(line: argument.line, column: argument.column,
                                                         message: "unknown argument '\(label)' of @\(name) (\(takes))",
                                                         misspelt: label, candidates: names))
                continue
            }
            directive.arguments[index].type = argumentSpec.type
            guard given.insert(label).inserted else {
                problems.append(MarkdownDirectiveProblem(line: argument.line, column: argument.column,
                                                         message: "argument '\(label)' of @\(name) is given twice"))
                continue
            }
            if !argumentSpec.type.accepts(argument.value) {
                let expected = argumentSpec.type == .number ? "a number" : "true or false"
                problems.append(MarkdownDirectiveProblem(
                    line: argument.valueLine, column: argument.valueColumn,
                    message: "argument '\(label)' of @\(name) must be \(expected), not '\(argument.value)'"))
            }
            if argumentSpec.type == .url, argument.value.isEmpty {
                problems.append(MarkdownDirectiveProblem(line: argument.valueLine, column: argument.valueColumn,
                                                         message: "argument '\(label)' of @\(name) is empty; it takes a URL or a path of the site"))
            }
        }
        for argument in spec.arguments where !given.contains(argument.name) && argumentsRead {
            if let value = argument.defaultValue {
                directive.defaults[argument.name] = value
            } else if argument.required {
                let call = spec.arguments.filter(\.required).map { "\($0.name): …" }.joined(separator: ", ")
                problems.append(MarkdownDirectiveProblem(line: directive.line, column: directive.column,
                                                         message: "@\(name) needs its argument '\(argument.name)': @\(name)(\(call))"))
            }
        }
        switch spec.body {
        case .none where directive.hasBody:
            problems.append(MarkdownDirectiveProblem(line: directive.line, column: directive.column,
                                                     message: "@\(name) takes no body { … }"))
        case .required where !directive.hasBody:
            problems.append(MarkdownDirectiveProblem(line: directive.line, column: directive.column,
                                                     message: "@\(name) needs a body: @\(name)(…) { … } with its content on the lines between"))
        default:
            break
        }
        if let required = spec.parent, parent != required {
            problems.append(MarkdownDirectiveProblem(line: directive.line, column: directive.column,
                                                     message: "@\(name) belongs directly inside @\(required) { … }"))
        }
        if let only = spec.onlyChildren {
            let list = only.sorted().map { "@" + $0 }.joined(separator: ", ")
            for child in directive.children {
                if case .directive(let inner) = child.kind, only.contains(inner.name) { continue }
                problems.append(MarkdownDirectiveProblem(line: child.position.startLine, column: child.position.startColumn,
                                                         message: "@\(name) holds only \(list); this is outside any of them"))
                break
            }
        }
    }
}

/// What ``DirectiveScanner`` found, as the folder reads it.
typealias DirectiveDocumentScan = DirectiveScanner.Scan
