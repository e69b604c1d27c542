import Foundation
import SiteKit
import Support

/// What decides a run's results, short of compiling: every post file's identity (size,
/// modification time, inode), and one key for all the rest (the compiler, sitegen itself,
/// `site.yml`, the prelude and stubs, the options). Learned with `stat` alone, so a warm run
/// knows that nothing changed without reading, let alone parsing, a single post.
struct SnippetFingerprint: Sendable {
    var environment: String
    /// By display path (`Content/posts/x.md`).
    var posts: [String: String]

    init(layout: SiteLayout, toolchain: SwiftToolchain, settings: [String], cacheFolder: URL) {
        var hash = SHA256()
        hash.update(part: "snippets-manifest-2")
        hash.update(part: toolchain.identity)
        for setting in settings { hash.update(part: setting) }
        let executable = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        hash.update(part: Self.identity(executable) ?? "no executable")
        hash.update(part: Self.identity(layout.configFile.path) ?? "no site.yml")
        let snippets = layout.content.appendingPathComponent("snippets")
        for path in DirectoryWalker.files(below: snippets.path, includeHidden: false) {
            hash.update(part: path)
            hash.update(part: Self.identity(snippets.appendingPathComponent(path).path) ?? "")
        }
        // The page record: a warm run must not leave a deleted one missing.
        hash.update(part: Self.identity(VerifiedRecordWriter.url(cacheFolder: cacheFolder).path) ?? "no record")
        environment = hash.hexDigest()
        var posts: [String: String] = [:]
        for path in DirectoryWalker.files(below: layout.posts.path, includeHidden: false) where path.lowercased().hasSuffix(".md") {
            let url = layout.posts.appendingPathComponent(path)
            posts[layout.displayPath(url)] = Self.identity(url.path)
        }
        self.posts = posts
    }

    static func identity(_ path: String) -> String? {
        FileStatus.of(path).map { "\($0.size) \($0.modifiedNanoseconds) \($0.inode) \($0.device)" }
    }
}

/// The results of the last run, post by post, with the identity each post file had then.
/// A post whose file and environment are unchanged takes its results from here: no Markdown
/// parsed, no program assembled, no cache key hashed.
struct SnippetManifest: Codable {
    var environment: String
    var posts: [String: Post]

    struct Post: Codable {
        var identity: String
        var results: [StoredResult]
    }

    static func url(_ cacheFolder: URL) -> URL { cacheFolder.appendingPathComponent("manifest.json") }

    static func load(_ cacheFolder: URL) -> SnippetManifest? {
        guard let data = CacheFile.data(url(cacheFolder)) else { return nil }
        return try? JSONDecoder().decode(SnippetManifest.self, from: data)
    }

    static func remove(from cacheFolder: URL) {
        try? FileManager.default.removeItem(at: url(cacheFolder))
    }

    /// The stored results of `file`, if it and the environment are as they were.
    func results(of file: String, _ fingerprint: SnippetFingerprint) -> [SnippetResult]? {
        guard environment == fingerprint.environment, let post = posts[file], let identity = fingerprint.posts[file],
              post.identity == identity else { return nil }
        return post.results.compactMap(\.result)
    }

    /// Replaces the entries of the posts checked, keeping the others that still exist.
    /// Posts with a result that must not be cached (a timeout) are left out, so the next run
    /// checks them again.
    static func save(_ results: [SnippetResult], checked: Set<String>, _ fingerprint: SnippetFingerprint,
                     previous: SnippetManifest?, to cacheFolder: URL) {
        var posts: [String: Post] = [:]
        if let previous, previous.environment == fingerprint.environment {
            posts = previous.posts.filter { file, post in !checked.contains(file) && fingerprint.posts[file] == post.identity }
        }
        let byFile = Dictionary(grouping: results, by: \.block.file)
        for file in checked {
            guard let identity = fingerprint.posts[file] else { continue }
            let postResults = byFile[file] ?? []
            guard postResults.allSatisfy(\.isCacheable) else { continue }
            posts[file] = Post(identity: identity, results: postResults.map(StoredResult.init))
        }
        let manifest = SnippetManifest(environment: fingerprint.environment, posts: posts)
        guard let data = try? JSONEncoder().encode(manifest) else { return }
        CacheFile.write(data, to: url(cacheFolder))
    }
}

/// A ``SnippetResult`` as the manifest keeps it.
struct StoredResult: Codable {
    var file: String
    var fenceLine: Int
    var indentation: Int
    var info: String
    var code: String
    var program: String
    /// `passed`, `failed`, `not-proven` or `skipped`.
    var status: String
    var reason: String?
    var diagnostics: [StoredDiagnostic]?

    init(_ result: SnippetResult) {
        let block = result.block
        (file, fenceLine, indentation, info, code, program) = (block.file, block.fenceLine, block.indentation, block.info, block.code, result.program)
        switch result.outcome {
        case .passed: status = "passed"
        case .failed(let problems): status = "failed"; diagnostics = problems.map(StoredDiagnostic.init)
        case .notProven(let why): status = "not-proven"; reason = why
        case .skipped(let why): status = "skipped"; reason = why
        }
    }

    var result: SnippetResult? {
        let outcome: SnippetResult.Outcome
        switch status {
        case "passed": outcome = .passed
        case "failed": outcome = .failed((diagnostics ?? []).map(\.diagnostic))
        case "not-proven": outcome = .notProven(reason: reason ?? "")
        case "skipped": outcome = .skipped(reason: reason ?? "")
        default: return nil
        }
        // The words parsed before; a block whose words did not parse has none.
        let attributes = (try? SnippetAttributes.parse(info)) ?? SnippetAttributes()
        let block = SnippetBlock(file: file, fenceLine: fenceLine, indentation: indentation, info: info, code: code, attributes: attributes)
        return SnippetResult(block: block, program: program, outcome: outcome)
    }
}

struct StoredDiagnostic: Codable {
    var severity: String
    var file: String
    var line: Int?
    var column: Int?
    var message: String
    var notes: [StoredDiagnostic]?

    init(_ diagnostic: Diagnostic) {
        severity = diagnostic.severity.rawValue
        file = diagnostic.file
        line = diagnostic.location?.line
        column = diagnostic.location?.column
        message = diagnostic.message
        notes = diagnostic.notes.isEmpty ? nil : diagnostic.notes.map(StoredDiagnostic.init)
    }

    var diagnostic: Diagnostic {
        let location = line.map { SourceLocation(line: $0, column: column ?? 1) }
        return Diagnostic(Diagnostic.Severity(rawValue: severity) ?? .error, file: file, at: location, message,
                          notes: (notes ?? []).map(\.diagnostic))
    }
}
