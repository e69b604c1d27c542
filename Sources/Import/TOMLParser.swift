import Support
import YAML

/// Reads a TOML 1.0 document (Hugo's settings and `+++` front matter) into the same
/// `YAMLNode` tree YAML gives, so one reader serves both: tables are mappings, arrays
/// sequences, strings double-quoted scalars, other values plain scalars. The rules that
/// make a document invalid are kept: a key defined twice, a table defined twice, a table
/// made by dotted keys or inline reopened, an array appended to as an array of tables.
enum TOMLParser {
    /// Deeper keys, arrays and inline tables than this are an error, so converting the tree
    /// cannot overflow the stack.
    static let maximumNesting = 64

    static func parse(_ text: String) throws(TOMLError) -> (root: YAMLNode, comments: [String]) {
        var parser = Builder(scanner: TOMLScanner(text))
        try parser.document()
        return (parser.node(0, at: SourceLocation(line: 1, column: 1)), parser.scanner.comments)
    }

    private struct Builder {
        enum Kind { case implicit, header, dotted, inline }

        indirect enum Value {
            case scalar(String, YAMLNode.ScalarStyle, SourceLocation)
            case table(Int)
            case array([Value], SourceLocation)
            case tableArray([Int], SourceLocation)
        }

        struct Table {
            var kind: Kind
            var location: SourceLocation
            var keys: [String: Int] = [:]
            var entries: [(key: String, location: SourceLocation, value: Value)] = []
        }

        var scanner: TOMLScanner
        var tables = [Table(kind: .header, location: SourceLocation(line: 1, column: 1))]
        /// The table key/value lines go into: the root, or the last `[header]`.
        var current = 0

        init(scanner: TOMLScanner) {
            self.scanner = scanner
        }

        mutating func document() throws(TOMLError) {
            while true {
                try scanner.skipWhitespaceAndComments()
                guard let byte = scanner.current else { return }
                if byte == UInt8(ascii: "[") {
                    try header()
                } else {
                    let key = try scanner.key()
                    guard scanner.current == UInt8(ascii: "=") else { throw scanner.error("expected '=' after the key") }
                    scanner.advance()
                    scanner.skipBlanks()
                    let value = try self.value(depth: 1)
                    try insert(value, at: key, into: current)
                }
                scanner.skipBlanks()
                try scanner.skipComment()
                guard scanner.skipNewline() else { throw scanner.error("expected the end of the line, found '\(scanner.describe(scanner.current))'") }
            }
        }

