/// A partial (`{{>name}}`) or parent (`{{<name}}`) tag with a literal name, found
/// without rendering, so a site can check that every template it names exists
/// before it renders anything.
package struct MustacheReference: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case partial, parent
    }

    package var kind: Kind
    package var name: String
    /// 1-based position of the tag's opening delimiter.
    package var line: Int
    package var column: Int
}

extension MustacheTemplate {
    /// Every literal partial and parent name in the template, in source order.
    /// Dynamic names (`{{>*name}}`) depend on the data and are left to strict rendering.
    package var references: [MustacheReference] {
        var found: [MustacheReference] = []
        // A worklist instead of recursion: nesting depth costs heap, not stack.
        var pending: [[MustacheNode]] = [nodes]
        while let nodes = pending.popLast() {
            for node in nodes {
                switch node {
                case .text, .variable:
                    break
                case .section(let section):
                    pending.append(section.nodes)
                case .partial(let reference, _, let position):
                    if case .named(let name) = reference {
                        found.append(MustacheReference(kind: .partial, name: name, line: position.line, column: position.column))
                    }
                case .parent(let parent):
                    if case .named(let name) = parent.reference {
                        found.append(MustacheReference(kind: .parent, name: name, line: parent.position.line,
                                                       column: parent.position.column))
                    }
                    pending.append(contentsOf: parent.arguments.values.map(\.nodes))
                case .block(_, let nodes, _):
                    pending.append(nodes)
                }
            }
        }
        return found.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }
}
