/// A file the render stage produced, in memory until the write stage.
struct RenderedFile: Sendable {
    /// Relative to the output folder, `/`-separated (`posts/x/index.html`).
    var path: String
    /// UTF-8 text. Pages and feeds are rendered as bytes and written as they are: making a
    /// `String` of them checks every byte again, and feeds are most of a site's bytes.
    private var text: Text
    /// A default the site may replace with a static file of the same path (`robots.txt`);
    /// any other clash with a static file is an error.
    var replaceableByStatic: Bool

    private enum Text: Sendable {
        case string(String)
        case utf8([UInt8])
    }

    init(path: String, contents: String, replaceableByStatic: Bool = false) {
        self.path = path
        self.text = .string(contents)
        self.replaceableByStatic = replaceableByStatic
    }

    /// A file whose text is already UTF-8 (valid: whole strings and the bytes between ASCII cuts).
    init(path: String, utf8: [UInt8], replaceableByStatic: Bool = false) {
        self.path = path
        self.text = .utf8(utf8)
        self.replaceableByStatic = replaceableByStatic
    }

    var contents: String {
        switch text {
        case .string(let string): return string
        case .utf8(let bytes): return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The size of the file.
    var byteCount: Int {
        switch text {
        case .string(let string): return string.utf8.count
        case .utf8(let bytes): return bytes.count
        }
    }

    /// The file's bytes.
    var utf8: [UInt8] {
        switch text {
        case .string(let string): return Array(string.utf8)
        case .utf8(let bytes): return bytes
        }
    }

    /// Calls `body` with the file's bytes, without copying them.
    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch text {
        case .string(var string): return try string.withUTF8(body)
        case .utf8(let bytes): return try bytes.withUnsafeBufferPointer(body)
        }
    }
}
