import Foundation
import Support

/// The files a build publishes for the site's images besides the originals: each raster's
/// smaller copies (``ImageVariants``, made by libvips, always without metadata) and, with
/// `strip_metadata`, the originals without their EXIF, XMP and text blocks. Every file is
/// made once into `.sitegen-cache/images/`, named by the image's content hash and the
/// settings that shape it, made read-only, and linked from there into the output
/// (``OutputStaging/finish()``): a build whose images and settings did not change makes
/// nothing and reads no image.
struct ImageCopies: Sendable {
    struct Job: Sendable, Hashable {
        enum Kind: Sendable, Hashable {
            /// libvips: shrink to the width, saved with these options.
            case resize(width: Int, options: String)
            /// The original without its metadata blocks, its pixels' bytes untouched.
            case strip
            /// A post's social card: this SVG rasterized into a PNG.
            case card(svg: String)
        }

        var kind: Kind
        var source: String
        var displayName: String
        /// Where the made file is kept: the static file's source.
        var cacheFile: String

        /// Whether libvips makes it (stripping is done in Swift).
        var needsLibVips: Bool { kind != .strip }
    }

    /// What is still to be made (its cache file is missing).
    private(set) var jobs: [Job] = []
    /// The static files with the originals replaced by their stripped copies and the
    /// smaller copies added.
    private(set) var staticFiles: [OutputWriter.StaticFile] = []
    /// libvips, opened when something it makes is missing from the cache; nil otherwise,
    /// and when it could not be opened (the images are then left as they are).
    let vips: LibVips?
    /// Whether the smaller copies and cards are published, and so `staticFiles` names every
    /// cache file the site needs: false when libvips was needed and could not be opened. The
    /// pages offer the copies in `srcset` only then, and only then is the cache pruned.
    let publishesCopies: Bool
    private(set) var warnings: [Diagnostic] = []
    private(set) var problems: [Diagnostic] = []

    /// The output paths of the social cards made (none without libvips).
    private(set) var cardPaths: Set<String> = []
    /// `.sitegen-cache/images/`.
    let cacheFolder: URL
    /// Whether ``make()`` starts the cache folder, and so gives it the read-only mark.
    private let marksNewCache: Bool
    /// The names of the cache files the build uses, which ``prune()`` keeps.
    private let usedNames: Set<String>
    /// The cache folder's names before the build; nil when the site has no image or card.
    private let listedNames: Set<String>?

