import Foundation
import Support

/// One image file the site publishes, as its bytes were when last read: what its header
/// says (or why it cannot be read), its content hash and whether it gives a GPS position.
struct SiteImage: Sendable, Hashable {
    /// The file on disk.
    var source: String
    /// `Content/static/images/a.png`, for messages.
    var displayName: String
    var header: Result<ImageHeader, ImageHeader.Problem>
    /// SHA-256 of the bytes: the cache key of its resized copies.
    var contentHash: String
    var hasGPSPosition: Bool
    /// Whether the file carries EXIF, XMP or text blocks that stripping removes.
    var hasMetadata: Bool

    /// Reads the file once: header, hash, metadata.
    static func read(source: String, displayName: String) -> SiteImage {
        let bytes = (try? RegularFile.read(source)) ?? []
        let name = URL(fileURLWithPath: source).lastPathComponent
        let header = Result { () throws(ImageHeader.Problem) in try ImageHeader.read(bytes, fileName: name) }
        var hash = SHA256()
        hash.update(bytes: bytes)
        let format = (try? header.get())?.format ?? .svg
        return SiteImage(source: source, displayName: displayName, header: header, contentHash: hash.hexDigest(),
                         hasGPSPosition: ImageMetadata.hasGPSPosition(bytes, format: format),
                         hasMetadata: ImageMetadata.stripped(bytes, format: format) != nil)
    }
}

/// The site's image files by output path (`images/a.png`, `posts/trip/map.png`). A file
/// read by an earlier build whose size, modification time and inode are unchanged is taken
/// from `.sitegen-cache/images/index.tsv` without being opened: a build of a site whose
/// images did not change reads none of their bytes.
struct ImageCatalog: Sendable, Equatable {
    private(set) var images: [String: SiteImage] = [:]

    init() {}

    /// Files whose name says an image format sitegen reads (`.png`, `.jpg`, `.svg`…).
    /// `files`: output path → (file on disk, name for messages).
    init(files: [(relative: String, source: String, displayName: String)], cacheFolder: URL?) {
        let imageFiles = files.filter { ImageHeader.Format(fileName: $0.relative) != nil }
        guard !imageFiles.isEmpty else { return }
        let index = cacheFolder.map { ImageIndexFile(url: $0.appendingPathComponent(ImageIndexFile.fileName)) }
        let known = index?.load() ?? [:]
        let found: [(SiteImage, FileStatus?, fresh: Bool)] = imageFiles.parallelMap { file in
            let status = FileStatus.of(file.source)
            if let status, let entry = known[file.source], entry.status == ImageIndexFile.Stamp(status) {
                var image = entry.image
                image.displayName = file.displayName
                return (image, status, false)
            }
            return (SiteImage.read(source: file.source, displayName: file.displayName), status, true)
        }
        for (file, (image, _, _)) in zip(imageFiles, found) { images[file.relative] = image }
        if let index, found.contains(where: \.fresh) || known.count != found.count {
            index.save(found.compactMap { image, status, _ in status.map { (image, ImageIndexFile.Stamp($0)) } })
        }
    }

    /// The image at a site path as a link resolves it (`/images/a.png`).
    func image(atSitePath path: String) -> SiteImage? {
        let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return images[relative] ?? images[relative.removingPercentEncoding ?? relative]
    }
}

/// `.sitegen-cache/images/index.tsv`: one line per image file read, with the stamp of the
/// file it was read from. A line that cannot be read is skipped (the file is read again).
struct ImageIndexFile {
    static let fileName = "index.tsv"
    let url: URL

    struct Stamp: Hashable {
        var size: Int
        var modified: Int64
        var inode: UInt64

        init(_ status: FileStatus) {
            (size, modified, inode) = (status.size, status.modifiedNanoseconds, status.inode)
        }

        init(size: Int, modified: Int64, inode: UInt64) {
            (self.size, self.modified, self.inode) = (size, modified, inode)
        }
    }

    /// Version 1: source, size, mtime, inode, hash, GPS, metadata, then format, width,
    /// height, or an empty format and the problem.
    func load() -> [String: (status: Stamp, image: SiteImage)] {
        guard let text = CacheFile.text(url), text.hasPrefix("sitegen-images 1\n") else { return [:] }
        var entries: [String: (status: Stamp, image: SiteImage)] = [:]
        // By bytes: splitting the text into Characters was a third of a warm build's loading
        // with two thousand pictures.
        for line in text.utf8.split(separator: UInt8(ascii: "\n")).dropFirst() {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            guard fields.count == 10, let size = Int(fields[1]), let modified = Int64(fields[2]), let inode = UInt64(fields[3]) else { continue }
            let header: Result<ImageHeader, ImageHeader.Problem>
            if let format = ImageHeader.Format(rawValue: fields[7]), let width = Int(fields[8]), let height = Int(fields[9]) {
                header = .success(ImageHeader(format: format, width: width, height: height))
            } else {
                header = .failure(ImageHeader.Problem(message: fields[9]))
            }
            entries[fields[0]] = (Stamp(size: size, modified: modified, inode: inode),
                                  SiteImage(source: fields[0], displayName: fields[0], header: header, contentHash: fields[4],
                                            hasGPSPosition: fields[5] == "1", hasMetadata: fields[6] == "1"))
        }
        return entries
    }

    func save(_ entries: [(image: SiteImage, status: Stamp)]) {
        var text = "sitegen-images 1\n"
        for (image, status) in entries where CacheFile.canHoldField(image.source) {
            let header: String
            switch image.header {
            case .success(let found): header = "\(found.format.rawValue)\t\(found.width)\t\(found.height)"
            case .failure(let problem): header = "\t\t" + problem.message.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
            }
            text += "\(image.source)\t\(status.size)\t\(status.modified)\t\(status.inode)\t\(image.contentHash)\t"
                + "\(image.hasGPSPosition ? 1 : 0)\t\(image.hasMetadata ? 1 : 0)\t\(header)\n"
        }
        CacheFile.write(Data(text.utf8), to: url)
    }
}
