/// Supplies the templates that partial (`{{>name}}`) and parent
/// (`{{<name}}`) tags refer to.
public protocol MustachePartialResolver: Sendable {
    func template(named name: String) -> MustacheTemplate?
}

/// A resolver that knows no templates: every partial renders empty (or, in
/// strict mode, fails).
public struct MustacheNoPartials: MustachePartialResolver {
    public init() {}
    public func template(named name: String) -> MustacheTemplate? { nil }
}

extension Dictionary: MustachePartialResolver where Key == String, Value == MustacheTemplate {
    public func template(named name: String) -> MustacheTemplate? { self[name] }
}
