/// A template parsed once and renderable any number of times, from any
/// number of tasks at once: it holds only immutable, `Sendable` data.
package struct MustacheTemplate: Sendable {
    /// How deeply sections, inverted sections, parents and blocks may nest in
    /// one template; a deeper tag is a parse error (`nestingLimit`) at that tag.
    ///
    /// No hand-written template comes near it; the limit keeps node trees, which
    /// are released recursively, shallow. Rendering keeps its own stack of frames,
    /// so it needs no thread stack for depth; a template included in itself (as a
    /// partial or parent) more than 100 levels deep is a `recursionLimit` error at
    /// the including tag.
    static let maximumNesting = 100

    /// The name used in error messages and by `MustacheLibrary` lookups.
    package let name: String
    let source: String
    let nodes: [MustacheNode]

    /// Parses `source`. Errors carry `name` and the line and column of the
    /// offending tag.
    package init(source: String, name: String = "template") throws {
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
    ///   - limits: the work and output one render may take before it fails
    ///     with `renderLimit`, so hostile templates cannot hang or exhaust memory.
    func render(_ context: MustacheValue = .null,
                       partials: some MustachePartialResolver = MustacheNoPartials(),
                       strict: Bool = false,
                       limits: MustacheRenderLimits = MustacheRenderLimits()) throws -> String {
        String(decoding: try renderUTF8(context, partials: partials, strict: strict, limits: limits), as: UTF8.self)
    }

    /// ``render(_:partials:strict:limits:)`` as UTF-8 bytes, for output written to files as it
    /// is: a page need not be made a `String`, which checks every byte again.
    func renderUTF8(_ context: MustacheValue = .null,
                           partials: some MustachePartialResolver = MustacheNoPartials(),
                           strict: Bool = false,
                           limits: MustacheRenderLimits = MustacheRenderLimits()) throws -> [UInt8] {
        var renderer = MustacheRenderer(resolver: partials, strict: strict, limits: limits, context: context,
                                        templateName: name)
        try renderer.render(nodes)
        return renderer.output.bytes
    }
}

/// Bounds on one render.
///
/// Nested sections over lists multiply (`{{#a}}{{#a}}…` over a list of 10
/// items renders its body 10ⁿ times), and so do partials that include each
/// other twice, so a template of a few hundred bytes can ask for more work
/// or output than any machine has. The defaults are far above what any page
/// of a real site needs (a page listing 10,000 posts takes a few hundred
/// thousand steps) and stop a runaway render within seconds.
struct MustacheRenderLimits: Sendable, Equatable {
    /// Units of work: one per node rendered, per section entered or list item
    /// iterated, and per inherited block argument merged.
    var maximumSteps: Int
    /// Bytes of output, in UTF-8.
    var maximumOutputBytes: Int

    init(maximumSteps: Int = 10_000_000, maximumOutputBytes: Int = 256 << 20) {
        self.maximumSteps = maximumSteps
        self.maximumOutputBytes = maximumOutputBytes
    }
}
