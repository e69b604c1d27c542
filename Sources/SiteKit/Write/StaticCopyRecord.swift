import Foundation
import Support

/// What the last full build copied into the output for each static file of the site (a file
/// of the image cache is linked from the cache, and needs no record): the stamp (size,
/// modification time, inode) of the file it copied and of the copy. When both are as they
/// were, the old output's file holds exactly the bytes a new copy would, and the staged
/// output gets it by `link(2)` from the old output instead: a site's photos are not read
/// and written again on every build (``OutputStaging/finish()``).
///
/// The link is shared only by the old output and the staged one, and the old output is
/// removed once the staged one is swapped in; the site's own files (`Content/`) are never
/// linked, so nothing written into the output later can change them (the image cache's
/// files are, but they are read-only and never written once made). A file the
/// record does not vouch for (another output folder, a file changed or replaced in either
/// place, a record that cannot be read) is copied. Kept in `.sitegen-cache/output-copies.tsv`.
struct StaticCopyRecord: Sendable {
    struct Entry: Sendable, Hashable {
        var source: String
        var sourceStamp: ImageIndexFile.Stamp
        var copyStamp: ImageIndexFile.Stamp
    }

    /// The output folder the copies are in.
    let output: String
    private(set) var entries: [String: Entry] = [:]

    init(output: String, entries: [String: Entry] = [:]) {
        self.output = output
        self.entries = entries
    }

    mutating func add(_ entry: Entry, at relative: String) {
        entries[relative] = entry
    }

    static func url(siteRoot: URL) -> URL {
        siteRoot.appendingPathComponent(".sitegen-cache/output-copies.tsv")
    }

    /// The file at `relative` in the output, when it is still the copy of `source` the record
    /// names: the path to link from, and its stamp (a link keeps it).
    func unchangedCopy(of source: String, sourceStatus: FileStatus, at relative: String) -> (path: String, stamp: ImageIndexFile.Stamp)? {
        guard let entry = entries[relative], entry.source == source, entry.sourceStamp == .init(sourceStatus) else { return nil }
        let path = output + "/" + relative
        guard let copy = FileStatus.ofLink(path), copy.kind == .file, ImageIndexFile.Stamp(copy) == entry.copyStamp else { return nil }
        return (path, entry.copyStamp)
    }

    /// Version 1: the output's path, then per file its output path, source, and the two stamps.
    /// Read and written as bytes: by Characters and string interpolation, saving the record of
    /// a site with two thousand pictures was a tenth of its build.
    static func load(from url: URL, output: String) -> StaticCopyRecord {
        var record = StaticCopyRecord(output: output)
        guard let bytes = CacheFile.read(url) else { return record }
        let header = Array("sitegen-output-copies 1\t\(output)\n".utf8)
        guard bytes.starts(with: header) else { return record }
        for line in bytes[header.count...].split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard fields.count == 8 else { continue }
            let numbers = fields[2...].compactMap { Int64(String(decoding: $0, as: UTF8.self)) }
            guard numbers.count == 6 else { continue }
            record.entries[String(decoding: fields[0], as: UTF8.self)] = Entry(
                source: String(decoding: fields[1], as: UTF8.self),
                sourceStamp: .init(size: Int(numbers[0]), modified: numbers[1], inode: UInt64(bitPattern: numbers[2])),
                copyStamp: .init(size: Int(numbers[3]), modified: numbers[4], inode: UInt64(bitPattern: numbers[5])))
        }
        return record
    }

    func save(to url: URL) {
        var bytes = Array("sitegen-output-copies 1\t\(output)\n".utf8)
        bytes.reserveCapacity(bytes.count + entries.count * 160)
        for (relative, entry) in entries where CacheFile.canHoldField(relative) && CacheFile.canHoldField(entry.source) {
            bytes += relative.utf8
            bytes.append(UInt8(ascii: "\t"))
            bytes += entry.source.utf8
            for stamp in [entry.sourceStamp, entry.copyStamp] {
                for number in [Int64(stamp.size), stamp.modified, Int64(bitPattern: stamp.inode)] {
                    bytes.append(UInt8(ascii: "\t"))
                    bytes += String(number).utf8
                }
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        CacheFile.write(Data(bytes), to: url)
    }
}
