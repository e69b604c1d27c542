import CVips
import Foundation

/// libvips, when the machine has it: opened at run time, once per process, so that a
/// sitegen without it still starts and builds (``ImageCopies`` then makes no copies).
struct LibVips: Sendable {
    /// The name the dynamic loader looks for: Debian's libvips42 (which libvips-dev installs).
    static let defaultPath = "libvips.so.42"

    /// The library at `path`, or why it cannot be used. A path that names no file is not
    /// handed to the loader (a test's way to build as a machine without libvips does).
    static func open(path: String = defaultPath) -> Result<LibVips, Failure> {
        if path.hasPrefix("/"), !FileManager.default.fileExists(atPath: path) {
            return .failure(Failure(message: "libvips is not installed (no \(path))"))
        }
        if let problem = sitegen_vips_open(path) { return .failure(Failure(message: String(cString: problem))) }
        return .success(LibVips())
    }

    struct Failure: Error, Sendable, Hashable {
        var message: String
    }

    var version: String { String(cString: sitegen_vips_version()) }

    /// `input` shrunk to `width` pixels wide, upright, into `output` (whose extension picks
    /// the format), with the save `options` (`Q=82,strip`).
    func resize(_ input: String, width: Int, into output: String, options: String) throws(Failure) {
        var buffer = [CChar](repeating: 0, count: 1024)
        let target = options.isEmpty ? output : "\(output)[\(options)]"
        guard sitegen_vips_resize(input, target, Int32(width), &buffer, buffer.count) == 0 else {
            throw Failure(message: String(cString: buffer))
        }
    }

    /// An SVG document rendered into a PNG file.
    func rasterize(svg: String, into output: String) throws(Failure) {
        var buffer = [CChar](repeating: 0, count: 1024)
        let bytes = Array(svg.utf8)
        let result = bytes.withUnsafeBufferPointer { svgBytes in
            svgBytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: svgBytes.count) {
                sitegen_vips_svg_to_png($0, svgBytes.count, output + "[strip]", &buffer, buffer.count)
            }
        }
        guard result == 0 else { throw Failure(message: String(cString: buffer)) }
    }
}
