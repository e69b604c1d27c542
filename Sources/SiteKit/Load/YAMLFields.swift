import Foundation
import Support
import YAML

/// Reads typed fields out of a YAML mapping and collects a diagnostic for each
/// problem instead of stopping at the first, so one build reports every mistake.
struct YAMLFields {
    let file: String
    /// Added to YAML line numbers to make them file line numbers.
    let lineOffset: Int
    let mapping: YAMLNode
    private(set) var diagnostics: [Diagnostic] = []
    /// Each key's pair, the first of a repeated key: a post's fields are looked up a few
    /// dozen times, and searching the pairs each time showed in profiles.
    private let pairs: [String: YAMLNode.Pair]

    init(file: String, lineOffset: Int, mapping: YAMLNode) {
        self.file = file
        self.lineOffset = lineOffset
        self.mapping = mapping
        var pairs: [String: YAMLNode.Pair] = [:]
        if case .mapping(let list) = mapping.content {
            for pair in list { if let key = pair.key.scalarText, pairs[key] == nil { pairs[key] = pair } }
        }
        self.pairs = pairs
    }

    /// The value of `key`, if the mapping has it.
    subscript(key: String) -> YAMLNode? { pairs[key]?.value }

    func location(of node: YAMLNode) -> SourceLocation {
        SourceLocation(line: node.location.line + lineOffset, column: node.location.column)
    }

    /// Where `key` is written, or where the mapping starts.
    func location(ofKey key: String) -> SourceLocation {
        guard let pair = pairs[key] else { return location(of: mapping) }
        return location(of: pair.key)
    }

    /// Where the value of `key` is written, or where the mapping starts.
    func location(ofValue key: String) -> SourceLocation {
        mapping[key].map(location(of:)) ?? location(of: mapping)
    }

    mutating func error(_ node: YAMLNode, _ message: String) {
        diagnostics.append(.error(file, location(of: node), message))
    }

    mutating func warning(_ node: YAMLNode, _ message: String) {
        diagnostics.append(.warning(file, location(of: node), message))
    }

    mutating func error(at location: SourceLocation, _ message: String) {
        diagnostics.append(.error(file, location, message))
    }

    /// The value of `key`, unless it is absent, null or empty text (`slug:`), which Jekyll
    /// and Hugo read as absent too.
    func present(_ key: String) -> YAMLNode? {
        guard let node = self[key], node.scalar != .null else { return nil }
        if case .scalar(let text, _) = node.content, text.isOnlySpaces { return nil }
        return node
    }

    /// The first of `keys` that is present: `summary`, else `description`, else `excerpt`.
    func firstPresent(_ keys: [String]) -> String? {
        keys.first { present($0) != nil }
    }

    /// Warns about the keys that look like a misspelt key of `known` (`tgas` for `tags`);
    /// other keys are the author's own, kept as params.
    mutating func warnMisspeltKeys(known: [String], what: String) {
        guard case .mapping(let pairs) = mapping.content else { return }
        for pair in pairs {
            guard let key = pair.key.scalarText else {
                error(pair.key, "\(what) keys must be plain words, not \(pair.key.kindName)")
                continue
            }
            if !known.contains(key), let suggestion = DidYouMean.suggestion(for: key, among: known) {
                diagnostics.append(.warning(file, location(of: pair.key),
                    "front matter key '\(key)' is kept as a param for templates; did you mean '\(suggestion)'?"))
            }
        }
    }

    /// Every key with its value, for templates (`post.params`).
    func params() -> [String: FrontMatterValue] {
        guard case .mapping(let pairs) = mapping.content else { return [:] }
        var params: [String: FrontMatterValue] = [:]
        for pair in pairs { if let key = pair.key.scalarText { params[key] = Self.value(pair.value) } }
        return params
    }

    /// A YAML value as a template sees it. Iterative: front matter nested thousands deep
    /// must not overflow the stack.
    static func value(_ root: YAMLNode) -> FrontMatterValue {
        func scalar(_ node: YAMLNode) -> FrontMatterValue {
            switch node.scalar {
            case .null?: return .null
            case .bool(let value)?: return .bool(value)
            case .int(let value)?: return .int(value)
            case .double(let value)?: return .double(value)
            case .string(let value)?: return .text(value)
            case nil: return .null
            }
        }
        // Post-order over an explicit stack: children are converted before their parent.
        var stack: [(node: YAMLNode, visited: Bool)] = [(root, false)]
        var done: [FrontMatterValue] = []
        while let (node, visited) = stack.popLast() {
            switch node.content {
            case .scalar:
                done.append(scalar(node))
            case .sequence(let items):
                if visited {
                    let values = Array(done.suffix(items.count))
                    done.removeLast(items.count)
                    done.append(.list(values))
                } else {
                    stack.append((node, true))
                    stack += items.reversed().map { ($0, false) }
                }
            case .mapping(let pairs):
                if visited {
                    let values = Array(done.suffix(pairs.count))
                    done.removeLast(pairs.count)
                    done.append(.mapping(zip(pairs, values).map { (key: $0.key.scalarText ?? $0.key.kindName, value: $1) }))
                } else {
                    stack.append((node, true))
                    stack += pairs.reversed().map { ($0.value, false) }
                }
            }
        }
        return done.last ?? .null
    }

