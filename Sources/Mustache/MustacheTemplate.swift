/// A template parsed once and renderable any number of times, from any
/// number of tasks at once: it holds only immutable, `Sendable` data.
public struct MustacheTemplate: Sendable {
    /// The name used in error messages and by `MustacheLibrary` lookups.
    public let name: String
    public let source: String
    let nodes: [MustacheNode]

    /// Parses `source`. Errors carry `name` and the line and column of the
    /// offending tag.
    public init(source: String, name: String = "template") throws {
        self.name = name
        self.source = source
        self.nodes = try MustacheParser.parse(source, templateName: name)
    }

    /// Renders the template against `context`.
    ///
    /// - Parameters:
    ///   - partials: where `{{>name}}` and `{{<name}}` tags find templates.
    ///   - strict: when `true`, a partial or parent that `partials` does not
    ///     know (including a dynamic name that does not resolve) is an error;
    ///     when `false` it renders as the empty string, as the spec requires.
    public func render(_ context: MustacheValue = .null,
                       partials: some MustachePartialResolver = MustacheNoPartials(),
                       strict: Bool = false) throws -> String {
        var renderer = MustacheRenderer(resolver: partials, strict: strict, context: context, templateName: name)
        try renderer.render(nodes)
        return renderer.output
    }
}
