import CYaml
import Foundation
import Support

/// A YAML problem at a place in the parsed text (lines counted from the text's first line).
public struct YAMLError: Error, Sendable, Hashable {
    public var location: SourceLocation
    public var message: String

    /// The same error for YAML that starts at line `lineOffset + 1` of its file.
    public func shifted(by lineOffset: Int) -> (location: SourceLocation, message: String) {
        (SourceLocation(line: location.line + lineOffset, column: location.column),
         message.replacingOccurrences(of: Self.lineMarker, with: "").replacingLineMarkers(offset: lineOffset))
    }

    /// Wraps a line number inside `message` so it can be shifted later.
    static let lineMarker = "\u{1}"
}

extension String {
    /// Replaces `\u{1}<line>\u{1}` with the line number plus `offset`.
    fileprivate func replacingLineMarkers(offset: Int) -> String {
        var result = ""
        var parts = split(separator: "\u{1}", omittingEmptySubsequences: false).makeIterator()
        var inside = false
        while let part = parts.next() {
            if inside, let line = Int(part) { result += String(line + offset) } else { result += part }
            inside.toggle()
        }
        return result
    }
}

/// Parses one YAML document into a `YAMLNode` tree with libyaml's event API.
///
/// Aliases are expanded (`*anchor` becomes a copy of the anchored node) and duplicate
/// mapping keys are an error, as YAML requires; a YAML stream with more than one
/// document is an error too, since front matter and site settings are one document.
public enum YAMLParser {
    /// Returns nil for an empty document (only comments or nothing).
    public static func parse(_ text: String) throws(YAMLError) -> YAMLNode? {
        var bytes = Array(text.utf8)
        if bytes.isEmpty { bytes = [0x0A] }
        let result: Result<YAMLNode?, YAMLError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else {
                return .failure(YAMLError(location: SourceLocation(line: 1, column: 1), message: "could not start the YAML parser"))
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = TreeBuilder()
            return Result { () throws(YAMLError) -> YAMLNode? in try builder.run(&parser, inputLength: buffer.count) }
        }
        return try result.get()
    }

    private struct TreeBuilder {
        /// Open sequences and mappings, innermost last, with their children so far.
        private enum Open {
            case sequence(YAMLNode, anchor: String?, items: [YAMLNode])
            case mapping(YAMLNode, anchor: String?, items: [YAMLNode])
        }

        /// Settings and front matter are shallow; a bound keeps the recursive
        /// release and comparison of a pathological tree off the stack's edge.
        static let maximumNesting = 64

        private var stack: [Open] = []
        private var anchors: [String: YAMLNode] = [:]
        private var root: YAMLNode?
        private var documents = 0

        mutating func run(_ parser: inout yaml_parser_t, inputLength: Int) throws(YAMLError) -> YAMLNode? {
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { throw Self.error(from: parser, inputLength: inputLength) }
                defer { yaml_event_delete(&event) }
                let location = SourceLocation(
                    line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return root
                case YAML_DOCUMENT_START_EVENT:
                    documents += 1
                    if documents > 1 {
                        throw YAMLError(location: location, message: "expected one YAML document, found a second one (a stray '---'?)")
                    }
                case YAML_SCALAR_EVENT:
                    let s = event.data.scalar
                    let text = String(decoding: UnsafeBufferPointer(start: s.value, count: Int(s.length)), as: UTF8.self)
                    let node = YAMLNode(.scalar(text, Self.style(s.style)), at: location, tag: Self.string(s.tag))
                    try add(node, anchor: Self.string(s.anchor))
                case YAML_SEQUENCE_START_EVENT where stack.count >= Self.maximumNesting,
                     YAML_MAPPING_START_EVENT where stack.count >= Self.maximumNesting:
                    throw YAMLError(location: location, message: "YAML nested more than \(Self.maximumNesting) levels deep")
                case YAML_SEQUENCE_START_EVENT:
                    let s = event.data.sequence_start
                    stack.append(.sequence(YAMLNode(.sequence([]), at: location, tag: Self.string(s.tag)),
                                           anchor: Self.string(s.anchor), items: []))
                case YAML_MAPPING_START_EVENT:
                    let m = event.data.mapping_start
                    stack.append(.mapping(YAMLNode(.mapping([]), at: location, tag: Self.string(m.tag)),
                                          anchor: Self.string(m.anchor), items: []))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let open = stack.popLast() else { break }
                    switch open {
                    case .sequence(var node, let anchor, let items):
                        node.content = .sequence(items)
                        try add(node, anchor: anchor)
                    case .mapping(var node, let anchor, let items):
                        node.content = .mapping(try Self.pairs(items))
                        try add(node, anchor: anchor)
                    }
                case YAML_ALIAS_EVENT:
                    let name = Self.string(event.data.alias.anchor) ?? ""
                    guard let node = anchors[name] else {
                        throw YAMLError(location: location, message: "unknown alias '*\(name)'")
                    }
                    var copy = node
                    copy.location = location
                    try add(copy, anchor: nil)
                default:
                    break
                }
            }
        }

        private mutating func add(_ node: YAMLNode, anchor: String?) throws(YAMLError) {
            if let anchor { anchors[anchor] = node }
            guard let open = stack.popLast() else {
                root = node
                return
            }
            switch open {
            case .sequence(let n, let a, var items):
                items.append(node)
                stack.append(.sequence(n, anchor: a, items: items))
            case .mapping(let n, let a, var items):
                items.append(node)
                stack.append(.mapping(n, anchor: a, items: items))
            }
        }

        private static func pairs(_ items: [YAMLNode]) throws(YAMLError) -> [YAMLNode.Pair] {
            var pairs: [YAMLNode.Pair] = []
            var seen: [String: SourceLocation] = [:]
            pairs.reserveCapacity(items.count / 2)
            var index = 0
            while index + 1 < items.count {
                let key = items[index]
                if let text = key.scalarText {
                    if let first = seen[text] {
                        throw YAMLError(location: key.location,
                                        message: "duplicate key '\(text)' (first given at line \(first.line))")
                    }
                    seen[text] = key.location
                }
                pairs.append(YAMLNode.Pair(key: key, value: items[index + 1]))
                index += 2
            }
            return pairs
        }

        private static func style(_ style: yaml_scalar_style_t) -> YAMLNode.ScalarStyle {
            switch style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: return .literal
            case YAML_FOLDED_SCALAR_STYLE: return .folded
            default: return .plain
            }
        }

        private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
        }

        private static func error(from parser: yaml_parser_t, inputLength: Int) -> YAMLError {
            let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
            var message = problem
            var mark = parser.problem_mark
            if let context = parser.context.map({ String(cString: $0) }) {
                if problem.contains("end of stream") || Int(mark.index) >= inputLength {
                    // Something opened and never closed (a quote, a bracket): point where
                    // it was opened, as swiftc does for an unterminated string.
                    let what = context.replacingOccurrences(of: "while scanning ", with: "")
                        .replacingOccurrences(of: "while parsing ", with: "")
                    message = "\(what) opened here is never closed"
                    mark = parser.context_mark
                } else {
                    message = "\(problem) (\(context) at line \u{1}\(parser.context_mark.line + 1)\u{1})"
                }
            }
            return YAMLError(
                location: SourceLocation(line: Int(mark.line) + 1, column: Int(mark.column) + 1),
                message: "YAML: " + message)
        }
    }
}
