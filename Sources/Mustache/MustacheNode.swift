/// The parsed form of a template: standalone-line whitespace is already
/// removed and indentation already measured, so rendering only walks nodes.
///
/// The renderer copies each node it takes from a list, so the cases with several
/// counted references are boxed: a copy retains the box, not each field.
enum MustacheNode: Sendable {
    case text(String)
    case variable(MustacheName, escaped: Bool, MustachePosition)
    indirect case section(MustacheSection)
    /// `indentation` is `nil` for an inline partial; otherwise the whitespace
    /// that preceded the standalone tag, prepended to each rendered line.
    indirect case partial(MustacheTemplateReference, indentation: String?, MustachePosition)
    indirect case parent(MustacheParent)
    /// A parameter block (`{{$name}}` outside a parent). `indentation` is
    /// `nil` unless the block element is standalone.
    indirect case block(name: String, nodes: [MustacheNode], indentation: String?)
}

struct MustacheSection: Sendable {
    var name: MustacheName
    var inverted: Bool
    var nodes: [MustacheNode]
    /// The unrendered text between the tags, handed to section lambdas.
    var rawBody: Substring
    /// Lambda results parse with the delimiters in effect at the opening tag.
    var delimiters: MustacheDelimiters
    var position: MustachePosition
}

struct MustacheParent: Sendable {
    var reference: MustacheTemplateReference
    /// Argument blocks, resolved once at parse time so rendering a parent does
    /// not rebuild them.
    var arguments: [String: MustacheBlockOverride]
    var indentation: String?
    var position: MustachePosition
}

/// Content that replaces a parameter block of the same name.
struct MustacheBlockOverride: Sendable {
    var nodes: [MustacheNode]
    /// The template that defined the argument, so errors inside it point there.
    var templateName: String
    /// The overrides in force where the defining parent tag was rendered.
    /// The argument's own blocks resolve against these rather than against
    /// whatever is in force where it lands, so a page whose `content` uses a
    /// parent that has its own `content` block does not expand into itself.
    var scope: [String: MustacheBlockOverride] = [:]
}

/// A dotted name, split and hashed once at parse time.
enum MustacheName: Sendable, Equatable, CustomStringConvertible {
    /// `{{.}}`: the top of the context stack.
    case implicit
    case path([MustacheKey])

    init?(parsing text: String) {
        if text == "." {
            self = .implicit
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        if parts.contains(where: \.isEmpty) { return nil }
        self = .path(parts.map { MustacheKey(String($0)) })
    }

    var description: String {
        switch self {
        case .implicit: return "."
        case .path(let parts): return parts.map(\.name).joined(separator: ".")
        }
    }
}

/// The name in a partial or parent tag: literal, or resolved from the
/// context at render time (`{{>*name}}`).
enum MustacheTemplateReference: Sendable, CustomStringConvertible {
    case named(String)
    case dynamic(MustacheName)

    var description: String {
        switch self {
        case .named(let name): return name
        case .dynamic(let name): return "*\(name)"
        }
    }
}

struct MustacheDelimiters: Sendable, Equatable {
    var open: String
    var close: String

    static let standard = MustacheDelimiters(open: "{{", close: "}}")
}
