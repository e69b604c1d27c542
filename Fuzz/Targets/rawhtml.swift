// Fuzz target: the tag reader a build runs over every rendered body and raw HTML of a post
// (`RawHTMLLinks.forEachTag`): links, anchors, and the `<img>` tags that get their size and
// copies. Asked for one element, it skips the other tags without reading their attributes.
//
// Beyond crashes, hangs and out-of-bounds reads: asked for `img` it reports exactly the
// `<img>` tags a full read reports (ranges and attributes); every range starts at a `<`,
// lies inside the input and comes after the one before.
@testable import SiteKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRawHTML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    func imgTags(only: String?) -> [String] {
        var found: [String] = []
        var last = -1
        RawHTMLLinks.forEachTag(in: bytes, only: only) { element, attributes, range in
            if range.lowerBound <= last || range.upperBound > bytes.count || bytes[range.lowerBound] != UInt8(ascii: "<") {
                fatalError("tag range \(range) out of order or out of the input (\(bytes.count) bytes)")
            }
            last = range.lowerBound
            guard element == "img" else { return }
            found.append("\(range) " + attributes.map { "\($0.0)=\($0.1)" }.joined(separator: "\u{1}"))
        }
        return found
    }
    let asked = imgTags(only: "img")
    let full = imgTags(only: nil)
    if asked != full {
        fatalError("asked for img: \(asked); a full read: \(full)")
    }
    return 0
}
