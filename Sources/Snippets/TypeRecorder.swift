import Foundation
import SiteKit

/// One identifier of a program the compiler typed, as read from its AST
/// (`swiftc -dump-ast -dump-ast-format json`): where, what, and its type still mangled.
/// Cached with the compiler's outcome, in offsets of the generated source.
struct RawTypeMark: Sendable, Codable, Hashable {
    enum Kind: String, Sendable, Codable {
        /// `let`/`var` declared here: `let names: [String]`.
        case constant, variable
        /// A function's or closure's parameter: `word: String`.
        case parameter
        /// A function, initializer or type declared here: its head as written (`written`).
        case declaration
        /// A use of a declaration: its type at this use (a generic function's substituted one).
        case reference
        /// A type named in an expression (`Box(value: 3)`): the type.
        case typeName
    }

    var offset: Int
    var length: Int
    var kind: Kind
    var name: String
    /// Mangled (`$sSaySSGD`); nil for a declaration.
    var type: String?
    /// The declaration's USR (`s:SS5countSivp`), for a link to Apple's documentation.
    var usr: String?
    /// A declaration's head, whitespace collapsed: `func pair<T: Equatable>(_ a: T, _ b: T) -> Bool`.
    var written: String?
    /// The generic parameters in scope, by the names the demangler gives them (`A`, `B`, `A1`)
    /// to the names written (`T`, `Value`).
    var generics: [String: String]? = nil
}

/// What an opaque result type (`some Sequence`) is: the compiler's mangled name for it and
/// the mangled protocols it conforms to.
struct RawOpaqueType: Sendable, Codable, Hashable {
    var type: String
    var protocols: [String]
}

/// Everything the AST said about types, for one program.
struct RawTypes: Sendable, Codable, Hashable {
    var marks: [RawTypeMark] = []
    var opaque: [RawOpaqueType] = []
}

/// Reads the identifiers of a typed AST. The JSON format is the compiler's and not promised
/// stable: what it does not recognise it leaves out, and every mark is checked against the
/// source text (the name must be there), so a change of format loses types, never shows
/// wrong ones.
enum TypeRecorder {
    static let astFile = "ast.json"
    /// In place of `-typecheck`: type-checks the same and writes the typed AST.
    /// `-module-name main`: else the module is named after the output file.
    static let dumpFlags = ["-dump-ast", "-dump-ast-format", "json", "-module-name", "main", "-o", astFile]

    static func read(json: Data, source: String) -> RawTypes {
        guard let root = try? JSONSerialization.jsonObject(with: json) else { return RawTypes() }
        var recorder = Walk(source: Array(source.utf8))
        recorder.visit(root)
        // One mark per place: a declaration over a use the compiler made implicit.
        var seen: Set<Int> = []
        var marks: [RawTypeMark] = []
        for mark in recorder.types.marks.sorted(by: { ($0.offset, $0.kind == .declaration ? 0 : 1) < ($1.offset, $1.kind == .declaration ? 0 : 1) })
        where seen.insert(mark.offset).inserted {
            marks.append(mark)
        }
        recorder.types.marks = marks
        return recorder.types
    }

    private struct Walk {
        let source: [UInt8]
        var types = RawTypes()
        /// Offsets of methods recorded with their applied type: the curried use under it is not.
        var applied: Set<Int> = []
        /// The generic parameters of the declarations around the node visited, outermost first.
        var genericScopes: [[String]] = []

        init(source: [UInt8]) { self.source = source }

        mutating func visit(_ node: Any) {
            if let list = node as? [Any] {
                for item in list { visit(item) }
                return
            }
            guard let object = node as? [String: Any] else { return }
            let kind = object["_kind"] as? String
            if object["implicit"] as? Bool != true, let kind {
                record(kind, object)
            }
            let scope = kind.flatMap { genericNames($0, object) }
            if let scope { genericScopes.append(scope) }
            for (key, value) in object where key != "_kind" {
                if value is [Any] || value is [String: Any] { visit(value) }
            }
            if scope != nil { genericScopes.removeLast() }
        }

