// Fuzz target: the import's edits of a post's YAML front matter (FrontMatterEditor), the
// way `sitegen import` makes them: a date replaced (the old text kept in a comment), an
// item added to `aliases` or another list, a key added at the end.
//
// Beyond crashes and hangs it checks what the import promises: every edit it says it made
// gives YAML that parses, where the edited key reads as the new value and every other key
// reads as it did. An edit it cannot make in place it must refuse, never write broken YAML.
// (The import writes the edited text only when new keys can be added as lines, so only
// such front matter is edited here.)
@testable import Import
@testable import Support
@testable import YAML

/// The values of a tree without places: what the build reads.
private func describe(_ node: YAMLNode?) -> String {
    guard let node else { return "nothing" }
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

private func pairs(_ node: YAMLNode?) -> [YAMLNode.Pair] {
    if case .mapping(let pairs)? = node?.content { return pairs }
    return []
}

/// The edited text read again; `key` must read as `expected`, every other key as before.
/// Read as `sitegen build` reads it (a key given twice is an error) unless the editor says
/// it left duplicates it could not remove (flow style, explicit `?` keys), which the
/// import's report lists for the author; those are read as Jekyll and Hugo read them.
private func expectEdit(_ editor: FrontMatterEditor, of original: YAMLNode?, key: String, expected: String, _ what: String) {
    let reread: YAMLNode?
    do {
        reread = editor.duplicatesLeft.isEmpty ? try YAMLParser.parse(editor.text) : try YAMLParser.parse(editor.text, duplicateKeys: .lastWins).root
    } catch {
        fatalError("\(what): the edited front matter does not parse: \(error.message) at \(error.location)\n\(editor.text)")
    }
    let got = describe(reread?[key])
    guard got == expected else { fatalError("\(what): '\(key)' reads \(got), not \(expected)\n\(editor.text)") }
    let before = pairs(original).filter { $0.key.scalarText != key }.map { describe($0.key) + ": " + describe($0.value) }
    let after = pairs(reread).filter { $0.key.scalarText != key }.map { describe($0.key) + ": " + describe($0.value) }
    guard before == after else { fatalError("\(what): other keys changed:\n\(before)\n\(after)\n\(editor.text)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrontMatterEdit(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let yaml = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self),
          let editor = try? FrontMatterEditor(yaml: yaml), editor.isMapping,
          // A front matter in flow style (`{…}`) is written back as it was, edits or not.
          editor.acceptsNewKeys else { return 0 }
    let root = editor.root
    let keys = ["date", "updated", "aliases", "tags"] + pairs(root).prefix(8).compactMap(\.key.scalarText)

    for key in keys {
        // As the import converts a date it cannot read.
        var replaced = editor
        if replaced.replaceScalar(key, with: "2020-01-02T03:04:05Z") {
            expectEdit(replaced, of: root, key: key, expected: "string(\"2020-01-02T03:04:05Z\")", "replacing '\(key)'")
        }
        // As the import adds a post's old URL to its aliases.
        var appended = editor
        let old = root?[key]
        if appended.append("\"/old/url/\"", toList: key) {
            let items: [String]
            switch old?.content {
            case .sequence(let list)?: items = list.map(describe)
            case .scalar?: items = old?.scalar == .null ? [] : ["string(\(old!.scalarText!.debugDescription))"]
            case nil: items = []
            case .mapping?: fatalError("appended to a mapping")
            }
            expectEdit(appended, of: root, key: key, expected: "[" + (items + ["string(\"/old/url/\")"]).joined(separator: ", ") + "]",
                       "appending to '\(key)'")
        }
    }
    if root?["imported_from"] == nil {
        var added = editor
        added.add("imported_from", "\"jekyll\"")
        expectEdit(added, of: root, key: "imported_from", expected: "string(\"jekyll\")", "adding a key")
    }
    return 0
}
