import Foundation
import SiteKit
import Support

/// A module of `Content/snippets/stubs/<Name>/`: declarations standing in for an Apple
/// framework (UIKit) so posts type-check on Linux. On macOS the real SDK is used instead.
struct StubModule: Sendable, Hashable {
    var name: String
    /// (display path, text) of each `.swift` file, sorted.
    var files: [(path: String, text: String)]

    static func == (a: StubModule, b: StubModule) -> Bool {
        a.name == b.name && a.files.map(\.path) == b.files.map(\.path) && a.files.map(\.text) == b.files.map(\.text)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        for file in files { hasher.combine(file.path); hasher.combine(file.text) }
    }

    static func load(from folder: URL, layout: SiteLayout) throws(DiagnosticsError) -> [StubModule] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var modules: [StubModule] = []
        let boundary = FolderBoundary(root: layout.root.path)
        for name in names.sorted() where !name.hasPrefix(".") {
            let moduleFolder = folder.appendingPathComponent(name)
            var files: [(path: String, text: String)] = []
            // Links that lead outside the site, loops and FIFOs are errors, never read.
            let listing = boundary.files(below: moduleFolder.path, includeHidden: false)
            if !listing.problems.isEmpty {
                throw DiagnosticsError(listing.problems.map { .error(layout.displayPath(URL(fileURLWithPath: $0.path)), nil, $0.message) })
            }
            for path in listing.files where path.hasSuffix(".swift") {
                let url = moduleFolder.appendingPathComponent(path)
                do throws(Diagnostic) {
                    let source = try SourceText.read(url, displayPath: layout.displayPath(url))
                    if let place = LineDirective.find(in: source.text) {
                        throw Diagnostic.error(source.path, SourceLocation(line: place.line, column: place.column), LineDirective.message)
                    }
                    files.append((source.path, source.text))
                } catch {
                    throw DiagnosticsError([error])
                }
            }
            if !files.isEmpty { modules.append(StubModule(name: name, files: files)) }
        }
        return modules
    }
}

/// The built stub modules: a folder to pass with `-I`/`-L`, and the libraries to link.
struct StubBuild: Sendable {
    var folder: URL?
    var libraries: [String]
    /// Part of every program's cache key: new stubs mean new results.
    var key: String
    /// The stubs' source files (display paths): diagnostics may show their lines.
    var files: [String] = []
}

/// Results and build products, kept by a hash of everything that decides them: the
/// generated source, compiler identity, flags and stubs. Unchanged input, no compiler.
struct SnippetCache: Sendable {
    var folder: URL
    var toolchain: SwiftToolchain

    /// The compiler's module cache (Clang's `.pcm` files), one per place the cache folder is
    /// at: every `.pcm` names the folder it was built in, and the compiler refuses one found
    /// at another path ("was compiled with module cache path …"). A site moved, copied or
    /// restored by CI elsewhere builds a new one beside the results, which stay valid.
    var moduleCache: URL {
        var hash = SHA256()
        hash.update(folder.resolvingSymlinksInPath().path)
        return folder.appendingPathComponent("module-cache/\(hash.hexDigest().prefix(16))")
    }

    /// Removes the module caches of the places the folder was at before (see ``moduleCache``).
    func removeOtherModuleCaches() {
        let parent = moduleCache.deletingLastPathComponent(), current = moduleCache.lastPathComponent
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] where name != current {
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    func key(_ parts: [String]) -> String {
        var hash = SHA256()
        hash.update(toolchain.identity)
        for part in parts { hash.update(part: part) }
        return hash.hexDigest()
    }

    func resultURL(_ key: String) -> URL { folder.appendingPathComponent("results/\(key).json") }

    func cachedOutcome(_ key: String) -> CompilerOutcome? {
        guard let data = CacheFile.data(resultURL(key)) else { return nil }
        return try? JSONDecoder().decode(CompilerOutcome.self, from: data)
    }

    func store(_ outcome: CompilerOutcome, key: String) {
        guard let data = try? JSONEncoder().encode(outcome) else { return }
        CacheFile.write(data, to: resultURL(key))
    }

    /// A fresh folder for one compilation's files.
    func workFolder() -> URL {
        let url = folder.appendingPathComponent("work/\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Builds the stub modules once per content and compiler (`-emit-module -emit-library`, so
    /// `run` programs can link them); later runs find them by key.
    func buildStubs(_ stubs: [StubModule], counter: ProcessCounter) throws(DiagnosticsError) -> StubBuild {
        guard !stubs.isEmpty else { return StubBuild(folder: nil, libraries: [], key: "") }
        let files = stubs.flatMap { $0.files.map(\.path) }
        let key = self.key(["stubs", "swift-5"] + stubs.flatMap { [$0.name] + $0.files.flatMap { [$0.path, $0.text] } })
        let output = folder.appendingPathComponent("stubs/\(key)")
        let complete = output.appendingPathComponent(".complete")
        let libraries = stubs.map(\.name)
        if FileManager.default.fileExists(atPath: complete.path) {
            return StubBuild(folder: output, libraries: libraries, key: key, files: files)
        }
        try? FileManager.default.removeItem(at: output)
        try? FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        for (index, stub) in stubs.enumerated() {
            let work = workFolder()
            defer { try? FileManager.default.removeItem(at: work) }
            var sources: [String] = []
            for (number, file) in stub.files.enumerated() {
                let url = work.appendingPathComponent("\(number)-\(URL(fileURLWithPath: file.path).lastPathComponent)")
                // Diagnostics name the stub's own file.
                let text = "#sourceLocation(file: \(SnippetProgram.literal(file.path)), line: 1)\n\(file.text)\n#sourceLocation()\n"
                try? text.write(to: url, atomically: true, encoding: .utf8)
                sources.append(url.path)
            }
            let earlier = stubs[..<index].flatMap { ["-l\($0.name)"] }
            let arguments = ["-emit-module", "-emit-library", "-parse-as-library", "-module-name", stub.name,
                             "-swift-version", "5", "-module-cache-path", moduleCache.path,
                             "-diagnostic-style", "llvm", "-I", output.path, "-L", output.path] + earlier
                + ["-emit-module-path", output.appendingPathComponent("\(stub.name).swiftmodule").path,
                   "-o", output.appendingPathComponent("lib\(stub.name).so").path] + sources
            counter.increment()
            let run = ProcessRunner.run(toolchain.swiftc, arguments, in: work)
            if run.status != 0 {
                let errors = CompilerDiagnostic.parse(run.stderr).filter { $0.severity == "error" }.map {
                    Diagnostic.error($0.file, SourceLocation(line: $0.line, column: $0.column), "in the stub module \(stub.name): \($0.message)")
                }
                throw DiagnosticsError(errors.isEmpty ? [.error("Content/snippets/stubs/\(stub.name)", nil, "the stub module does not build:\n\(run.stderr)")] : errors)
            }
        }
        _ = FileManager.default.createFile(atPath: complete.path, contents: nil)
        return StubBuild(folder: output, libraries: libraries, key: key, files: files)
    }
}
