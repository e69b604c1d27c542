import Foundation
import SiteKit
import Support

/// Mangled names to what a reader writes: `$sSaySSGD` → `[String]`, through the toolchain's
/// `swift-demangle`, all names of a run in one process per form.
struct TypeDemangler {
    /// `swift-demangle` beside `swiftc`.
    var executable: String
    /// Modules whose names are left out of types: the program's own (`main`) is left out by
    /// the demangler, these by a pass over its output (the stubs, Foundation's parts).
    var hiddenModules: [String]

    init(toolchain: SwiftToolchain, hiddenModules: [String]) {
        executable = URL(fileURLWithPath: toolchain.swiftc).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("swift-demangle").path
        self.hiddenModules = hiddenModules + ["Foundation", "FoundationEssentials", "FoundationInternationalization"]
    }

    /// Types, in Swift's spelling: `[String : Int]?`, `(String) -> Int`.
    func types(_ names: Set<String>) -> [String: String] {
        demangle(names, flags: ["--compact", "--hiding-module=main", "--display-stdlib-module=false"]).mapValues(hidingModules)
    }

    /// Declarations without their types, as Apple's documentation names them: `Collection.map<A, B>(_:)`.
    func symbols(_ usrs: Set<String>) -> [String: String] {
        let mangled = Set(usrs.filter { $0.hasPrefix("s:") }.map { "$s" + $0.dropFirst(2) })
        let names = demangle(mangled, flags: ["--simplified"])
        return Dictionary(uniqueKeysWithValues: usrs.compactMap { usr in names["$s" + usr.dropFirst(2)].map { (usr, $0) } })
    }

    private func demangle(_ names: Set<String>, flags: [String]) -> [String: String] {
        let list = names.sorted()
        guard !list.isEmpty, FileManager.default.isExecutableFile(atPath: executable) else { return [:] }
        let result = ProcessRunner.run(executable, flags, in: FileManager.default.temporaryDirectory,
                                       input: Data((list.joined(separator: "\n") + "\n").utf8), timeout: 60, outputLimit: 64 << 20)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        guard result.status == 0, lines.count >= list.count else { return [:] }
        var demangled: [String: String] = [:]
        for (name, line) in zip(list, lines) where line != name { demangled[name] = String(line) }
        return demangled
    }

    private func hidingModules(_ text: String) -> String {
        var text = text
        for module in hiddenModules { text = text.replacingOccurrences(of: module + ".", with: "") }
        return text
    }
}

/// The popover's words for each raw mark, once its names are demangled.
enum TypeText {
    static func marks(_ raw: [RawTypeMark], types: [String: String], symbols: [String: String], opaque: [String: String]) -> [TypeMark] {
        raw.compactMap { mark in
            guard let text = text(mark, types: types, symbols: symbols, opaque: opaque) else { return nil }
            return TypeMark(start: mark.offset, length: mark.length, text: text, link: link(mark, types: types, symbols: symbols))
        }
    }

    static func text(_ mark: RawTypeMark, types: [String: String], symbols: [String: String], opaque: [String: String]) -> String? {
        if mark.kind == .declaration { return mark.written.flatMap { $0.isEmpty ? nil : $0 } }
        guard let mangled = mark.type, var type = types[mangled] else { return nil }
        for (name, some) in opaque where type.contains(name) { type = type.replacingOccurrences(of: name, with: some) }
        if let generics = mark.generics { type = renamingGenerics(type, generics) }
        switch mark.kind {
        case .constant: return "let \(mark.name): \(type)"
        case .variable: return "var \(mark.name): \(type)"
        case .parameter: return "\(mark.name): \(type)"
        case .typeName: return type.hasSuffix(".Type") ? String(type.dropLast(5)) : type
        case .reference:
            // A function as Apple names it, `map(_:)`, with its type at this use.
            if let usr = mark.usr, let symbol = symbols[usr], let call = AppleDocumentation.lastComponent(of: symbol), call.contains("(") {
                return "\(call): \(type)"
            }
            return "\(mark.name): \(type)"
        case .declaration: return nil
        }
    }

