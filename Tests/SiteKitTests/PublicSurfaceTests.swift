import Foundation
import Testing
@testable import TestSupport

/// `public` is what a user of the SiteKit library needs; the targets share the rest with
/// `package` and keep everything else internal (the tests use `@testable import`). Swift does
/// not stop `public` from spreading, so this test reads the sources: each module's public
/// types must be the list below, and a `public` member must sit in one of them.
/// Adding to the list is a decision about the library's API, made here on purpose.
@Suite("The public surface")
struct PublicSurfaceTests {
    static let publicTypes: [String: Set<String>] = [
        "SiteKit": [
            // Build a site, or rebuild it in place for a preview.
            "SiteBuilder", "SiteBuilder.Options", "SiteBuilder.Summary", "RebuildCache",
            "OutputSync", "OutputSync.Changes", "OutputWriter", "InterruptedBuilds",
            // Load it and read what it holds.
            "SiteLayout", "SiteLoader", "SiteConfig", "SiteConfig.MarkdownSettings", "SiteConfigDecoder",
            "Site", "Post", "PostDate", "ContentPage", "Series", "Tag", "SeriesMembership",
            // sitegen new post, init, theme eject.
            "NewPost", "NewPost.Created", "NewPost.SeriesPart", "NewPostError", "NewPostError.Kind",
            "NewSite", "CreateError", "ThemeEject", "BuiltInTheme",
        ],
        // What SiteKit's public declarations show of the modules below it.
        "Support": ["Diagnostic", "Diagnostic.Severity", "DiagnosticsError", "SourceLocation", "SourceText"],
        "Markdown": ["MarkdownExtension"],
        "YAML": [], "Mustache": [], "Highlight": [], "DefaultTheme": [],
        // Used by the command line only: `package`.
        "Serve": [], "Snippets": [], "Import": [],
    ]

    @Test(arguments: publicTypes.keys.sorted())
    func publicTypesAreTheListedOnes(_ module: String) throws {
        let surface = try PublicSurface(module: LayeringTests.sources.appendingPathComponent(module))
        #expect(surface.files > 0, "no sources found for \(module)")
        #expect(surface.types == Self.publicTypes[module], "\(module)'s public types changed")
        let elsewhere = Set(Self.publicTypes.values.joined())
        #expect(surface.strayMembers(publicElsewhere: elsewhere).isEmpty,
                "public outside a public type: \(surface.strayMembers(publicElsewhere: elsewhere))")
    }

    /// The scan finds a public type, a nested one, and a public member of an internal type.
    @Test func theScanFindsPublicDeclarations() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("surface-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
            public struct Shown {
                public struct Inner { public var x = "{" }  // public struct Comment {
                var y: Int
            }
            package struct Shared
                : Sendable {
                public var z = 1
            }
            extension Shown { public func f() {} }
            extension Shared {
                @discardableResult public func g() -> Int { 1 }
            }
            public func loose() {}
            """.write(to: folder.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let surface = try PublicSurface(module: folder)
        #expect(surface.types == ["Shown", "Shown.Inner"])
        #expect(surface.strayMembers() == ["A.swift:7 Shared", "A.swift:11 Shared", "A.swift:13 (top level)"])
    }
}

/// The public declarations of one module's sources.
struct PublicSurface {
    var files = 0
    /// Public types, nested ones as `Outer.Inner`.
    var types: Set<String> = []
    /// Public members other than types: where, and the type (or extension) they are in.
    var members: [(place: String, owner: String)] = []

    init(module: URL) throws {
        let typeKeywords: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "extension"]
        let paths = FileManager.default.enumerator(atPath: module.path)?.compactMap { $0 as? String } ?? []
        for path in paths.sorted() where path.hasSuffix(".swift") {
            files += 1
            let text = FolderGraph.withoutCommentsAndStrings(try String(contentsOf: module.appendingPathComponent(path), encoding: .utf8))
            // The types whose bodies are open: (qualified name, brace depth inside the body).
            var enclosing: [(name: String, depth: Int)] = []
            var depth = 0
            // A type declared, whose body's `{` may come on a later line.
            var declared: String?
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // Attributes (`@discardableResult`, `@MainActor`) aside, a declaration starts with its modifiers.
                let code = line.replacing(/^\s*(@\w+(\([^)]*\))?\s+)*/, with: "")
                let words = code.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" && $0 != "." })
                let leading = words.prefix { Self.modifiers.contains($0) || Self.otherModifiers.contains($0) }
                let isPublic = leading.contains("public")
                let keyword = words.firstIndex { typeKeywords.contains($0) }
                if let keyword, keyword + 1 < words.count, words[..<keyword].allSatisfy({ Self.modifiers.contains($0) }) {
                    let name = String(words[keyword + 1])
                    let isExtension = words[keyword] == "extension"
                    declared = isExtension ? name : (enclosing.last.map { $0.name + "." } ?? "") + name
                    if isPublic && !isExtension, let declared { types.insert(declared) }
                } else if isPublic {
                    members.append(("\(path):\(number + 1)", enclosing.last?.name ?? "(top level)"))
                }
                for character in line {
                    if character == "{" {
                        depth += 1
                        if let name = declared { enclosing.append((name, depth)); declared = nil }
                    } else if character == "}" {
                        if enclosing.last?.depth == depth { enclosing.removeLast() }
                        depth -= 1
                    }
                }
            }
        }
    }

    /// Each public member whose type is not public here nor in `elsewhere`, or that is outside
    /// any type: `file:line type`.
    func strayMembers(publicElsewhere elsewhere: Set<String> = []) -> [String] {
        members.filter { !types.contains($0.owner) && !elsewhere.contains($0.owner) }.map { "\($0.place) \($0.owner)" }
    }

    static let modifiers: Set<Substring> = ["public", "package", "private", "fileprivate", "internal", "final", "indirect"]
    static let otherModifiers: Set<Substring> = ["static", "mutating", "nonisolated", "override", "convenience", "required",
                                                 "lazy", "set", "dynamic", "weak", "unowned", "consuming", "borrowing"]
}
