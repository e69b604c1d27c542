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

    init(file: String, lineOffset: Int, mapping: YAMLNode) {
        self.file = file
        self.lineOffset = lineOffset
        self.mapping = mapping
    }

    func location(of node: YAMLNode) -> SourceLocation {
        SourceLocation(line: node.location.line + lineOffset, column: node.location.column)
    }

    /// Where `key` is written, or where the mapping starts.
    func location(ofKey key: String) -> SourceLocation {
        guard case .mapping(let pairs) = mapping.content,
              let pair = pairs.first(where: { $0.key.scalarText == key }) else { return location(of: mapping) }
        return location(of: pair.key)
    }

    /// Where the value of `key` is written, or where the mapping starts.
    func location(ofValue key: String) -> SourceLocation {
        mapping[key].map(location(of:)) ?? location(of: mapping)
    }

    mutating func error(_ node: YAMLNode, _ message: String) {
        diagnostics.append(.error(file, location(of: node), message))
    }

    mutating func error(at location: SourceLocation, _ message: String) {
        diagnostics.append(.error(file, location, message))
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
        guard let node = mapping[key] else {
            if required { error(at: location(of: mapping), "missing required key '\(key)'") }
            return nil
        }
        guard case .scalar(let text, _) = node.content, node.scalar != .null else {
            error(node, "'\(key)' must be text, not \(node.kindName)")
            return nil
        }
        if required && text.trimmingCharacters(in: .whitespaces).isEmpty {
            error(node, "'\(key)' must not be empty")
            return nil
        }
        return text
    }

    mutating func bool(_ key: String) -> Bool? {
        guard let node = mapping[key] else { return nil }
        guard case .bool(let value) = node.scalar else {
            error(node, "'\(key)' must be true or false, not \(node.kindName) '\(node.scalarText ?? "")'")
            return nil
        }
        return value
    }

    mutating func int(_ key: String, range: ClosedRange<Int>) -> Int? {
        guard let node = mapping[key] else { return nil }
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
        guard let node = mapping[key] else {
            if required { error(at: location(of: mapping), "missing required key '\(key)' (e.g. \(key): 2017-04-21)") }
            return nil
        }
        guard case .scalar(let text, _) = node.content, let date = PostDate(parsing: text) else {
            error(node, "'\(key)' is not a valid date: '\(node.scalarText ?? node.kindName)' (use YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ)")
            return nil
        }
        return date
    }

    /// A list of text values; each item is checked on its own line.
    mutating func stringList(_ key: String) -> [String]? {
        guard let node = mapping[key] else { return nil }
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
        guard let node = mapping[key] else { return nil }
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
