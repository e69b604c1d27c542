/// Supplies the templates that partial (`{{>name}}`) and parent
/// (`{{<name}}`) tags refer to.
protocol MustachePartialResolver: Sendable {
    func template(named name: String) -> MustacheTemplate?
}

/// A resolver that knows no templates: every partial renders empty (or, in
/// strict mode, fails).
struct MustacheNoPartials: MustachePartialResolver {
    init() {}
    func template(named name: String) -> MustacheTemplate? { nil }
}

extension Dictionary: MustachePartialResolver where Key == String, Value == MustacheTemplate {
    func template(named name: String) -> MustacheTemplate? { self[name] }
}