        /// The generic parameters a declaration introduces, as written: `<T: Equatable, U>` → T, U;
        /// a protocol's `Self`. Nil for a declaration without a clause of its own.
        func genericNames(_ kind: String, _ node: [String: Any]) -> [String]? {
            guard node["generic_signature"] != nil else { return nil }
            if kind == "protocol" { return ["Self"] }
            guard ["func_decl", "constructor_decl", "struct_decl", "class_decl", "enum_decl", "actor_decl"].contains(kind),
                  let range = node["range"] as? [String: Any], let start = range["start"] as? Int, let end = range["end"] as? Int else { return nil }
            let name = kind == "constructor_decl" ? "init" : Self.declName(node)
            guard let name, let at = identifier(name, from: start, to: end) else { return nil }
            var index = at + name.utf8.count
            guard index < source.count, source[index] == UInt8(ascii: "<") else { return nil }
            var names: [String] = []
            var depth = 0
            var expectName = true
            while index < source.count {
                let byte = source[index]
                if byte == UInt8(ascii: "<") { depth += 1 } else if byte == UInt8(ascii: ">") { depth -= 1; if depth == 0 { break } }
                else if depth == 1 && byte == UInt8(ascii: ",") { expectName = true }
                else if depth == 1, expectName, Self.isIdentifierByte(byte), let word = identifierText(at: index) {
                    names.append(word)
                    expectName = false
                    index += word.utf8.count
                    continue
                }
                index += 1
            }
            return names.isEmpty ? nil : names
        }

        /// The demangler's names of the parameters in scope (`A`, `B`, … at depth 0; `A1`, … at depth 1) to the written ones.
        var genericMap: [String: String]? {
            guard !genericScopes.isEmpty else { return nil }
            var map: [String: String] = [:]
            for (depth, names) in genericScopes.enumerated() {
                for (index, name) in names.enumerated() where index < 26 {
                    let letter = String(UnicodeScalar(UInt8(ascii: "A") + UInt8(index)))
                    map[letter + (depth == 0 ? "" : String(depth))] = name
                }
            }
            return map
        }

        private mutating func record(_ kind: String, _ node: [String: Any], appliedType: String? = nil) {
            guard let range = node["range"] as? [String: Any], let start = range["start"] as? Int, let end = range["end"] as? Int else { return }
            switch kind {
            case "var_decl":
                guard let name = Self.declName(node), let type = node["interface_type"] as? String,
                      let at = identifier(name, from: start, to: end) else { return }
                let markKind: RawTypeMark.Kind = node["let"] as? Bool == true ? .constant : .variable
                add(RawTypeMark(offset: at, length: name.utf8.count, kind: markKind, name: name, type: type,
                                               usr: node["usr"] as? String))
            case "parameter_list":
                // Parameters carry no range of their own: each is found in its list, in order,
                // at its name (after its label), the search going on after the next comma.
                var cursor = start
                for parameter in (node["params"] as? [[String: Any]]) ?? [] {
                    guard let name = Self.declName(parameter), let type = parameter["interface_type"] as? String,
                          let at = identifier(name, from: cursor, to: end) else { continue }
                    add(RawTypeMark(offset: at, length: name.utf8.count, kind: .parameter, name: name, type: type))
                    cursor = nextComma(after: at + name.utf8.count, before: end) ?? end
                }
            case "func_decl", "constructor_decl":
                let name = kind == "constructor_decl" ? "init" : Self.declName(node)
                guard let name, let at = identifier(name, from: start, to: end) else { return }
                let body = (node["body"] as? [String: Any])?["range"] as? [String: Any]
                let headEnd = (body?["start"] as? Int) ?? tokenEnd(end)
                add(RawTypeMark(offset: at, length: name.utf8.count, kind: .declaration, name: name,
                                               usr: node["usr"] as? String, written: written(start, headEnd)))
                if let opaque = node["opaque_result_decl"] as? [String: Any], let type = opaque["declared_interface_type"] as? String {
                    let requirements = (opaque["reqs"] as? [[String: Any]]) ?? []
                    let protocols = requirements.filter { $0["kind"] as? String == "conforms_to" }.compactMap { $0["protocol"] as? String }
                        .filter { $0.hasPrefix("s:") }.map { "$s" + $0.dropFirst(2) + "D" }
                    types.opaque.append(RawOpaqueType(type: type, protocols: protocols))
                }
            case "struct_decl", "class_decl", "enum_decl", "protocol", "actor_decl":
                guard let name = Self.declName(node), let at = identifier(name, from: start, to: end) else { return }
                let brace = source[at..<min(end + 1, source.count)].firstIndex(of: UInt8(ascii: "{")) ?? tokenEnd(end)
                add(RawTypeMark(offset: at, length: name.utf8.count, kind: .declaration, name: name,
                                               usr: node["usr"] as? String, written: written(start, brace)))
            case "declref_expr", "member_ref_expr":
                guard let decl = node["decl"] as? [String: Any], let name = decl["base_name"] as? String,
                      let type = appliedType ?? node["type"] as? String, !type.isEmpty else { return }
                let at = kind == "declref_expr" ? start : end
                guard isIdentifier(name, at: at), appliedType != nil || !applied.contains(at) else { return }
                if appliedType != nil { applied.insert(at) }
                add(RawTypeMark(offset: at, length: name.utf8.count, kind: .reference, name: name, type: type,
                                               usr: (decl["decl_usr"] as? String).flatMap { $0.isEmpty ? nil : $0 }))
            case "dot_syntax_call_expr":
                // `names.map`: the method as applied to its base, not the curried `(Self) -> …`.
                guard let function = node["fn"] as? [String: Any], function["_kind"] as? String == "declref_expr",
                      function["implicit"] as? Bool != true, let type = node["type"] as? String else { return }
                record("declref_expr", function, appliedType: type)
            case "type_expr":
                guard let type = node["type"] as? String, let name = identifierText(at: start) else { return }
                add(RawTypeMark(offset: start, length: name.utf8.count, kind: .typeName, name: name, type: type))
            default:
                return
            }
        }