    /// `cards`: the posts' social cards, each an SVG to rasterize into its output path.
    init(catalog: ImageCatalog, staticFiles original: [OutputWriter.StaticFile], settings: SiteConfig.ImageSettings,
         cards: [SocialCards.Card] = [], cacheFolder: URL, vipsPath: String, settingsFile: String) {
        let images = original.compactMap { file in catalog.images[file.relative].map { (file, $0) } }
        let resizable = images.filter { (try? $0.1.header.get())?.format.isResizable == true }
        self.cacheFolder = cacheFolder
        let folder = cacheFolder.path
        let existing = Set(original.map(\.relative))
        // What libvips makes (smaller copies, cards) is listed first as if it could be
        // opened; it is opened only when one of them is not in the cache yet. Opening it
        // (vips_init and its modules) was half of a warm build of the blog.
        var made: [OutputWriter.StaticFile] = []
        var madeProblems: [Diagnostic] = []
        var cardsMade: Set<String> = []
        var replaced: [String: OutputWriter.StaticFile] = [:]
        // Cache files by name (not path: hashing the whole path of each was most of this listing).
        var used = Set<String>()
        // What the cache holds, in one listing rather than a stat per copy. Only its regular
        // files: a symbolic link committed under a copy's name is not linked into the output
        // (it would stay a link there); the copy is made again, and replaces it.
        let listed = images.isEmpty && cards.isEmpty ? nil : Set(DirectoryWalker.regularFileNames(in: folder) ?? [])
        let cached = listed ?? []
        if !cached.isEmpty, !cached.contains(Self.readOnlyMark) { Self.makeReadOnly(folder, names: cached) }
        marksNewCache = cached.isEmpty
        let folderPrefix = folder + "/"
        // Whether the cache file is named for the first time, and not in the cache yet.
        func isNewAndMissing(_ name: String) -> Bool {
            used.insert(name).inserted && !cached.contains(name)
        }
        // libvips' save options, and as the cache file's name gives them (`strip`, `Q82-strip`).
        let pngOptions = (options: "strip", inName: "strip")
        let lossyOptions = (options: "Q=\(settings.quality),strip", inName: "Q\(settings.quality)-strip")
        for (file, image) in images {
            guard case .success(let header) = image.header else { continue }
            if image.hasGPSPosition, !settings.stripMetadata {
                warnings.append(.warning(file.displayName, nil, "this image gives the GPS position where it was taken, which readers can see; "
                                         + "set images: { strip_metadata: true } in site.yml, or remove it (exiftool -gps:all= \(file.displayName))"))
            }
            if settings.stripMetadata, image.hasMetadata {
                let name = "\(image.contentHash)-stripped.\(Self.fileExtension(header.format))"
                let cacheFile = folderPrefix + name
                replaced[file.relative] = OutputWriter.StaticFile(sourcePath: cacheFile, relative: file.relative,
                                                                  displayName: file.displayName, isCacheFile: true)
                if isNewAndMissing(name) {
                    jobs.append(Job(kind: .strip, source: image.source, displayName: file.displayName, cacheFile: cacheFile))
                }
            }
            let originalExtension = ImageVariants.fileExtension(of: file.relative)
            for variant in ImageVariants(header: header, settings: settings, originalExtension: originalExtension).variants {
                let relative = variant.path(beside: file.relative)
                if existing.contains(relative) {
                    madeProblems.append(.error(file.displayName, nil, "its \(variant.width) px copy would be published as \(relative), "
                                               + "which is a static file of the site too; rename one of them"))
                    continue
                }
                let (options, optionsInName) = variant.format == .png ? pngOptions : lossyOptions
                let name = "\(image.contentHash)-\(variant.width)w-\(optionsInName).\(Self.fileExtension(variant.format))"
                let cacheFile = folderPrefix + name
                made.append(OutputWriter.StaticFile(sourcePath: cacheFile, relative: relative, displayName: file.displayName,
                                                    isCacheFile: true))
                if isNewAndMissing(name) {
                    jobs.append(Job(kind: .resize(width: variant.width, options: options), source: image.source,
                                    displayName: file.displayName, cacheFile: cacheFile))
                }
            }
        }
        for card in cards {
            guard !existing.contains(card.relative) else {
                madeProblems.append(.error(card.post.sourcePath, nil, "its social card would be published as \(card.relative), which is a file of the site "
                                           + "too; rename that file, or give the post an image:"))
                continue
            }
            let name = "card-\(card.digest).png"
            let cacheFile = folderPrefix + name
            made.append(OutputWriter.StaticFile(sourcePath: cacheFile, relative: card.relative, displayName: card.post.sourcePath,
                                                isCacheFile: true))
            cardsMade.insert(card.relative)
            if isNewAndMissing(name) {
                jobs.append(Job(kind: .card(svg: card.svg), source: card.post.sourcePath, displayName: card.post.sourcePath, cacheFile: cacheFile))
            }
        }
        var vips: LibVips?
        var libVipsMissing = false
        if jobs.contains(where: \.needsLibVips) {
            switch LibVips.open(path: vipsPath) {
            case .success(let library): vips = library
            case .failure(let failure):
                // Without libvips the images are published as they are, and no post has a card.
                let what = [resizable.isEmpty ? nil : "the \(resizable.count) images are published as they are, without smaller copies",
                            cards.isEmpty ? nil : cards.count == 1 ? "1 post gets no social card" : "\(cards.count) posts get no social card"].compactMap { $0 }.joined(separator: " and ")
                warnings.append(.warning(settingsFile, nil, "\(failure.message): \(what); install libvips (Debian: apt-get install libvips42)"))
                (made, madeProblems, cardsMade) = ([], [], [])
                libVipsMissing = true
                jobs.removeAll(where: \.needsLibVips)
            }
        }
        self.vips = vips
        publishesCopies = !libVipsMissing
        (usedNames, listedNames) = (used, listed)
        problems += madeProblems
        cardPaths = cardsMade
        staticFiles = original.map { replaced[$0.relative] ?? $0 } + made
    }

