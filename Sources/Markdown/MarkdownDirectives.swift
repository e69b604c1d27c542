/// Block directives in DocC's syntax: `@Name(label: value, …)` alone on its line, with an
/// optional `{ … }` body of Markdown (which may hold directives of its own).
///
/// ```markdown
/// @TabNavigator {
///     @Tab("Swift") {
///         ```swift
///         let x = 1
///         ```
///     }
/// }
/// ```
///
/// Only names in ``MarkdownDirectiveCatalog`` are directives; `@MainActor` or `@State` at
/// the start of a line stays text, as do directives inside code blocks (the scanner
/// follows fences, and a line indented four columns past its body is code).
package struct MarkdownDirective: Sendable, Hashable {
    /// One `label: value` of the argument list; `label` is empty for an unlabeled argument
    /// (`@Tab("Swift")`).
    package struct Argument: Sendable, Hashable {
        package var label: String
        package var value: String
        /// File line and 1-based column of the argument's label (its value when unlabeled).
        package var line: Int
        package var column: Int
        /// File line and column of the value, where a link checker points.
        package var valueLine: Int
        package var valueColumn: Int
        /// From the catalog once checked; `.text` for an argument it does not know.
        package var type: MarkdownArgumentType = .text
    }

    package var name: String
    /// As written, in order; defaults of the catalog are not filled in here (``value(of:)`` does).
    package var arguments: [Argument]
    /// Defaults of arguments the call leaves out, from the catalog.
    package var defaults: [String: String]
    /// Whether the call has a `{ … }` body (which may be empty).
    package var hasBody: Bool
    package var children: [MarkdownBlock]
    /// File line and column of the `@`.
    package var line: Int
    package var column: Int

    /// The argument's value as written, else its default; the unlabeled argument is
    /// the catalog's first argument.
    package func value(of name: String) -> String? {
        arguments.first { $0.label == name }?.value ?? defaults[name]
    }

    package func argument(_ name: String) -> Argument? {
        arguments.first { $0.label == name }
    }
}

/// The type of a directive's argument, checked when the post is parsed.
package enum MarkdownArgumentType: String, Sendable, Hashable, CaseIterable {
    case text
    case number
    case boolean
    /// A URL or a path of the site (`/images/a.png`, `diagram.png` beside the post); the
    /// link checker proves it exists.
    case url

    func accepts(_ value: String) -> Bool {
        switch self {
        case .text, .url: true
        case .number: Double(value) != nil
        case .boolean: value == "true" || value == "false"
        }
    }
}

/// What one directive takes.
package struct MarkdownDirectiveSpec: Sendable, Hashable {
    package struct Argument: Sendable, Hashable {
        package var name: String
        package var type: MarkdownArgumentType
        package var required: Bool
        package var defaultValue: String?

        package init(_ name: String, _ type: MarkdownArgumentType = .text, required: Bool = false, default defaultValue: String? = nil) {
            (self.name, self.type, self.required, self.defaultValue) = (name, type, required, defaultValue)
        }
    }

    package enum Body: Sendable, Hashable {
        /// `@YouTube(id: …)`: a `{` after it is an error.
        case none
        case optional
        case required
    }

    package var name: String
    /// In order; an unlabeled argument is the first.
    package var arguments: [Argument]
    package var body: Body
    /// The directive a call must be directly inside (`Tab` in `TabNavigator`), if any.
    package var parent: String?
    /// The only directives its body may hold directly (`TabNavigator` holds `Tab`s), if limited.
    package var onlyChildren: Set<String>?

    package init(_ name: String, arguments: [Argument] = [], body: Body = .optional, parent: String? = nil,
                 onlyChildren: Set<String>? = nil) {
        (self.name, self.arguments, self.body, self.parent, self.onlyChildren) = (name, arguments, body, parent, onlyChildren)
    }
}

/// The directives a parse knows, by name (case-sensitive, as DocC's are).
package struct MarkdownDirectiveCatalog: Sendable, Hashable {
    package var specs: [String: MarkdownDirectiveSpec]

    package init(_ specs: [MarkdownDirectiveSpec] = []) {
        self.specs = Dictionary(specs.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    }

    package var isEmpty: Bool { specs.isEmpty }
}

/// A problem with a directive call, at its file line and column.
package struct MarkdownDirectiveProblem: Error, Sendable, Hashable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    package var message: String
    /// A word written where one of `candidates` belongs (an unknown argument label), for a
    /// did-you-mean the caller adds.
    package var misspelt: String? = nil
    package var candidates: [String] = []
    package var description: String { "\(line):\(column): \(message)" }
}
