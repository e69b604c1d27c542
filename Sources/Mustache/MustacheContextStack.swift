/// The values sections have entered, innermost last, and name lookup in them.
///
/// Only objects can answer a name, so their positions are kept on the side:
/// a lookup skips the booleans, strings and numbers that sections over flags
/// and lists of scalars push, and costs the number of objects entered, not the
/// nesting depth.
struct MustacheContextStack {
    private var values: [MustacheValue]
    /// Indexes into `values` of the objects, in order.
    private var objects: [Int] = []

    init(_ root: MustacheValue) {
        values = []
        push(root)
    }

    var top: MustacheValue { values.last ?? .null }

    mutating func push(_ value: MustacheValue) {
        if case .object = value { objects.append(values.count) }
        values.append(value)
    }

    mutating func pop() {
        guard values.popLast() != nil else { return }
        if objects.last == values.count { objects.removeLast() }
    }

    /// The next item of a list section takes the place of the previous one.
    mutating func replaceTop(with value: MustacheValue) {
        pop()
        push(value)
    }

    /// The first component searches the whole stack; later ones only descend,
    /// so `a.b` never picks up a `b` from an outer context.
    func lookup(_ name: MustacheName) -> MustacheValue {
        guard case .path(let parts) = name, let first = parts.first else { return top }
        var value: MustacheValue?
        for index in objects.reversed() {
            if case .object(let object) = values[index], let found = object[first] {
                value = found
                break
            }
        }
        guard var current = value else { return .null }
        for part in parts.dropFirst() {
            guard let next = current[part] else { return .null }
            current = next
        }
        return current
    }
}
