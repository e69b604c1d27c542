// Fuzz target: a post's body as `sitegen import` converts it, with Jekyll's Liquid
// (LiquidConverter) and with Hugo's shortcodes (ShortcodeConverter): the tokenizers, the
// code regions, the edits, then the report's places (BodyPlaces) and the build's scan for
// what is left (TemplateSyntaxScanner), on the same bytes.
//
// Beyond crashes and hangs it checks the converters' promises: valid UTF-8 stays valid (no
// edit cuts a character); a body without `{` comes back as it was; every event, mark and
// report place is inside the converted body, at a line and column of it.
@testable import Import
@testable import SiteKit
@testable import Support

private let context: ConversionContext = {
    var targets = LinkTargets()
    targets.add(source: "_posts/2019-01-01-x.md", target: .document("Content/posts/2019-01-01-x.md"), names: ["2019-01-01-x", "x", "x.md"])
    targets.add(source: "content/posts/y.md", target: .document("Content/posts/y.md"), names: ["y", "y.md", "posts/y.md"])
    return ConversionContext(documentPath: "Content/posts/a.md", sourcePath: "_posts/a.md", targets: targets,
                             siteURL: "https://example.com", basePath: "/blog")
}()

/// The length in Unicode scalars of each line of `bytes` (at `\n`).
private func lineLengths(_ bytes: [UInt8]) -> [Int] {
    bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in line.lazy.filter { $0 & 0xC0 != 0x80 }.count }
}

private func check(_ body: ConvertedBody, from original: [UInt8], valid: Bool, by converter: String) {
    if valid, String(validating: body.bytes, as: UTF8.self) == nil { fatalError("\(converter): the converted body is not UTF-8") }
    if !original.contains(UInt8(ascii: "{")), body.bytes != original { fatalError("\(converter) changed a body without a brace") }
    for offset in body.events.map(\.offset) + body.left.map(\.offset) where offset < 0 || offset > body.bytes.count {
        fatalError("\(converter): an event or mark at \(offset), outside the converted body (\(body.bytes.count) bytes)")
    }
    let firstLine = 3
    var report = DocumentReport()
    BodyPlaces.record(body, file: "a.md", firstLine: firstLine, into: &report)
    let lengths = lineLengths(body.bytes)
    let places = report.converted.values.flatMap { $0 } + report.left.values.flatMap { $0 }
    for place in places {
        guard let line = place.line else { continue }
        let index = line - firstLine
        guard index >= 0, index < lengths.count, let column = place.column, column >= 1, column <= lengths[index] + 1 else {
            fatalError("\(converter): a report place at \(place.position), outside the body (\(lengths.count) lines from line \(firstLine))")
        }
    }
    if valid {
        let text = String(decoding: body.bytes, as: UTF8.self)
        for syntax in TemplateSyntaxScanner.scan(text, firstLine: 1) {
            let index = syntax.location.line - 1
            guard index >= 0, index < lengths.count, syntax.location.column >= 1, syntax.location.column <= lengths[index] + 1 else {
                fatalError("\(converter): template syntax found at \(syntax.location), outside the body")
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLiquid(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let valid = String(validating: bytes, as: UTF8.self) != nil
    check(LiquidConverter(context: context).convert(bytes), from: bytes, valid: valid, by: "Liquid")
    check(ShortcodeConverter(context: context).convert(bytes), from: bytes, valid: valid, by: "shortcodes")
    return 0
}
