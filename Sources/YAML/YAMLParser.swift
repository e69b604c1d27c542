import CYaml
import Foundation
import Support

/// A YAML problem at a place in the parsed text (lines counted from the text's first line).
package struct YAMLError: Error, Sendable, Hashable {
    var location: SourceLocation
    /// The message with each line number it names wrapped in ``lineMarker``s, so that
    /// ``shifted(by:)`` can make them lines of the file the YAML was cut from.
    private var template: String

    init(location: SourceLocation, message: String) {
        self.location = location
        self.template = message
    }

    /// The message, its line numbers counted from the YAML's first line.
    var message: String { template.replacingLineMarkers(offset: 0) }

    /// The same error for YAML that starts at line `lineOffset + 1` of its file.
    package func shifted(by lineOffset: Int) -> (location: SourceLocation, message: String) {
        (SourceLocation(line: location.line + lineOffset, column: location.column), template.replacingLineMarkers(offset: lineOffset))
    }

    /// `line N` in a message, marked to be shifted with the location.
    static func line(_ number: Int) -> String { "line \(lineMarker)\(number)\(lineMarker)" }

    static let lineMarker = "\u{1}"

    package static func == (a: YAMLError, b: YAMLError) -> Bool { a.location == b.location && a.message == b.message }
    package func hash(into hasher: inout Hasher) {
        hasher.combine(location)
        hasher.combine(message)
    }
}

extension String {
    /// Replaces `\u{1}<line>\u{1}` with the line number plus `offset`.
    fileprivate func replacingLineMarkers(offset: Int) -> String {
        var result = ""
        var inside = false
        for part in split(separator: "\u{1}", omittingEmptySubsequences: false) {
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
package enum YAMLParser {
    /// Returns nil for an empty document (only comments or nothing).
    package static func parse(_ text: String) throws(YAMLError) -> YAMLNode? {
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
        /// An open sequence or mapping: the node (content still empty) and its children so far.
        private struct Open {
            var node: YAMLNode
            var anchor: String?
            var items: [YAMLNode] = []
            var isMapping: Bool
            /// The height of the tallest child so far (a scalar is 1).
            var childHeight = 0
        }

        /// Settings and front matter are shallow; a bound keeps the recursive
        /// release and comparison of a pathological tree off the stack's edge.
        static let maximumNesting = 64

        private var stack: [Open] = []
        /// Each anchored node with its height: an alias copies the node, and the bound on
        /// nesting must count what it brings along.
        private var anchors: [String: (node: YAMLNode, height: Int)] = [:]
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
                    try add(node, height: 1, anchor: Self.string(s.anchor), at: location)
                case YAML_SEQUENCE_START_EVENT where stack.count >= Self.maximumNesting,
                     YAML_MAPPING_START_EVENT where stack.count >= Self.maximumNesting:
                    throw YAMLError(location: location, message: "YAML nested more than \(Self.maximumNesting) levels deep")
                case YAML_SEQUENCE_START_EVENT:
                    let s = event.data.sequence_start
                    stack.append(Open(node: YAMLNode(.sequence([]), at: location, tag: Self.string(s.tag)),
                                      anchor: Self.string(s.anchor), isMapping: false))
                case YAML_MAPPING_START_EVENT:
                    let m = event.data.mapping_start
                    stack.append(Open(node: YAMLNode(.mapping([]), at: location, tag: Self.string(m.tag)),
                                      anchor: Self.string(m.anchor), isMapping: true))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard var open = stack.popLast() else { break }
                    open.node.content = open.isMapping ? .mapping(try Self.pairs(open.items)) : .sequence(open.items)
                    try add(open.node, height: open.childHeight + 1, anchor: open.anchor, at: location)
                case YAML_ALIAS_EVENT:
                    let name = Self.string(event.data.alias.anchor) ?? ""
                    guard let (node, height) = anchors[name] else {
                        throw YAMLError(location: location, message: "unknown alias '*\(name)'")
                    }
                    var copy = node
                    copy.location = location
                    try add(copy, height: height, anchor: nil, at: location)
                default:
                    break
                }
            }
        }

        private mutating func add(_ node: YAMLNode, height: Int, anchor: String?, at location: SourceLocation) throws(YAMLError) {
            if stack.count + height > Self.maximumNesting + 1 {
                throw YAMLError(location: location, message: "YAML nested more than \(Self.maximumNesting) levels deep (counting what aliases bring in)")
            }
            if let anchor { anchors[anchor] = (node, height) }
            guard !stack.isEmpty else {
                root = node
                return
            }
            // In place: copying the enclosing list out and back made a list of n items cost n².
            stack[stack.count - 1].items.append(node)
            stack[stack.count - 1].childHeight = max(stack[stack.count - 1].childHeight, height)
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
                                        message: "duplicate key '\(text.replacingOccurrences(of: YAMLError.lineMarker, with: "\\x01"))' (first given at \(YAMLError.line(first.line)))")
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
                    message = "\(problem) (\(context) at \(YAMLError.line(Int(parser.context_mark.line) + 1)))"
                }
            }
            return YAMLError(
                location: SourceLocation(line: Int(mark.line) + 1, column: Int(mark.column) + 1),
                message: "YAML: " + message)
        }
    }
}