    /// `(A, A) -> Bool` with `A` → `T`: whole words only.
    static func renamingGenerics(_ type: String, _ names: [String: String]) -> String {
        var result = ""
        var word = ""
        func flush() {
            result += names[word] ?? word
            word = ""
        }
        for character in type {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }

    static func link(_ mark: RawTypeMark, types: [String: String], symbols: [String: String]) -> String? {
        if let usr = mark.usr, let symbol = symbols[usr] { return AppleDocumentation.url(usr: usr, symbol: symbol) }
        if mark.kind == .typeName, let mangled = mark.type, let type = types[mangled] {
            return AppleDocumentation.url(typeMangled: mangled, type: type.hasSuffix(".Type") ? String(type.dropLast(5)) : type)
        }
        return nil
    }

    /// `some Sequence` for each opaque result type's demangled name
    /// (`<<opaque return type of evens() -> some>>.0`).
    static func opaqueNames(_ opaque: [RawOpaqueType], types: [String: String]) -> [String: String] {
        var names: [String: String] = [:]
        for item in opaque {
            guard let name = types[item.type] else { continue }
            let protocols = item.protocols.compactMap { types[$0] }
            names[name] = protocols.isEmpty ? "some Any" : "some " + protocols.joined(separator: " & ")
        }
        return names
    }
}

/// Apple's documentation page of a standard library or Foundation symbol, derived as the
/// site derives its own paths: `https://developer.apple.com/documentation/` + the module
/// (`swift` or `foundation`) + the symbol's path, each component lowercased, generic
/// parameters left out, a function with its argument labels:
/// `String.count` → `…/swift/string/count`, `Array.append(_:)` → `…/swift/array/append(_:)`,
/// `print(_:separator:terminator:)` → `…/swift/print(_:separator:terminator:)`.
/// Overloads that Apple tells apart with a hash suffix (`-1v7s9`) get the page without it.
enum AppleDocumentation {
    static let base = "https://developer.apple.com/documentation/"

    /// The module's folder, from the USR: `s:s…`/`s:S…` the standard library, Foundation's modules `foundation`.
    static func module(usr: String) -> String? {
        if usr.hasPrefix("s:s") || usr.hasPrefix("s:S") { return "swift" }
        for name in ["Foundation", "FoundationEssentials", "FoundationInternationalization"] where usr.hasPrefix("s:\(name.utf8.count)\(name)") {
            return "foundation"
        }
        return nil
    }

    static func url(usr: String, symbol: String) -> String? {
        guard let module = module(usr: usr) else { return nil }
        return url(module: module, symbol: symbol)
    }

    /// For a type named in an expression: only the standard library's (`$sS…`, `$ss…`).
    static func url(typeMangled: String, type: String) -> String? {
        guard typeMangled.hasPrefix("$sS") || typeMangled.hasPrefix("$ss") else { return nil }
        return url(module: "swift", symbol: type)
    }

    /// `Collection.map<A, B>(_:)` in `swift` → `https://developer.apple.com/documentation/swift/collection/map(_:)`.
    static func url(module: String, symbol: String) -> String? {
        let components = path(symbol)
        guard !components.isEmpty, components.allSatisfy({ $0.first.map { $0.isLetter || $0 == "_" } ?? false }) else { return nil }
        return base + module + "/" + components.map { $0.lowercased() }.joined(separator: "/")
    }

    /// The symbol's components: generic clauses and `(extension in Swift):` dropped, split at
    /// the dots outside parentheses.
    static func path(_ symbol: String) -> [String] {
        var text = symbol
        while let range = text.range(of: "(extension in ") , let close = text[range.upperBound...].range(of: "):") {
            text.removeSubrange(range.lowerBound..<close.upperBound)
        }
        var components: [String] = []
        var current = ""
        var angle = 0
        var paren = 0
        for character in text {
            switch character {
            case "<": angle += 1
            case ">": angle -= 1
            case "(" where angle == 0: paren += 1; current.append(character)
            case ")" where angle == 0: paren -= 1; current.append(character)
            case "." where angle == 0 && paren == 0:
                components.append(current)
                current = ""
            case " " where angle == 0 && paren == 0:
                // `String.count : Int`: the type after the name is not part of it.
                if !current.isEmpty { components.append(current) }
                return components.filter { !$0.isEmpty }
            default:
                if angle == 0 { current.append(character) }
            }
        }
        if !current.isEmpty { components.append(current) }
        return components.filter { !$0.isEmpty }
    }

    /// `Collection.map<A, B>(_:)` → `map(_:)`.
    static func lastComponent(of symbol: String) -> String? {
        path(symbol).last
    }
}