    /// Warns about keys outside `known`, with a did-you-mean.
    mutating func warnUnknownKeys(known: [String], what: String) {
        guard case .mapping(let pairs) = mapping.content else { return }
        for pair in pairs {
            guard let key = pair.key.scalarText else {
                error(pair.key, "\(what) keys must be plain words, not \(pair.key.kindName)")
                continue
            }
            if !known.contains(key) {
                diagnostics.append(.warning(file, location(of: pair.key),
                    "unknown \(what) key '\(key)' is ignored\(DidYouMean.hint(for: key, among: known))"))
            }
        }
    }

    /// A text value. Plain numbers and booleans are accepted as written (`title: 1984`);
    /// lists, mappings and null are errors.
    mutating func string(_ key: String, required: Bool) -> String? {
        guard let node = self[key] else {
            if required { error(at: location(of: mapping), "missing required key '\(key)'") }
            return nil
        }
        guard case .scalar(let text, _) = node.content, node.scalar != .null else {
            error(node, "'\(key)' must be text, not \(node.kindName)")
            return nil
        }
        if required && text.isOnlySpaces {
            error(node, "'\(key)' must not be empty")
            return nil
        }
        return text
    }

    mutating func bool(_ key: String) -> Bool? {
        guard let node = self[key] else { return nil }
        guard case .bool(let value) = node.scalar else {
            error(node, "'\(key)' must be true or false, not \(node.kindName) '\(node.scalarText ?? "")'")
            return nil
        }
        return value
    }

    mutating func int(_ key: String, range: ClosedRange<Int>) -> Int? {
        guard let node = self[key] else { return nil }
        guard case .int(let value) = node.scalar else {
            if node.isIntegerOutOfRange, let text = node.scalarText {
                error(node, "'\(key)' must be between \(range.lowerBound) and \(range.upperBound), not \(text)")
                return nil
            }
            error(node, "'\(key)' must be a whole number, not \(node.kindName)\(node.scalarText.map { " '\($0)'" } ?? "")")
            return nil
        }
        guard range.contains(value) else {
            error(node, "'\(key)' must be between \(range.lowerBound) and \(range.upperBound), not \(value)")
            return nil
        }
        return value
    }

    mutating func date(_ key: String, required: Bool) -> PostDate? {
        guard let node = self[key] else {
            if required { error(at: location(of: mapping), "missing required key '\(key)' (e.g. \(key): 2017-04-21)") }
            return nil
        }
        guard case .scalar(let text, _) = node.content, let date = PostDate(parsing: text) else {
            error(node, "'\(key)' is not a valid date: '\(node.scalarText ?? node.kindName)' (use YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ)")
            return nil
        }
        return date
    }

    /// A list of text values, or text split at spaces and commas as Jekyll splits
    /// `tags: swift ios`; each item of a list is checked on its own line.
    mutating func words(_ key: String) -> [String]? {
        guard let node = present(key) else { return self[key] == nil ? nil : [] }
        if case .scalar(let text, _) = node.content {
            return text.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
        }
        return stringList(key)
    }

    /// A list of text values; each item is checked on its own line.
    mutating func stringList(_ key: String) -> [String]? {
        guard let node = self[key] else { return nil }
        if node.scalar == .null { return [] }
        guard case .sequence(let items) = node.content else {
            error(node, "'\(key)' must be a list, e.g. \(key): [swift, ios]")
            return nil
        }
        var values: [String] = []
        for item in items {
            guard case .scalar(let text, _) = item.content, item.scalar != .null, !text.isEmpty else {
                error(item, "each of '\(key)' must be text, not \(item.kindName)")
                continue
            }
            values.append(text)
        }
        return values
    }

    mutating func mappingField(_ key: String) -> YAMLNode? {
        guard let node = self[key] else { return nil }
        guard case .mapping = node.content else {
            error(node, "'\(key)' must be a mapping of settings, not \(node.kindName)")
            return nil
        }
        return node
    }

    mutating func absorb(_ other: YAMLFields) {
        diagnostics += other.diagnostics
    }
}