        /// `[a.b]` or `[[a.b]]`.
        mutating func header() throws(TOMLError) {
            let location = scanner.location
            let isArray = scanner.starts(with: "[[")
            scanner.skip(isArray ? "[[" : "[")
            let key = try scanner.key()
            guard key.count <= maximumNesting else { throw scanner.error("a key nested more than \(maximumNesting) levels deep") }
            guard scanner.starts(with: isArray ? "]]" : "]") else { throw scanner.error("expected '\(isArray ? "]]" : "]")' to close the table header") }
            scanner.skip(isArray ? "]]" : "]")
            var table = 0
            for part in key.dropLast() { table = try descend(table, into: part.name, at: part.location, creating: .implicit, forHeader: true) }
            guard let last = key.last else { return }
            if let existing = tables[table].keys[last.name] {
                switch tables[table].entries[existing].value {
                case .table(let child) where !isArray:
                    guard tables[child].kind == .implicit else {
                        throw TOMLError(location: location, message: "TOML: table [\(key.map(\.name).joined(separator: "."))] is defined twice (or was made by dotted keys)")
                    }
                    tables[child].kind = .header
                    current = child
                case .tableArray(var list, let at) where isArray:
                    tables.append(Table(kind: .header, location: location))
                    list.append(tables.count - 1)
                    tables[table].entries[existing].value = .tableArray(list, at)
                    current = tables.count - 1
                default:
                    throw TOMLError(location: location, message: "TOML: '\(last.name)' is already defined as something else")
                }
                return
            }
            tables.append(Table(kind: .header, location: location))
            let child = tables.count - 1
            add(last.name, at: last.location, isArray ? .tableArray([child], location) : .table(child), to: table)
            current = child
        }

        /// The table under `name` in `table`, made when missing. Headers may pass through any
        /// table but inline ones (the last of an array of tables); dotted keys only through
        /// tables dotted keys made.
        mutating func descend(_ table: Int, into name: String, at location: SourceLocation, creating kind: Kind, forHeader: Bool) throws(TOMLError) -> Int {
            guard let existing = tables[table].keys[name] else {
                tables.append(Table(kind: kind, location: location))
                add(name, at: location, .table(tables.count - 1), to: table)
                return tables.count - 1
            }
            switch tables[table].entries[existing].value {
            case .table(let child) where forHeader ? tables[child].kind != .inline : tables[child].kind == .dotted:
                return child
            case .tableArray(let list, _) where forHeader:
                return list[list.count - 1]
            default:
                throw TOMLError(location: location, message: "TOML: '\(name)' is already defined and cannot take more keys here")
            }
        }

        mutating func insert(_ value: Value, at key: [(name: String, location: SourceLocation)], into start: Int) throws(TOMLError) {
            guard key.count <= maximumNesting else { throw scanner.error("a key nested more than \(maximumNesting) levels deep") }
            var table = start
            for part in key.dropLast() { table = try descend(table, into: part.name, at: part.location, creating: .dotted, forHeader: false) }
            guard let last = key.last else { return }
            if tables[table].keys[last.name] != nil {
                throw TOMLError(location: last.location, message: "TOML: duplicate key '\(last.name)'")
            }
            add(last.name, at: last.location, value, to: table)
        }

        mutating func add(_ name: String, at location: SourceLocation, _ value: Value, to table: Int) {
            tables[table].keys[name] = tables[table].entries.count
            tables[table].entries.append((name, location, value))
        }

        mutating func value(depth: Int) throws(TOMLError) -> Value {
            guard depth <= maximumNesting else { throw scanner.error("values nested more than \(maximumNesting) levels deep") }
            let location = scanner.location
            switch scanner.current {
            case UInt8(ascii: "\""):
                let text = scanner.starts(with: "\"\"\"") ? try scanner.multilineString(literal: false) : try scanner.basicString()
                return .scalar(text, .doubleQuoted, location)
            case UInt8(ascii: "'"):
                let text = scanner.starts(with: "'''") ? try scanner.multilineString(literal: true) : try scanner.literalString()
                return .scalar(text, .doubleQuoted, location)
            case UInt8(ascii: "["):
                scanner.advance()
                var items: [Value] = []
                while true {
                    try scanner.skipWhitespaceAndComments()
                    if scanner.current == UInt8(ascii: "]") { break }
                    items.append(try value(depth: depth + 1))
                    try scanner.skipWhitespaceAndComments()
                    if scanner.current == UInt8(ascii: ",") {
                        scanner.advance()
                        continue
                    }
                    guard scanner.current == UInt8(ascii: "]") else { throw scanner.error("expected ',' or ']' in the array") }
                    break
                }
                scanner.advance()
                return .array(items, location)
            case UInt8(ascii: "{"):
                return try inlineTable(depth: depth, at: location)
            default:
                let (text, style) = try TOMLScalars.scalar(&scanner)
                return .scalar(text, style, location)
            }
        }

        /// `{ a = 1, b.c = "x" }` on one line, no trailing comma; closed to later additions.
        mutating func inlineTable(depth: Int, at location: SourceLocation) throws(TOMLError) -> Value {
            scanner.advance()
            tables.append(Table(kind: .dotted, location: location))
            let table = tables.count - 1
            scanner.skipBlanks()
            if scanner.current == UInt8(ascii: "}") {
                scanner.advance()
            } else {
                while true {
                    let key = try scanner.key()
                    guard scanner.current == UInt8(ascii: "=") else { throw scanner.error("expected '=' after the key") }
                    scanner.advance()
                    scanner.skipBlanks()
                    try insert(try value(depth: depth + 1), at: key, into: table)
                    scanner.skipBlanks()
                    if scanner.current == UInt8(ascii: ",") {
                        scanner.advance()
                        continue
                    }
                    guard scanner.current == UInt8(ascii: "}") else { throw scanner.error("expected ',' or '}' in the inline table (on one line)") }
                    scanner.advance()
                    break
                }
            }
            freeze(table)
            return .table(table)
        }

        /// An inline table and the tables its dotted keys made take no more keys.
        mutating func freeze(_ table: Int) {
            var pending = [table]
            while let next = pending.popLast() {
                tables[next].kind = .inline
                for entry in tables[next].entries { if case .table(let child) = entry.value { pending.append(child) } }
            }
        }

        func node(_ table: Int, at location: SourceLocation) -> YAMLNode {
            let pairs = tables[table].entries.map { entry in
                YAMLNode.Pair(key: YAMLNode(.scalar(entry.key, .plain), at: entry.location), value: node(entry.value))
            }
            return YAMLNode(.mapping(pairs), at: location)
        }

        func node(_ value: Value) -> YAMLNode {
            switch value {
            case .scalar(let text, let style, let location): YAMLNode(.scalar(text, style), at: location)
            case .table(let index): node(index, at: tables[index].location)
            case .array(let items, let location): YAMLNode(.sequence(items.map(node)), at: location)
            case .tableArray(let list, let location): YAMLNode(.sequence(list.map { node($0, at: tables[$0].location) }), at: location)
            }
        }
    }
}