    /// Makes every missing file, on every core; the errors of those that failed.
    func make() -> [Diagnostic] {
        guard !jobs.isEmpty else { return [] }
        try? FileManager.default.createDirectory(atPath: cacheFolder.path, withIntermediateDirectories: true)
        if marksNewCache { CacheFile.write(Data(), to: cacheFolder.appendingPathComponent(Self.readOnlyMark)) }
        let vips = self.vips
        return jobs.parallelMapInOrder { job -> Diagnostic? in
            // Made beside and renamed: a build that stops halfway leaves no half file to reuse.
            let temporary = job.cacheFile + ".\(getpid())-\(UUID().uuidString).tmp." + ImageVariants.fileExtension(of: job.cacheFile)
            defer { unlink(temporary) }
            switch job.kind {
            case .strip:
                do throws(RegularFile.Failure) {
                    let bytes = try RegularFile.read(job.source)
                    let format = ImageHeader.Format(fileName: job.cacheFile) ?? .jpeg
                    let stripped = ImageMetadata.stripped(bytes, format: format) ?? bytes
                    guard stripped.withUnsafeBufferPointer({ FileWriting.write($0, to: temporary) }) else {
                        return .error(job.displayName, nil, "cannot write its copy without metadata into \(job.cacheFile): \(String(cString: strerror(errno)))")
                    }
                } catch {
                    return .error(job.displayName, nil, "cannot read the image: \(error.message)")
                }
            case .card(let svg):
                guard let vips else { return nil }
                do throws(LibVips.Failure) {
                    try vips.rasterize(svg: svg, into: temporary)
                } catch {
                    return .error(job.displayName, nil, "libvips could not draw its social card: \(error.message)")
                }
            case .resize(let width, let options):
                guard let vips else { return nil }
                do throws(LibVips.Failure) {
                    try vips.resize(job.source, width: width, into: temporary, options: options)
                } catch {
                    return .error(job.displayName, nil, "libvips could not make its \(width) px copy: \(error.message)")
                }
                // libvips 8.14's WebP saver keeps the EXIF and XMP that `strip` should drop.
                if let made = try? RegularFile.read(temporary), let format = ImageHeader.Format(fileName: job.cacheFile),
                   let stripped = ImageMetadata.stripped(made, format: format),
                   !stripped.withUnsafeBufferPointer({ FileWriting.write($0, to: temporary) }) {
                    return .error(job.displayName, nil, "cannot write its \(width) px copy: \(String(cString: strerror(errno)))")
                }
            }
            // Read-only before it is in place, and never opened for writing again: the output
            // links it (OutputStaging), so no write meant for the output may reach it.
            guard chmod(temporary, 0o444) == 0, rename(temporary, job.cacheFile) == 0 else {
                return .error(job.displayName, nil, "cannot keep its copy in \(job.cacheFile): \(String(cString: strerror(errno)))")
            }
            return nil
        }.compactMap { $0 }
    }

    /// After a full build: removes every file of the cache folder the build did not use (the
    /// copies of images the site no longer has, or made for other settings), except the
    /// index and another build's temporary file of the last hour. Not when libvips was
    /// missing: the copies it would have made are not named, and are kept for a build with it.
    /// The folder's listing of before the build serves: a file it lacks was made by this build,
    /// and is used.
    func prune() {
        let folder = cacheFolder.path
        guard publishesCopies, let names = listedNames ?? (try? FileManager.default.contentsOfDirectory(atPath: folder)).map(Set.init) else { return }
        let hourAgo = (Int64(Date().timeIntervalSince1970) - 3600) * 1_000_000_000
        for name in names where !usedNames.contains(name) && name != ImageIndexFile.fileName && name != Self.readOnlyMark {
            let path = folder + "/" + name
            guard let status = FileStatus.ofLink(path), status.kind == .file else { continue }
            if name.contains(".tmp"), status.modifiedNanoseconds > hourAgo { continue }
            unlink(path)
        }
    }

    /// The empty file that says every cache file is read-only, as the output links them
    /// without a look (``OutputStaging``): the files of a cache made by a sitegen that left
    /// them writable are made read-only once, when it lacks the mark.
    static let readOnlyMark = "read-only"

    private static func makeReadOnly(_ folder: String, names: Set<String>) {
        for name in names where name != ImageIndexFile.fileName && !name.contains(".tmp") {
            let path = folder + "/" + name
            if FileStatus.ofLink(path)?.kind == .file { chmod(path, 0o444) }
        }
        CacheFile.write(Data(), to: URL(fileURLWithPath: folder + "/" + readOnlyMark))
    }

    /// `.jpg` for libvips to pick its saver by; the temporary name must end with it too.
    static func fileExtension(_ format: ImageHeader.Format) -> String {
        format == .jpeg ? "jpg" : format.rawValue
    }
}
