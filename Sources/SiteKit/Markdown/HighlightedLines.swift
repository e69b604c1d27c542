/// Splits highlighted HTML (the highlighter's `<span class="…">` and `</span>`, the entities
/// `&amp; &lt; &gt; &quot;`) into lines that each stand alone: a span open at a newline is
/// closed at the end of its line and opened again on the next, so each line can be wrapped
/// in an element of its own without highlighting again. Linear in the HTML's length.
enum HighlightedLines {
    /// The lines without their newlines. A last line with no text (the code's final
    /// newline) is left out.
    static func split(_ html: String) -> [String] {
        var html = html
        return html.withUTF8 { bytes in
            var lines: [String] = []
            var open: [Range<Int>] = []
            var line: [UInt8] = []
            var lineHasText = false
            var index = 0
            func endLine() {
                for _ in open { line.append(contentsOf: closeTag) }
                lines.append(String(decoding: line, as: UTF8.self))
                line.removeAll(keepingCapacity: true)
                for tag in open { line.append(contentsOf: bytes[tag]) }
                lineHasText = false
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "<") {
                    var end = index + 1
                    while end < bytes.count && bytes[end] != UInt8(ascii: ">") { end += 1 }
                    end = min(end + 1, bytes.count)
                    if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/") {
                        if !open.isEmpty { open.removeLast() }
                    } else {
                        open.append(index..<end)
                    }
                    line.append(contentsOf: bytes[index..<end])
                    index = end
                    continue
                }
                if byte == UInt8(ascii: "\n") {
                    endLine()
                } else {
                    line.append(byte)
                    lineHasText = true
                }
                index += 1
            }
            if lineHasText || lines.isEmpty {
                endLine()
            }
            return lines
        }
    }

    private static let closeTag = Array("</span>".utf8)
}
