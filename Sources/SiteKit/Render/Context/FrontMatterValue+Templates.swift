import Mustache

extension FrontMatterValue {
    /// The value as templates see it under `post.params`: lists as lists, mappings as
    /// objects. Iterative, like its reading: nesting depth is the author's.
    var mustacheValue: MustacheValue {
        var stack: [(value: FrontMatterValue, visited: Bool)] = [(self, false)]
        var done: [MustacheValue] = []
        while let (value, visited) = stack.popLast() {
            switch value {
            case .null: done.append(.null)
            case .bool(let bool): done.append(.bool(bool))
            case .int(let int): done.append(.int(int))
            case .double(let double): done.append(.double(double))
            case .text(let text): done.append(.string(text))
            case .list(let items):
                if visited {
                    let values = Array(done.suffix(items.count))
                    done.removeLast(items.count)
                    done.append(.array(values))
                } else {
                    stack.append((value, true))
                    stack += items.reversed().map { ($0, false) }
                }
            case .mapping(let pairs):
                if visited {
                    let values = Array(done.suffix(pairs.count))
                    done.removeLast(pairs.count)
                    var object: MustacheObject = [:]
                    for (pair, value) in zip(pairs, values) where object[pair.key] == nil { object[pair.key] = value }
                    done.append(.object(object))
                } else {
                    stack.append((value, true))
                    stack += pairs.reversed().map { ($0.value, false) }
                }
            }
        }
        return done.last ?? .null
    }
}

extension [String: FrontMatterValue] {
    var mustacheValue: MustacheValue { .object(MustacheObject(mapValues(\.mustacheValue))) }
}
