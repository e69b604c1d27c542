// swift-tools-version:6.0
import PackageDescription

// The pipeline is split so that `import` lines show the layering: the Markdown
// wrapper and the Mustache engine know nothing of sites; SiteKit is the site
// pipeline (load, render, write); `sitegen` is only the command line.
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
        // The Mustache engine knows nothing of sites; the spec suite tests it alone.
        // The libcmark wrapper: a Sendable Markdown tree with source positions and an
        // HTML renderer with hooks for code blocks, headings and links.
        .target(name: "Markdown", dependencies: ["CCmark"]),
        .target(name: "Mustache"),
        // Build-time syntax highlighting of code blocks (Swift, JSON, shell): pure Swift, no dependencies.
        .target(name: "Highlight"),
        .target(name: "SiteKit", dependencies: ["Markdown", "Mustache", "Highlight", "CYaml"]),
        .executableTarget(name: "sitegen", dependencies: ["SiteKit"]),
        .testTarget(name: "SiteKitTests", dependencies: ["SiteKit", "sitegen"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "HighlightTests", dependencies: ["Highlight"]),
        // CCmark too: the renderer is compared byte for byte with cmark_render_html.
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown", "CCmark"]),
    ]
)
