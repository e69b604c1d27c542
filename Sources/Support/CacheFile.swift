import Foundation

/// Files of `.sitegen-cache/`, which concurrent runs may read while another writes.
package enum CacheFile {
    /// Writes beside and renames (creating the folder), so no reader ever sees half a file.
    /// Failures are ignored: a cache entry that is not written is only computed again.
    package static func write(_ data: Data, to url: URL) {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = url.appendingPathExtension("\(getpid())-\(UUID().uuidString).tmp")
        if (try? data.write(to: temporary)) != nil, rename(temporary.path, url.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    /// Whether `text` can be a field of a cache file's tab-separated line: no tab, no line break.
    package static func canHoldField(_ text: String) -> Bool {
        !text.utf8.contains { $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") }
    }
}
