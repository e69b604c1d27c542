enum MustacheHTMLEscaping {
    /// Appends `text` as UTF-8 with `&`, `<`, `>` and `"` replaced by entities.
    ///
    /// Scans the bytes and copies unchanged runs whole, so text without special
    /// characters is appended in one piece. Every special character is ASCII, so
    /// each cut is a Unicode scalar boundary.
    static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { source in
            var runStart = 0
            for index in source.indices {
                let entity: StaticString
                switch source[index] {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                default: continue
                }
                if runStart < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index])) }
                output.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
                runStart = index + 1
            }
            if runStart < source.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart...])) }
        }
    }
}
