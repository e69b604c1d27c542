import Support
/// A YAML document as a tree with the source location of every node, so that a
/// wrong value can be reported at its own line and column.
package struct YAMLNode: Sendable, Hashable {
    package enum ScalarStyle: Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    package struct Pair: Sendable, Hashable {
        package var key: YAMLNode
        package var value: YAMLNode

        package init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    package indirect enum Content: Sendable, Hashable {
        case scalar(String, ScalarStyle)
        case sequence([YAMLNode])
        case mapping([Pair])
    }

    package var content: Content
    package var location: SourceLocation
    /// An explicit tag such as `tag:yaml.org,2002:str` (from `!!str`), if the author wrote one.
    var tag: String?

    package init(_ content: Content, at location: SourceLocation, tag: String? = nil) {
        self.content = content
        self.location = location
        self.tag = tag
    }

    /// A scalar typed by the YAML 1.2 core schema: what `true`, `12`, `~` or `"12"` mean.
    package enum Scalar: Sendable, Hashable {
        case null
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string(String)
    }

    /// The typed value of a scalar node; nil for sequences and mappings.
    package var scalar: Scalar? {
        guard case .scalar(let text, let style) = content else { return nil }
        switch tag {
        case "tag:yaml.org,2002:str": return .string(text)
        case nil, "!": break
        default: break
        }
        guard style == .plain, tag == nil else { return .string(text) }
        return Self.resolvePlain(text)
    }

    /// The scalar's text as written (without quotes), whatever its type.
    package var scalarText: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    package var kindName: String {
        switch content {
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .scalar:
            switch scalar {
            case .null: return "null"
            case .bool: return "a boolean"
            case .int: return "an integer"
            case .double: return "a number"
            default: return "a string"
            }
        }
    }

    /// The value for `key` in a mapping node.
    package subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = content else { return nil }
        return pairs.first { $0.key.scalarText == key }?.value
    }

    static func resolvePlain(_ text: String) -> Scalar {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
        case ".nan", ".NaN", ".NAN": return .double(.nan)
        default: break
        }
        if let int = parseInt(text) { return .int(int) }
        if isCoreFloat(text), let double = Double(text) { return .double(double) }
        return .string(text)
    }

    /// A plain scalar written as a YAML integer that does not fit in an `Int`
    /// (`series_order: 1180591620717411303424`): out of range, rather than some other type.
    package var isIntegerOutOfRange: Bool {
        guard case .scalar(let text, .plain) = content, tag == nil, Self.parseInt(text) == nil else { return false }
        var digits = Substring(text)
        if digits.hasPrefix("0x") { return digits.count > 2 && digits.dropFirst(2).allSatisfy { $0.isASCII && $0.isHexDigit } }
        if digits.hasPrefix("0o") { return digits.count > 2 && digits.dropFirst(2).allSatisfy { ("0"..."7").contains($0) } }
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
    }

    private static func parseInt(_ text: String) -> Int? {
        if text.hasPrefix("0x") { return Int(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("0o") { return Int(text.dropFirst(2), radix: 8) }
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text.hasPrefix("+") ? String(text.dropFirst()) : text)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, the core schema's float,
    /// checked by hand so that Swift's laxer `Double("0x1p3")` does not widen it.
    private static func isCoreFloat(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        let isDigit = { (b: UInt8) in b >= 48 && b <= 57 }
        let mantissa = bytes.prefix { isDigit($0) || $0 == UInt8(ascii: ".") }
        guard !mantissa.isEmpty, mantissa.filter({ $0 == UInt8(ascii: ".") }).count <= 1,
              mantissa.contains(where: isDigit) else { return false }
        var rest = bytes.dropFirst(mantissa.count)
        if rest.isEmpty { return true }
        guard rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") else { return false }
        rest = rest.dropFirst()
        if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { rest = rest.dropFirst() }
        return !rest.isEmpty && rest.allSatisfy(isDigit)
    }
}
