/// A set of named templates that resolve each other's partials and parents.
///
/// Every template is parsed when it is added, so syntax errors surface before
/// any rendering starts and rendering never re-parses.
package struct MustacheLibrary: MustachePartialResolver {
    /// When `true`, rendering fails on a partial or parent that is not in the
    /// library; when `false` such tags render empty, as the spec requires.
    var strict: Bool
    /// Bounds on each render; see `MustacheRenderLimits`.
    var limits = MustacheRenderLimits()
    private var templates: [String: MustacheTemplate]

    init(strict: Bool = false) {
        self.strict = strict
        self.templates = [:]
    }

    /// Parses every source up front. When several fail, the error of the
    /// first failing name in sorted order is thrown, so failures are stable
    /// from run to run.
    init(sources: [String: String], strict: Bool = false) throws {
        self.init(strict: strict)
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            templates[name] = try MustacheTemplate(source: source, name: name)
        }
    }

    package init(templates: some Sequence<MustacheTemplate>, strict: Bool = false) {
        self.init(strict: strict)
        for template in templates { self.templates[template.name] = template }
    }

    /// Adds or replaces the template with `template.name`.
    mutating func add(_ template: MustacheTemplate) {
        templates[template.name] = template
    }

    /// Parses `source` and adds it under `name`.
    mutating func add(source: String, named name: String) throws {
        templates[name] = try MustacheTemplate(source: source, name: name)
    }

    /// Template names, sorted.
    var names: [String] { templates.keys.sorted() }

    func template(named name: String) -> MustacheTemplate? {
        templates[name]
    }

    /// Renders the named template with this library as its partial resolver,
    /// honouring `strict` and `limits`.
    package func render(templateNamed name: String, context: MustacheValue) throws -> String {
        String(decoding: try renderUTF8(templateNamed: name, context: context), as: UTF8.self)
    }

    /// ``render(templateNamed:context:)`` as UTF-8 bytes.
    package func renderUTF8(templateNamed name: String, context: MustacheValue) throws -> [UInt8] {
        guard let template = templates[name] else {
            throw MustacheError(kind: .unknownTemplate, templateName: name, line: 0, column: 0,
                                message: "no template named '\(name)' in the library")
        }
        return try template.renderUTF8(context, partials: self, strict: strict, limits: limits)
    }
}
