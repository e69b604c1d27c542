import Markdown

/// Counts the words of a document as Hugo does (runs of anything but whitespace, code
/// included) by walking its tree, without building its plain text. Markup inside a word
/// (`wor**ld**`) does not split it; block and line breaks do.
struct WordCounter {
    private(set) var count = 0
    private var inWord = false

    static func count(_ document: MarkdownDocument) -> Int {
        var counter = WordCounter()
        counter.add(document.blocks)
        return counter.count
    }

    static func count(_ text: String) -> Int {
        var counter = WordCounter()
        counter.add(text)
        return counter.count
    }

    private mutating func add(_ text: String) {
        var text = text
        var (count, inWord) = (self.count, self.inWord)
        text.withUTF8 { bytes in
            for byte in bytes {
                // Space, \t, \n, \v, \f, \r.
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    inWord = false
                } else if !inWord {
                    inWord = true
                    count += 1
                }
            }
        }
        (self.count, self.inWord) = (count, inWord)
    }

    private mutating func add(_ blocks: [MarkdownBlock]) {
        for block in blocks {
            switch block.kind {
            case .paragraph(let inlines), .heading(_, let inlines), .definitionTerm(let inlines):
                add(inlines)
            case .attributed(_, let children):
                add(children)
            case .codeBlock(_, let literal):
                add(literal)
            case .blockQuote(let children), .item(let children), .customBlock(_, _, let children), .list(_, let children),
                 .taskItem(_, let children), .callout(_, let children):
                add(children)
            case .footnoteDefinition(let definition):
                if definition.number != nil { add(definition.blocks) }
            case .directive(let directive):
                // Lowered before counting; `@Comment` is gone by then.
                if directive.name != "Comment" { add(directive.children) }
            case .table:
                for cell in block.inlineSequences {
                    add(cell)
                    inWord = false
                }
            case .htmlBlock, .thematicBreak:
                break
            }
            inWord = false
        }
    }

    private mutating func add(_ inlines: [MarkdownInline]) {
        for inline in inlines {
            switch inline {
            case .text(let text), .code(let text):
                add(text)
            case .softBreak, .lineBreak:
                inWord = false
            case .html:
                continue
            case .emphasis(let children), .strong(let children), .custom(_, _, let children),
                 .link(_, _, let children), .image(_, _, let children), .strikethrough(let children), .attributed(_, let children):
                add(children)
            case .footnoteReference:
                continue
            }
        }
    }
}
