import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// Smaller copies of the site's raster images through libvips, with `srcset`; what is
/// published of their metadata; a site built without libvips. exiftool and libvips' own
/// command-line tools are the judges here (run as processes, never by the build).
@Suite("Images: smaller copies, metadata, and a build without libvips")
struct ImageResizeTests {
    static let config = "title: \"Fixture Blog\"\nbase_url: \"https://example.com/\"\n"

    static func site(_ body: String, config: String = "") -> FixtureSite {
        let site = FixtureSite(["Content/posts/harbour.md": FixtureSite.post("title: The harbour\ndate: 2024-03-02", body: body)],
                               config: Self.config + config)
        site.write("Content/static/images/harbour.png", bytes: TestImages.png(width: 1200, height: 800))
        return site
    }

    static func judge(_ tool: String, _ arguments: [String]) throws -> String {
        let run = try SitegenProcess.run(arguments, executable: tool)
        #expect(run.status == 0, "\(tool) \(arguments): \(run.stderr)")
        return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Width and height as libvips reads the file.
    static func size(_ path: URL) throws -> String {
        try judge("/usr/bin/vipsheader", ["-f", "width", path.path]) + "x" + (try judge("/usr/bin/vipsheader", ["-f", "height", path.path]))
    }

    @Test func aLargeImageGetsEachSmallerWidthInItsFormatAndWebPWithSrcset() throws {
        let site = Self.site("Intro.\n\n![The harbour at dawn](/images/harbour.png)\n\nAnd again, lazily: ![Again](/images/harbour.png)\n")
        defer { site.remove() }
        let summary = try site.build()
        #expect(summary.warnings.isEmpty, "\(summary.warnings.headlines)")
        let page = try #require(site.read("posts/harbour/index.html"))
        let sizes = "(min-width: 44rem) 42rem, 100vw"
        #expect(page.contains("<picture><source type=\"image/webp\" srcset=\"/images/harbour-480w.webp 480w, /images/harbour-960w.webp 960w, "
                              + "/images/harbour-1200w.webp 1200w\" sizes=\"\(sizes)\"><img src=\"/images/harbour.png\" alt=\"The harbour at dawn\" "
                              + "width=\"1200\" height=\"800\" srcset=\"/images/harbour-480w.png 480w, /images/harbour-960w.png 960w, "
                              + "/images/harbour.png 1200w\" sizes=\"\(sizes)\" /></picture>"), "\(page)")
        #expect(page.contains("alt=\"Again\" width=\"1200\" height=\"800\" loading=\"lazy\" decoding=\"async\" srcset="))
        for (name, size) in [("harbour-480w.png", "480x320"), ("harbour-960w.png", "960x640"), ("harbour-480w.webp", "480x320"),
                             ("harbour-960w.webp", "960x640"), ("harbour-1200w.webp", "1200x800"), ("harbour.png", "1200x800")] {
            #expect(try Self.size(site.output.appendingPathComponent("images/\(name)")) == size, "\(name)")
        }
        #expect(try Self.judge("/usr/bin/vipsheader", ["-f", "vips-loader", site.output.appendingPathComponent("images/harbour-480w.webp").path]) == "webpload")
    }

    @Test func widthsAndWebPAreSettings() throws {
        let site = Self.site("![The harbour](/images/harbour.png)\n", config: "images:\n  widths: [600]\n  webp: false\n")
        defer { site.remove() }
        _ = try site.build()
        let page = try #require(site.read("posts/harbour/index.html"))
        #expect(page.contains("<img src=\"/images/harbour.png\" alt=\"The harbour\" width=\"1200\" height=\"800\" "
                              + "srcset=\"/images/harbour-600w.png 600w, /images/harbour.png 1200w\" sizes=\"(min-width: 44rem) 42rem, 100vw\" />"))
        #expect(!page.contains("<picture>"))
        let files = try FileManager.default.contentsOfDirectory(atPath: site.output.appendingPathComponent("images").path).sorted()
        #expect(files == ["harbour-600w.png", "harbour.png"])
    }

    @Test func aSecondBuildReadsNoImageAndMakesNoCopy() throws {
        let site = Self.site("![The harbour](/images/harbour.png)\n")
        defer { site.remove() }
        _ = try site.build()
        let first = site.outputSnapshot()
        let cache = site.root.appendingPathComponent(".sitegen-cache/images")
        let made = try Self.cacheFiles(site).filter { !$0.hasSuffix(".tsv") }
        #expect(made.count == 5, "\(made)")
        let stamps = try made.map { try FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent($0).path)[.modificationDate] as? Date }
        // The original's bytes become zeros, its size, time and inode kept: a build that read
        // it, or resized it again, would fail or publish other bytes.
        let path = site.root.appendingPathComponent("Content/static/images/harbour.png").path
        let zeros = try TestImages.zeroKeepingStamp(path)
        _ = try site.build()
        // The original, whose stamp is as the last build recorded it, is linked from the old
        // output without being read (StaticCopyRecord): every file is as before.
        #expect(zeros.count == first["images/harbour.png"]?.count)
        #expect(site.outputSnapshot() == first)
        let again = try made.map { try FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent($0).path)[.modificationDate] as? Date }
        #expect(again == stamps, "no copy was made again")
    }

    /// libvips is opened only to make what the cache lacks: a warm build with a path where no
    /// libvips is publishes the same copies and cards, and says nothing of libvips.
    @Test func aWarmBuildDoesNotOpenLibvips() throws {
        let site = Self.site("![The harbour](/images/harbour.png)\n")
        defer { site.remove() }
        site.write("Content/posts/words.md", FixtureSite.post("title: Only words\ndate: 2024-03-01"))
        _ = try site.build()
        let first = site.outputSnapshot()
        #expect(first.keys.contains("images/harbour-480w.webp") && first.keys.contains("posts/words/social-card.png"))
        var options = SiteBuilder.Options(siteRoot: site.root)
        options.libvipsPath = "/nonexistent/libvips.so.42"
        let summary = try SiteBuilder(options: options).build()
        #expect(summary.warnings.isEmpty, "\(summary.warnings.headlines)")
        #expect(site.outputSnapshot() == first)
    }

    /// The cache's files but its read-only mark.
    static func cacheFiles(_ site: FixtureSite) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: site.root.appendingPathComponent(".sitegen-cache/images").path)
            .filter { $0 != ImageCopies.readOnlyMark }.sorted()
    }

    /// The output links cache files without looking at them, as they are read-only from the
    /// start; a cache made by a sitegen that left them writable is made read-only once, so
    /// that no write into the output can reach the cache.
    @Test func aCacheWithWritableFilesIsMadeReadOnlyOnceAndSharedByLinks() throws {
        let site = Self.site("![The harbour](/images/harbour.png)\n")
        defer { site.remove() }
        _ = try site.build()
        let cache = site.root.appendingPathComponent(".sitegen-cache/images")
        let mark = cache.appendingPathComponent(ImageCopies.readOnlyMark).path
        #expect(FileManager.default.fileExists(atPath: mark), "a new cache is marked")
        let copies = try Self.cacheFiles(site).filter { !$0.hasSuffix(".tsv") }
        #expect(copies.count == 5)
        func permissions(_ name: String) -> UInt32? { FileStatus.of(cache.appendingPathComponent(name).path).map { $0.permissions & 0o777 } }
        #expect(copies.allSatisfy { permissions($0) == 0o444 })
        // As an older sitegen left them.
        for name in copies { chmod(cache.appendingPathComponent(name).path, 0o644) }
        try FileManager.default.removeItem(atPath: mark)
        let first = site.outputSnapshot()
        _ = try site.build()
        #expect(copies.allSatisfy { permissions($0) == 0o444 }, "\(copies.map { permissions($0) ?? 0 })")
        #expect(FileManager.default.fileExists(atPath: mark))
        #expect(site.outputSnapshot() == first)
        let published = FileStatus.of(site.output.appendingPathComponent("images/harbour-480w.png").path)
        let cached = copies.first { $0.hasSuffix("-480w-strip.png") }.flatMap { FileStatus.of(cache.appendingPathComponent($0).path) }
        #expect(published != nil && published?.inode == cached?.inode, "the output shares the cache's file")
        #expect(published.map { $0.permissions & 0o222 } == 0)
    }

    @Test func aFullBuildRemovesTheCopiesItNoLongerUsesAndServeAndABuildWithoutLibvipsKeepThem() throws {
        let site = Self.site("![The harbour](/images/harbour.png)\n")
        defer { site.remove() }
        _ = try site.build()
        let first = try Self.cacheFiles(site)
        #expect(first.count == 6, "index.tsv and 5 copies: \(first)")
        // The photo is cropped: its old copies are of no use any more.
        site.write("Content/static/images/harbour.png", bytes: TestImages.png(width: 1000, height: 700))
        _ = try SiteBuilder(options: .init(siteRoot: site.root)).rebuildInPlace()
        #expect(try Self.cacheFiles(site).count == 11, "serve keeps the old copies")
        // Cropped again, and built where libvips is missing: the new copies cannot be made,
        // so the build cannot tell which copies are used, and removes none.
        site.write("Content/static/images/harbour.png", bytes: TestImages.png(width: 1000, height: 650))
        var options = SiteBuilder.Options(siteRoot: site.root)
        options.libvipsPath = "/nonexistent/libvips.so.42"
        let without = try SiteBuilder(options: options).build()
        #expect(without.warnings.count == 1, "\(without.warnings.headlines)")
        #expect(try Self.cacheFiles(site).count == 11, "a build without libvips cannot tell which copies are used")
        _ = try site.build()
        let pruned = try Self.cacheFiles(site)
        #expect(pruned.count == 6 && pruned.contains("index.tsv"), "\(pruned)")
        #expect(Set(pruned).isDisjoint(with: first.filter { $0 != "index.tsv" }))
        #expect(try Self.size(site.output.appendingPathComponent("images/harbour-480w.png")) == "480x312")
        // Without the image, nothing of it is kept.
        site.write("Content/posts/harbour.md", FixtureSite.post("title: The harbour\ndate: 2024-03-02", body: "Words only.\n"))
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/static/images/harbour.png"))
        _ = try site.build()
        #expect(try Self.cacheFiles(site).filter { !$0.hasPrefix("card-") } == ["index.tsv"])
    }

    @Test func withoutLibvipsTheSiteBuildsWithOneWarningAndTheImagesAsTheyAre() throws {
        let site = Self.site("![The harbour](/images/harbour.png)\n")
        defer { site.remove() }
        site.write("Content/static/images/map.png", bytes: TestImages.png(width: 900, height: 600))
        site.write("Content/posts/words.md", FixtureSite.post("title: Only words\ndate: 2024-03-01"))
        var options = SiteBuilder.Options(siteRoot: site.root)
        options.libvipsPath = "/nonexistent/libvips.so.42"
        let summary = try SiteBuilder(options: options).build()
        #expect(summary.warnings.headlines == [
            "Content/site.yml: warning: libvips is not installed (no /nonexistent/libvips.so.42): the 2 images are published as they are, "
                + "without smaller copies and 1 post gets no social card; install libvips (Debian: apt-get install libvips42)",
        ])
        let page = try #require(site.read("posts/harbour/index.html"))
        #expect(page.contains("<img src=\"/images/harbour.png\" alt=\"The harbour\" width=\"1200\" height=\"800\" />"))
        let files = try FileManager.default.contentsOfDirectory(atPath: site.output.appendingPathComponent("images").path).sorted()
        #expect(files == ["harbour.png", "map.png"])
        #expect(!site.exists("posts/words/social-card.png"))
        #expect(site.read("posts/words/index.html")?.contains("og:image") == false)
    }

    /// A 600×400 JPEG (libvips' `vips copy` turns the PNG into one) with an EXIF block put
    /// after its start: orientation 1 and, with `gps`, a latitude.
    static func jpeg(in folder: URL, gps: Bool, orientation: Int = 1) throws -> [UInt8] {
        let png = folder.appendingPathComponent("photo-source.png"), jpg = folder.appendingPathComponent("photo-source.jpg")
        try Data(TestImages.png(width: 600, height: 400)).write(to: png)
        _ = try judge("/usr/bin/vips", ["copy", png.path, jpg.path + "[strip]"])
        let plain = try [UInt8](Data(contentsOf: jpg))
        try? FileManager.default.removeItem(at: png)
        try? FileManager.default.removeItem(at: jpg)
        return Array(plain.prefix(2)) + TestImages.app1(TestImages.exif(orientation: orientation, gps: gps)) + plain.dropFirst(2)
    }

    static func latitude(_ file: URL) throws -> String {
        try judge("/usr/bin/exiftool", ["-s3", "-GPSLatitude", file.path])
    }

    @Test func aPhotoWithAGPSPositionIsAWarningAndItsCopiesCarryNoMetadata() throws {
        let site = Self.site("![A walk](/images/walk.jpg)\n")
        defer { site.remove() }
        let photo = try Self.jpeg(in: site.root, gps: true)
        site.write("Content/static/images/walk.jpg", bytes: photo)
        #expect(try Self.latitude(site.root.appendingPathComponent("Content/static/images/walk.jpg")).hasPrefix("48 deg 51' 29.00\""))
        let summary = try site.build()
        #expect(summary.warnings.headlines == [
            "Content/static/images/walk.jpg: warning: this image gives the GPS position where it was taken, which readers can see; "
                + "set images: { strip_metadata: true } in site.yml, or remove it (exiftool -gps:all= Content/static/images/walk.jpg)",
        ])
        #expect(try Self.latitude(site.output.appendingPathComponent("images/walk.jpg")).hasPrefix("48 deg"), "the original as it is")
        for copy in ["walk-480w.jpg", "walk-480w.webp"] {
            let file = site.output.appendingPathComponent("images/\(copy)")
            #expect(try Self.latitude(file) == "", "\(copy)")
            #expect(try Self.judge("/usr/bin/exiftool", ["-s3", "-EXIF:all", file.path]) == "", "\(copy) has no EXIF")
        }
    }

    @Test func stripMetadataPublishesTheOriginalWithoutItsPositionAndItsPixelsUntouched() throws {
        let site = Self.site("![A walk](/images/walk.jpg)\n", config: "images:\n  strip_metadata: true\n")
        defer { site.remove() }
        let photo = try Self.jpeg(in: site.root, gps: true, orientation: 6)
        site.write("Content/static/images/walk.jpg", bytes: photo)
        let summary = try site.build()
        #expect(summary.warnings.isEmpty, "\(summary.warnings.headlines)")
        let published = site.output.appendingPathComponent("images/walk.jpg")
        #expect(try Self.latitude(published) == "")
        // Turned a quarter by its orientation, which stays: 400 wide as shown.
        #expect(try Self.judge("/usr/bin/exiftool", ["-s3", "-n", "-Orientation", published.path]) == "6")
        let page = try #require(site.read("posts/harbour/index.html"))
        #expect(page.contains("width=\"400\" height=\"600\""))
        // The image data itself is byte for byte the original's.
        let bytes = try [UInt8](Data(contentsOf: published))
        let scan = { (file: [UInt8]) in file.firstRange(of: [0xFF, 0xDA]).map { Array(file[$0.lowerBound...]) } }
        #expect(scan(bytes) != nil && scan(bytes) == scan(photo))
        #expect(bytes.count < photo.count)
    }
}
