// swift-tools-version:6.0
import PackageDescription

// The targets are the layers, and `dependencies` below is their picture: a target may use
// only what it lists, and the compiler holds it to that.
//
//   sitegen (command line) ──> Import, Serve, Snippets, SiteKit
//   Import (sitegen import jekyll|hugo) ──> SiteKit, Markdown, YAML, Support
//   Snippets (check-snippets) ──> SiteKit, Markdown, Support
//   SiteKit (the site pipeline: load, markdown, templates, render, write) ──>
//       Markdown, Mustache, Highlight, YAML, DefaultTheme, Support, CVips
//   CVips (leaf: libvips opened at run time, for the images' smaller copies and social cards)
//   Serve (HTTP server, folder watcher; knows nothing of sites) ──> Support
//   Markdown, Mustache, Highlight, YAML (leaves: know nothing of sites)
//   DefaultTheme (leaf: Themes/default's files, embedded at build time by the EmbedTheme plugin)
//   Support (diagnostics, source text, files, processes, hashing) ──> nothing of ours
//
// docs/architecture.md says what each target may not know.
let package = Package(
    name: "sitegen",
    products: [
        .executable(name: "sitegen", targets: ["sitegen"]),
        .library(name: "SiteKit", targets: ["SiteKit"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark", path: "Sources/CCmark", pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(
            name: "CYaml", path: "Sources/CYaml", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]),
        // libvips, opened at run time (dlopen) by a small C shim rather than linked: sitegen
        // must start and build a site on a machine without it (images are then published as
        // they are, with one warning). Debian's libvips-dev (or libvips42) provides it.
        .target(name: "CVips", linkerSettings: [.linkedLibrary("dl")]),
        // Diagnostics in the swiftc form, UTF-8 source text, folder walking, processes,
        // hashing: what every layer above shares, with no knowledge of any of them.
        .target(name: "Support"),
        // The libcmark wrapper: a Sendable Markdown tree with source positions and an
        // HTML renderer with hooks for code blocks, headings and links.
        .target(name: "Markdown", dependencies: ["CCmark"]),
        // The Mustache engine; the spec suite tests it alone.
        .target(name: "Mustache"),
        // Build-time syntax highlighting of code blocks (Swift, JSON, shell): pure Swift.
        .target(name: "Highlight"),
        // libyaml events → a YAML tree with a line:column for every node.
        .target(name: "YAML", dependencies: ["CYaml", "Support"]),
        // Themes/default's files as bytes in the binary, generated at every build (no second
        // copy in git), so an installed sitegen needs nothing of this repository.
        .executableTarget(name: "ThemeEmbedder"),
        .plugin(name: "EmbedTheme", capability: .buildTool(), dependencies: ["ThemeEmbedder"]),
        .target(name: "DefaultTheme", plugins: ["EmbedTheme"]),
        // The site pipeline: Content/ → a validated Site → pages, feeds → Output/.
        .target(name: "SiteKit", dependencies: ["Markdown", "Mustache", "Highlight", "YAML", "DefaultTheme", "Support", "CVips"]),
        // check-snippets: the posts' Swift blocks assembled into programs and compiled.
        .target(name: "Snippets", dependencies: ["SiteKit", "Markdown", "Support"]),
        // A static file server over POSIX sockets, live reload events, a folder watcher.
        .target(name: "Serve", dependencies: ["Support"]),
        // sitegen import: a Jekyll or Hugo site → a new sitegen site, and the report of what was left.
        .target(name: "Import", dependencies: ["SiteKit", "Markdown", "YAML", "Support"]),
        .executableTarget(name: "sitegen", dependencies: ["SiteKit", "Snippets", "Serve", "Import", "Support"]),
        // A test target per source target, sharing fixture sites, the sitegen process and the
        // snippets' toolchain through TestSupport (a test target too: it may use `@testable`).
        .testTarget(name: "TestSupport", dependencies: ["SiteKit", "Snippets", "Support", "sitegen"]),
        // The site pipeline; GrowthTests times the import's parsers too, and some sites are
        // checked with check-snippets.
        .testTarget(name: "SiteKitTests", dependencies: ["SiteKit", "Snippets", "Import", "Support", "YAML", "TestSupport"]),
        .testTarget(name: "SnippetsTests", dependencies: ["Snippets", "SiteKit", "Support", "TestSupport"]),
        .testTarget(name: "ServeTests", dependencies: ["Serve", "SiteKit", "Support", "TestSupport"]),
        .testTarget(name: "ImportTests", dependencies: ["Import", "SiteKit", "Snippets", "Support", "YAML", "TestSupport"]),
        // libyaml through YAML, and its limits where sitegen and the import read YAML.
        .testTarget(name: "YAMLTests", dependencies: ["YAML", "Import", "SiteKit", "Support", "TestSupport"]),
        // The command line: the built executable, run as a user runs it.
        .testTarget(name: "sitegenTests", dependencies: ["sitegen", "Serve", "SiteKit", "Snippets", "Support", "YAML", "TestSupport"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        // Corpus/: the code the Pygments agreement test reads from disk, and its judge script.
        .testTarget(name: "HighlightTests", dependencies: ["Highlight"], exclude: ["Corpus"]),
        // CCmark too: the renderer is compared byte for byte with cmark_render_html.
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown", "CCmark"]),
    ]
)
