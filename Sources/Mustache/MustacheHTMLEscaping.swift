enum MustacheHTMLEscaping {
    /// Appends `text` with `&`, `<`, `>` and `"` replaced by entities.
    ///
    /// Scans UTF-8 bytes and copies unchanged runs as whole slices, so text
    /// without special characters is appended in one piece. Every special
    /// character is ASCII, so each cut is a Unicode scalar boundary; slicing
    /// the UTF-8 view keeps it exact instead of rounding to a `Character`.
    static func append(_ text: String, to output: inout String) {
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let entity: String
            switch utf8[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            default:
                utf8.formIndex(after: &index)
                continue
            }
            output.append(contentsOf: Substring(utf8[runStart..<index]))
            output.append(entity)
            utf8.formIndex(after: &index)
            runStart = index
        }
        if runStart == utf8.startIndex {
            output.append(text)
        } else {
            output.append(contentsOf: Substring(utf8[runStart...]))
        }
    }
}
