// Fuzz target: TOML front matter as `sitegen import` reads a Hugo post's `+++` block:
// TOMLParser, then the YAML it is written as (YAMLWriter), read back by the build's YAML
// parser.
//
// Beyond crashes and hangs it checks the import's promises: an error is at a line and
// column inside the text; every node is too; and TOML that parses becomes YAML the build
// reads back as the same values (types, texts, order), so nothing the author wrote is
// lost or changed on the way.
@testable import Import
@testable import Support
@testable import YAML

/// Lines of `text` as libyaml and the TOML scanner count them (at `\n`), each with its
/// length in Unicode scalars. Split by scalars, not Characters: `\r\n` is one Character,
/// and splitting the String at "\n" left every CRLF line joined to the next.
private func lineLengths(_ text: String) -> [Int] {
    text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(\.count)
}

private func check(_ location: SourceLocation, in lengths: [Int], _ what: String) {
    guard location.line >= 1, location.line <= lengths.count, location.column >= 1,
          location.column <= lengths[location.line - 1] + 1 else {
        fatalError("\(what) at \(location), outside the text (\(lengths.count) lines)")
    }
}

private func checkLocations(_ node: YAMLNode, in lengths: [Int], depth: Int = 0) {
    check(node.location, in: lengths, "a node")
    switch node.content {
    case .scalar: break
    case .sequence(let items): items.forEach { checkLocations($0, in: lengths, depth: depth + 1) }
    case .mapping(let pairs):
        for pair in pairs {
            check(pair.key.location, in: lengths, "a key")
            checkLocations(pair.value, in: lengths, depth: depth + 1)
        }
    }
}

/// The values of a tree without places: what the build reads.
private func describe(_ node: YAMLNode) -> String {
    switch node.content {
    case .scalar:
        switch node.scalar {
        case .null: return "null"
        case .bool(let value): return "bool(\(value))"
        case .int(let value): return "int(\(value))"
        case .double(let value): return value.isNaN ? "nan" : "double(\(value))"
        case .string(let text): return "string(\(text.debugDescription))"
        case nil: return "?"
        }
    case .sequence(let items): return "[" + items.map(describe).joined(separator: ", ") + "]"
    // Keys are texts, whatever they look like (`1234 = …`, `"" = …`): the build reads them so.
    case .mapping(let pairs): return "{" + pairs.map { ($0.key.scalarText ?? "?").debugDescription + ": " + describe($0.value) }.joined(separator: ", ") + "}"
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTOML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
    let lengths = lineLengths(text)
    let root: YAMLNode
    let comments: [String]
    do {
        (root, comments) = try TOMLParser.parse(text)
    } catch {
        check(error.location, in: lengths, "the error '\(error.message)'")
        return 0
    }
    checkLocations(root, in: lengths)
    guard case .mapping(let pairs) = root.content else { fatalError("TOML parsed to \(root.kindName), not a table") }
    let yaml = YAMLWriter.document(root, comments: comments)
    let reread: YAMLNode?
    do {
        reread = try YAMLParser.parse(yaml)
    } catch {
        fatalError("the YAML written for this TOML does not parse: \(error.message) at \(error.location)\n\(yaml)")
    }
    if pairs.isEmpty {
        guard reread == nil || describe(reread!) == "{}" else { fatalError("an empty table became \(describe(reread!))") }
        return 0
    }
    guard let reread else { fatalError("the YAML written for this TOML is empty:\n\(yaml)") }
    let (before, after) = (describe(root), describe(reread))
    guard before == after else { fatalError("the YAML reads differently:\nTOML: \(before)\nYAML: \(after)\n\(yaml)") }
    return 0
}
