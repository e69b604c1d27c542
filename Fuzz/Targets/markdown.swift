// Fuzz target: the Markdown wrapper. Parse with libcmark and convert, then render,
// with default options and with smart punctuation and raw HTML, with and without
// the renderer's hooks. Finds crashes, hangs and memory blow-ups; a document nested
// too deeply must come back as a MarkdownNestingError.
@testable import Markdown

private let hooked = HTMLRenderer(
    codeBlock: { info, literal in info.hasPrefix("swift") ? "<pre>\(literal.utf8.count)</pre>" : nil },
    headingID: { _, text in HTMLRenderer.slug(text) },
    linkURL: { url in url.hasPrefix("/") ? "/base" + url : url },
    headingAnchor: { id, _ in "<a href=\"#\(id)\">#</a>" },
    reservedHeadingIDs: ["content", "top"]
)

private let optionSets = [MarkdownOptions(), MarkdownOptions(smartPunctuation: true, allowRawHTML: true)]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for options in optionSets {
        let document: MarkdownDocument
        do {
            document = try MarkdownDocument.parse(text, options: options, lineOffset: 3)
        } catch {
            if error.limit != MarkdownNestingError.defaultLimit || error.line < 1 {
                fatalError("nesting error with a bad limit or line: \(error)")
            }
            continue
        }
        _ = HTMLRenderer().render(document)
        let rendering = hooked.renderCollectingHeadings(document)
        _ = hooked.render(document.blocks, options: options)
        for heading in rendering.headings {
            _ = HTMLRenderer().render([.text(heading.text)], options: options)
        }
    }
    return 0
}
