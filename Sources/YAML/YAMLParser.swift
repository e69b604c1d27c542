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
/// mapping keys are an error, as YAML requires (``DuplicateKeys/error``), or, for files
/// written for Jekyll and Hugo, which both keep the last value, the last one wins and each
/// earlier one is returned (``DuplicateKeys/lastWins``); a YAML stream with more than one
/// document is an error too, since front matter and site settings are one document.
///
/// What aliases copy is bounded (``aliasedNodeLimit(forLength:)``): the tree shares the
/// copies, but whoever reads it visits every one, and nine lines of nested aliases (a
/// "billion laughs") stand for 387 million nodes.
package enum YAMLParser {
    /// The most nodes the aliases of a document may copy in all, counting what the
    /// anchored node holds, and again what its own aliases copied: 10,000, or one per byte of
    /// the YAML when it is longer. Front matter and settings that use aliases copy a few dozen.
    package static func aliasedNodeLimit(forLength length: Int) -> Int { max(10_000, length) }

    /// What a key given twice in one mapping is.
    package enum DuplicateKeys: Sendable {
        /// An error, as YAML requires: sitegen's own files.
        case error
        /// The last value is the key's, as Jekyll (Ruby's Psych) and Hugo read it.
        case lastWins
    }

    /// A key given again later in its mapping, whose earlier pair was dropped.
    package struct DroppedDuplicate: Sendable, Hashable {
        package var key: String
        /// The dropped key's place.
        package var location: SourceLocation
        /// Where the key is given again (the value kept, unless given a third time).
        package var laterLocation: SourceLocation
        /// The lines the dropped pair takes: from its key's line up to the line where the
        /// next pair of the mapping (or the mapping's end) starts. Empty when that is on
        /// the same line (flow style: `{a: 1, a: 2}`).
        package var lines: Range<Int>
        /// The dropped value is a literal or folded block text (its lines may start with `#`).
        package var isBlockText: Bool
    }

    /// Returns nil for an empty document (only comments or nothing).
    package static func parse(_ text: String) throws(YAMLError) -> YAMLNode? {
        try parse(text, duplicateKeys: .error).root
    }

    /// Returns nil for an empty document (only comments or nothing), and with
    /// ``DuplicateKeys/lastWins`` every pair dropped for a later one, in the order written.
    package static func parse(_ text: String, duplicateKeys: DuplicateKeys) throws(YAMLError) -> (root: YAMLNode?, dropped: [DroppedDuplicate]) {
        var bytes = Array(text.utf8)
        if bytes.isEmpty { bytes = [0x0A] }
        let result: Result<(root: YAMLNode?, dropped: [DroppedDuplicate]), YAMLError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else {
                return .failure(YAMLError(location: SourceLocation(line: 1, column: 1), message: "could not start the YAML parser"))
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = TreeBuilder(duplicateKeys: duplicateKeys)
            return Result { () throws(YAMLError) -> (root: YAMLNode?, dropped: [DroppedDuplicate]) in
                let root = try builder.run(&parser, inputLength: buffer.count)
                return (root, builder.dropped)
            }
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
            /// Nodes in the children so far, aliases expanded.
            var childNodes = 0
        }

        /// Settings and front matter are shallow; a bound keeps the recursive
        /// release and comparison of a pathological tree off the stack's edge.
        static let maximumNesting = 64

        let duplicateKeys: DuplicateKeys
        /// With ``DuplicateKeys/lastWins``: the pairs dropped so far.
        private(set) var dropped: [DroppedDuplicate] = []

        init(duplicateKeys: DuplicateKeys) {
            self.duplicateKeys = duplicateKeys
        }

        private var stack: [Open] = []
        /// Each anchored node with its height and its nodes (aliases in it expanded): an alias
        /// copies the node, and the bounds on nesting and on copies count what it brings along.
        private var anchors: [String: (node: YAMLNode, height: Int, nodes: Int)] = [:]
        private var root: YAMLNode?
        private var documents = 0
        /// Nodes the aliases copied so far, and the most they may (``YAMLParser/aliasedNodeLimit(forLength:)``).
        private var aliasedNodes = 0
        private var aliasedNodeLimit = 0

        mutating func run(_ parser: inout yaml_parser_t, inputLength: Int) throws(YAMLError) -> YAMLNode? {
            aliasedNodeLimit = YAMLParser.aliasedNodeLimit(forLength: inputLength)
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
                    try add(node, height: 1, nodes: 1, anchor: Self.string(s.anchor), at: location)
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
                    open.node.content = open.isMapping ? .mapping(try pairs(open.items, end: location)) : .sequence(open.items)
                    try add(open.node, height: open.childHeight + 1, nodes: open.childNodes + 1, anchor: open.anchor, at: location)
                case YAML_ALIAS_EVENT:
                    let name = Self.string(event.data.alias.anchor) ?? ""
                    guard let (node, height, nodes) = anchors[name] else {
                        throw YAMLError(location: location, message: "unknown alias '*\(name)'")
                    }
                    aliasedNodes += nodes
                    if aliasedNodes > aliasedNodeLimit {
                        throw YAMLError(location: location, message: "the alias '*\(name)' copies \(nodes) node\(nodes == 1 ? "" : "s"), more than aliases may copy in one document (\(aliasedNodeLimit) nodes in all, counting copies inside copies): nested aliases that multiply are refused")
                    }
                    var copy = node
                    copy.location = location
                    try add(copy, height: height, nodes: nodes, anchor: nil, at: location)
                default:
                    break
                }
            }
        }

        private mutating func add(_ node: YAMLNode, height: Int, nodes: Int, anchor: String?, at location: SourceLocation) throws(YAMLError) {
            if stack.count + height > Self.maximumNesting + 1 {
                throw YAMLError(location: location, message: "YAML nested more than \(Self.maximumNesting) levels deep (counting what aliases bring in)")
            }
            if let anchor { anchors[anchor] = (node, height, nodes) }
            guard !stack.isEmpty else {
                root = node
                return
            }
            // In place: copying the enclosing list out and back made a list of n items cost n².
            stack[stack.count - 1].items.append(node)
            stack[stack.count - 1].childHeight = max(stack[stack.count - 1].childHeight, height)
            stack[stack.count - 1].childNodes += nodes
        }

        /// The mapping's pairs from its items (key, value, key, value, …); `end` is where the
        /// mapping's end was read.
        private mutating func pairs(_ items: [YAMLNode], end: SourceLocation) throws(YAMLError) -> [YAMLNode.Pair] {
            var pairs: [YAMLNode.Pair] = []
            /// Each key's index in `pairs`.
            var seen: [String: Int] = [:]
            pairs.reserveCapacity(items.count / 2)
            var index = 0
            while index + 1 < items.count {
                let key = items[index]
                let pair = YAMLNode.Pair(key: key, value: items[index + 1])
                guard let text = key.scalarText, let first = seen[text] else {
                    if let text = key.scalarText { seen[text] = pairs.count }
                    pairs.append(pair)
                    index += 2
                    continue
                }
                let earlier = pairs[first]
                guard duplicateKeys == .lastWins else {
                    throw YAMLError(location: key.location,
                                    message: "duplicate key '\(text.replacingOccurrences(of: YAMLError.lineMarker, with: "\\x01"))' (first given at \(YAMLError.line(earlier.key.location.line)))")
                }
                // The earlier pair's lines end where the item after it starts (in the order written).
                let next = items.firstIndex { $0.location == earlier.key.location }.map { $0 + 2 < items.count ? items[$0 + 2].location : end } ?? end
                var isBlockText = false
                if case .scalar(_, let style) = earlier.value.content { isBlockText = style == .literal || style == .folded }
                dropped.append(DroppedDuplicate(key: text, location: earlier.key.location, laterLocation: key.location,
                                                lines: earlier.key.location.line..<max(earlier.key.location.line, next.line), isBlockText: isBlockText))
                pairs[first] = pair
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
