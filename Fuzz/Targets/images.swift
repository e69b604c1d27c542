// Fuzz target: what the build reads of an image file an author (or a pull request) adds:
// its header (`ImageHeader`, format and size, for `width`/`height`) under every name it could
// have, and its metadata blocks (`ImageMetadata`: the GPS warning and the stripped copy).
//
// Beyond crashes, hangs and out-of-bounds reads, for JPEG, PNG and WebP:
// - a stripped copy holds no GPS position any more, and stripping it again changes nothing;
// - a stripped copy has the size the original's header gave (the page's `width`/`height`
//   describe the published file), an upright JPEG staying upright.
@testable import SiteKit

private let names = ["a.png", "a.jpg", "a.gif", "a.webp", "a.svg", "a.avif", "a.bin"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImages(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var headers: [String: ImageHeader] = [:]
    for name in names {
        if let header = try? ImageHeader.read(bytes, fileName: name) { headers[name] = header }
    }
    for (format, name) in [(ImageHeader.Format.jpeg, "a.jpg"), (.png, "a.png"), (.webp, "a.webp")] {
        _ = ImageMetadata.hasGPSPosition(bytes, format: format)
        guard let stripped = ImageMetadata.stripped(bytes, format: format) else { continue }
        if ImageMetadata.hasGPSPosition(stripped, format: format) {
            fatalError("the stripped \(format) copy still has a GPS position")
        }
        if let again = ImageMetadata.stripped(stripped, format: format), again != stripped {
            fatalError("stripping the stripped \(format) copy changed it again")
        }
        if let before = headers[name], before.format == format {
            guard let after = try? ImageHeader.read(stripped, fileName: name) else {
                fatalError("the stripped \(format) copy has no header any more (it had \(before.width)×\(before.height))")
            }
            if (after.width, after.height) != (before.width, before.height) {
                fatalError("the stripped \(format) copy is \(after.width)×\(after.height), the original \(before.width)×\(before.height)")
            }
        }
    }
    return 0
}
