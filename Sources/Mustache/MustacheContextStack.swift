/// The values sections have entered, innermost last, and name lookup in them.
///
/// Only objects can answer a name, so they are kept on the side with their
/// positions: a lookup skips the booleans, strings and numbers that sections
/// over flags and lists of scalars push, and costs the number of objects
/// entered, not the nesting depth.
struct MustacheContextStack {
    private var values: [MustacheValue]
    /// The objects among `values`, in order, with their indexes there.
    private var objects: [(index: Int, object: MustacheObject)] = []

    init(_ root: MustacheValue) {
        values = []
        push(root)
    }

    var top: MustacheValue { values.last ?? .null }

    mutating func push(_ value: MustacheValue) {
        if case .object(let object) = value { objects.append((values.count, object)) }
        values.append(value)
    }

    mutating func pop() {
        guard values.popLast() != nil else { return }
        if objects.last?.index == values.count { objects.removeLast() }
    }

    /// The next item of a list section takes the place of the previous one.
    mutating func replaceTop(with value: MustacheValue) {
        pop()
        push(value)
    }

    /// The first component searches the whole stack; later ones only descend,
    /// so `a.b` never picks up a `b` from an outer context.
    func lookup(_ name: MustacheName) -> MustacheValue {
        guard case .path(let parts) = name, !parts.isEmpty else { return top }
        return parts.withUnsafeBufferPointer { parts in
            // Through a buffer pointer: copying each object out of the array would
            // retain and release its storage on every name looked up.
            let found = objects.withUnsafeBufferPointer { objects -> MustacheValue? in
                for index in objects.indices.reversed() {
                    if let value = objects[index].object[parts[0]] { return value }
                }
                return nil
            }
            guard var current = found else { return .null }
            for part in parts.dropFirst() {
                guard let next = current[part] else { return .null }
                current = next
            }
            return current
        }
    }
}
