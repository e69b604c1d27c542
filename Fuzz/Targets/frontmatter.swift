// Fuzz target: a post file as the build reads it, front matter and all: the `---` split,
// libyaml's tree, every typed field of PostDecoder (dates, lists, series, aliases,
// params) and the page decoder, on the same bytes.
//
// Beyond crashes and hangs it checks the decoders' promises: a file is either a post or
// errors, and every diagnostic names the file at a line and column inside it.
@testable import SiteKit
@testable import Support

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrontMatter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let source = try? SourceText.decode(bytes, displayPath: "Content/posts/2019-08-21-fuzz.md") else { return 0 }
    let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false).count
    let file = ContentFile(path: source.path, relative: "2019-08-21-fuzz.md")
    let (post, diagnostics) = PostDecoder.decode(source, file: file)
    let (page, pageDiagnostics) = PageDecoder.decode(source, file: file, reserved: ["tags"])
    for diagnostic in diagnostics + pageDiagnostics {
        guard diagnostic.file == source.path else { fatalError("a diagnostic names another file: \(diagnostic)") }
        if let location = diagnostic.location, location.line < 1 || location.line > lines + 1 || location.column < 1 {
            fatalError("a diagnostic outside the file (\(lines) lines): \(diagnostic)")
        }
    }
    if post == nil && !diagnostics.contains(where: { $0.severity == .error }) { fatalError("no post and no error") }
    if page == nil && !pageDiagnostics.contains(where: { $0.severity == .error }) { fatalError("no page and no error") }
    if let post {
        // What templates get of the params must not trap either.
        _ = post.params.count
        _ = SiteRoutes.standard.post(PermalinkValues.of(post))
    }
    return 0
}
