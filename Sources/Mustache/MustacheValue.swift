/// The data a template is rendered against.
///
/// Values are plain data plus lambdas; everything is `Sendable` so one value
/// tree can feed many concurrent renders.
package enum MustacheValue: Sendable {
    case string(String)
    case bool(Bool)
    case int(Int)
    case double(Double)
    case array([MustacheValue])
    case object(MustacheObject)
    case null
    /// A Mustache lambda.
    ///
    /// In a section (`{{#name}}…{{/name}}`) the closure receives the raw,
    /// unrendered section text; in an interpolation (`{{name}}`) it receives
    /// the empty string. Either way the returned text is parsed as a template
    /// and rendered in the current context (sections keep the delimiters in
    /// effect at the tag, interpolations use the default `{{ }}`), and an
    /// escaped interpolation HTML-escapes the rendered result.
    case lambda(@Sendable (String) -> String)
}

extension MustacheValue {
    /// The value stored under `key` when this is an object, `nil` otherwise.
    subscript(key: String) -> MustacheValue? {
        self[MustacheKey(key)]
    }

    subscript(key: MustacheKey) -> MustacheValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// Whether a section renders for this value (and an inverted section does not).
    ///
    /// Follows the common JavaScript-flavoured convention: `false`, `null`,
    /// empty strings, zero and empty arrays are falsy, so a site template can
    /// write `{{#subtitle}}<h2>{{subtitle}}</h2>{{/subtitle}}` without the
    /// data having to drop empty fields. Objects and lambdas are always truthy.
    var isTruthy: Bool {
        switch self {
        case .string(let string): return !string.isEmpty
        case .bool(let bool): return bool
        case .int(let int): return int != 0
        case .double(let double): return double != 0 && !double.isNaN
        case .array(let array): return !array.isEmpty
        case .object, .lambda: return true
        case .null: return false
        }
    }

    /// The text an interpolation tag prints, or `nil` when it prints nothing.
    ///
    /// Containers print nothing rather than a debug dump, which would leak
    /// Swift syntax into generated pages.
    var interpolationText: String? {
        switch self {
        case .string(let string): return string
        case .bool(let bool): return bool ? "true" : "false"
        case .int(let int): return String(int)
        case .double(let double): return Self.format(double)
        case .array, .object, .null, .lambda: return nil
        }
    }

    /// Integral doubles print without a trailing `.0` so JSON numbers such as
    /// `3.0` read the same as they would in other Mustache implementations.
    static func format(_ double: Double) -> String {
        // Compared through Int64 rather than `rounded()`, which would make
        // every client link libm.
        if double.isFinite, abs(double) < 1e15, Double(Int64(double)) == double {
            return String(Int64(double))
        }
        return String(double)
    }
}

extension MustacheValue: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    package init(stringLiteral value: String) { self = .string(value) }
}

extension MustacheValue: ExpressibleByBooleanLiteral {
    package init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension MustacheValue: ExpressibleByIntegerLiteral {
    package init(integerLiteral value: Int) { self = .int(value) }
}

extension MustacheValue: ExpressibleByFloatLiteral {
    package init(floatLiteral value: Double) { self = .double(value) }
}

extension MustacheValue: ExpressibleByArrayLiteral {
    package init(arrayLiteral elements: MustacheValue...) { self = .array(elements) }
}

extension MustacheValue: ExpressibleByDictionaryLiteral {
    package init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .object(MustacheObject(pairs: elements))
    }
}

extension MustacheValue: ExpressibleByNilLiteral {
    package init(nilLiteral: ()) { self = .null }
}
