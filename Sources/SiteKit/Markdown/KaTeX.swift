import Foundation
import Support

/// Where KaTeX is on this machine: the node executable and the `katex` package folder.
/// Both are found by ``find(environment:)`` and both can be given instead, so a test can
/// make either one missing.
struct KaTeX: Sendable, Hashable {
    /// The node executable, nil if there is none.
    var node: String?
    /// The `katex` package's folder (the one holding its `package.json`), nil if there is none.
    var module: URL?

    init(node: String?, module: URL?) {
        self.node = node
        self.module = module
    }

    /// `node` (or `nodejs`) on `PATH`, and the first `katex` package in ``moduleFolders(environment:)``.
    static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> KaTeX {
        let module = moduleFolders(environment: environment)
            .map { URL(fileURLWithPath: $0).appendingPathComponent("katex") }
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("package.json").path) }
        return KaTeX(node: ExecutableLookup.find(["node", "nodejs"], environment: environment), module: module)
    }

    /// `$NODE_PATH`, then where Debian (`apt-get install katex`), `npm install -g` and Homebrew
    /// put packages. The package is then required by its path: a node not built by Debian
    /// (NodeSource's, say) does not look in Debian's `/usr/share/nodejs`.
    static func moduleFolders(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        (environment["NODE_PATH"] ?? "").split(separator: ":").map(String.init)
            + ["/usr/share/nodejs", "/usr/lib/nodejs", "/usr/local/lib/node_modules", "/usr/lib/node_modules",
               "/opt/homebrew/lib/node_modules"]
    }

    /// The package's version, from its `package.json`: part of every cache key, known
    /// without starting node.
    var version: String? {
        struct Package: Decodable { var version: String }
        guard let module, let data = try? Data(contentsOf: module.appendingPathComponent("package.json")) else { return nil }
        return (try? JSONDecoder().decode(Package.self, from: data))?.version
    }

    /// What is missing for rendering, in words; nil when node and the package are both there.
    var missing: String? {
        guard node != nil else { return "node was not found on PATH" }
        guard let module else { return "the katex package was not found in \(Self.moduleFolders().joined(separator: ", "))" }
        return version == nil ? "\(module.path)/package.json has no version" : nil
    }

    /// Run as `node -e program <package folder>`: reads `[{tex, display}]` on stdin, writes
    /// `[{html}]` or `[{error, position}]`, one result for each formula, in order. MathML
    /// only (so pages need no KaTeX CSS or fonts), KaTeX's `<span class="katex">` taken off,
    /// its `<annotation encoding="application/x-tex">` (the source) kept.
    static let program = #"""
        const katex = require(process.argv[1]);
        const formulas = JSON.parse(require("fs").readFileSync(0, "utf8"));
        const results = formulas.map(({tex, display}) => {
          try {
            const html = katex.renderToString(tex, {output: "mathml", displayMode: display, throwOnError: true});
            return {html: html.replace(/^<span class="katex">([\s\S]*)<\/span>$/, "$1")};
          } catch (error) {
            return {error: String(error && error.message || error), position: error && error.position};
          }
        });
        process.stdout.write(JSON.stringify(results));
        """#
}