        private mutating func add(_ mark: RawTypeMark) {
            var mark = mark
            mark.generics = genericMap
            types.marks.append(mark)
        }

        static func declName(_ node: [String: Any]) -> String? {
            guard let name = node["name"] as? [String: Any], let base = name["base_name"] as? [String: Any] else { return nil }
            return base["name"] as? String
        }

        static func isIdentifierByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }

        /// Whether `name` (an identifier, not an operator) is written at `offset` as a whole token.
        func isIdentifier(_ name: String, at offset: Int) -> Bool {
            let bytes = Array(name.utf8)
            guard let first = bytes.first, Self.isIdentifierByte(first), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
                  offset >= 0, offset + bytes.count <= source.count, source[offset..<(offset + bytes.count)].elementsEqual(bytes) else { return false }
            if offset > 0, Self.isIdentifierByte(source[offset - 1]) { return false }
            return offset + bytes.count == source.count || !Self.isIdentifierByte(source[offset + bytes.count])
        }

        /// The first place in `start...end` where `name` is written as a token.
        func identifier(_ name: String, from start: Int, to end: Int) -> Int? {
            guard let first = name.utf8.first, start >= 0 else { return nil }
            var offset = start
            while offset <= min(end, source.count - 1) {
                if source[offset] == first, isIdentifier(name, at: offset) { return offset }
                offset += 1
            }
            return nil
        }

        /// The offset after the next `,` outside brackets (a parameter's type may hold some), before `end`.
        func nextComma(after start: Int, before end: Int) -> Int? {
            var depth = 0
            var offset = start
            while offset < min(end, source.count) {
                switch source[offset] {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: ">"): depth = max(0, depth - 1)
                case UInt8(ascii: ",") where depth == 0: return offset + 1
                default: break
                }
                offset += 1
            }
            return nil
        }

        func identifierText(at offset: Int) -> String? {
            guard offset >= 0, offset < source.count, Self.isIdentifierByte(source[offset]) else { return nil }
            var end = offset
            while end < source.count, Self.isIdentifierByte(source[end]) { end += 1 }
            return String(decoding: source[offset..<end], as: UTF8.self)
        }

        /// The end of the token starting at `offset` (the compiler's ranges end at the last token's start).
        func tokenEnd(_ offset: Int) -> Int {
            guard offset < source.count else { return source.count }
            var end = offset
            if Self.isIdentifierByte(source[end]) {
                while end < source.count, Self.isIdentifierByte(source[end]) { end += 1 }
                return end
            }
            return end + 1
        }

        /// The source from `start` to `end`, on one line, as a popover shows a head.
        func written(_ start: Int, _ end: Int) -> String {
            guard start < end, end <= source.count else { return "" }
            let text = String(decoding: source[start..<end], as: UTF8.self)
            return text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
        }
    }

    /// The marks of each block, in offsets of its own code: the generated source's offsets
    /// mapped back through `segments`; only the `blocks` given (those the program decides).
    static func byBlock(_ types: RawTypes, segments: [SnippetProgram.Segment], blocks: Set<SnippetBlock>) -> [SnippetBlock: [RawTypeMark]] {
        var result: [SnippetBlock: [RawTypeMark]] = [:]
        let ordered = segments.filter { blocks.contains($0.block) }.sorted { $0.generated.lowerBound < $1.generated.lowerBound }
        for mark in types.marks {
            // Segments are few (a program's blocks): a binary search would not pay.
            guard let segment = ordered.last(where: { $0.generated.lowerBound <= mark.offset }),
                  mark.offset + mark.length <= segment.generated.upperBound else { continue }
            var local = mark
            local.offset = mark.offset - segment.generated.lowerBound + segment.blockOffset
            result[segment.block, default: []].append(local)
        }
        return result
    }
}
