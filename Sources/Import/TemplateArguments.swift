/// The arguments of a Liquid include or a Hugo shortcode: `key="value"`, `key='value'`,
/// `key=word`, and positional `"value"`, `` `raw` `` or `word`.
struct TemplateArguments: Sendable, Hashable {
    enum Value: Sendable, Hashable {
        /// In quotes: a literal.
        case quoted(String)
        /// Without quotes: in Liquid a variable, in Hugo a literal word.
        case bare(String)

        var text: String {
            switch self {
            case .quoted(let text), .bare(let text): text
            }
        }
    }

    var positional: [Value] = []
    var named: [(key: String, value: Value)] = []

    static func == (lhs: TemplateArguments, rhs: TemplateArguments) -> Bool {
        lhs.positional == rhs.positional && lhs.named.map(\.key) == rhs.named.map(\.key) && lhs.named.map(\.value) == rhs.named.map(\.value)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(positional)
        hasher.combine(named.map(\.key))
    }

    subscript(key: String) -> Value? {
        named.first { $0.key == key }?.value
    }

    var keys: [String] { named.map(\.key) }

    /// Nil when a quote never closes.
    static func parse(_ text: String) -> TemplateArguments? {
        var arguments = TemplateArguments()
        var scalars = Substring(text).unicodeScalars[...]
        func skipBlanks() {
            while let first = scalars.first, first.properties.isWhitespace || first == "," { scalars.removeFirst() }
        }
        func value() -> Value? {
            guard let first = scalars.first else { return .bare("") }
            if first == "\"" || first == "'" || first == "`" {
                scalars.removeFirst()
                var literal = ""
                while let next = scalars.first {
                    scalars.removeFirst()
                    if next == first { return .quoted(literal) }
                    if next == "\\", first != "`", let escaped = scalars.first, escaped == first || escaped == "\\" {
                        scalars.removeFirst()
                        literal.unicodeScalars.append(escaped)
                    } else {
                        literal.unicodeScalars.append(next)
                    }
                }
                return nil
            }
            var word = ""
            while let next = scalars.first, !next.properties.isWhitespace {
                scalars.removeFirst()
                word.unicodeScalars.append(next)
            }
            return .bare(word)
        }
        skipBlanks()
        while !scalars.isEmpty {
            let keyEnd = scalars.firstIndex { !(($0.properties.isAlphabetic || $0.properties.numericType != nil) || $0 == "_" || $0 == "-") }
            if let keyEnd, keyEnd != scalars.startIndex {
                var afterKey = scalars[keyEnd...]
                while let first = afterKey.first, first == " " { afterKey.removeFirst() }
                if afterKey.first == "=" {
                    let key = String(String.UnicodeScalarView(scalars[..<keyEnd]))
                    scalars = afterKey.dropFirst()
                    while let first = scalars.first, first == " " { scalars.removeFirst() }
                    guard let parsed = value() else { return nil }
                    arguments.named.append((key, parsed))
                    skipBlanks()
                    continue
                }
            }
            guard let parsed = value() else { return nil }
            arguments.positional.append(parsed)
            skipBlanks()
        }
        return arguments
    }
}
