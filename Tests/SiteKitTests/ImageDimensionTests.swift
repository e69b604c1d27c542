import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// Every local image of a page gets its size from its file's header: PNG, JPEG, GIF, WebP,
/// SVG and AVIF, read without decoding; a header that cannot be read is an error naming
/// the file and the place that shows it.
struct ImageDimensionTests {
    static func size(_ bytes: [UInt8], _ name: String) throws -> (Int, Int) {
        let header = try ImageHeader.read(bytes, fileName: name)
        return (header.width, header.height)
    }

    static func problem(_ bytes: [UInt8], _ name: String) -> String? {
        do {
            _ = try ImageHeader.read(bytes, fileName: name)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func eachFormatsSize() throws {
        #expect(try Self.size(TestImages.png(width: 7, height: 5), "a.png") == (7, 5))
        #expect(try Self.size(TestImages.jpegHeader(width: 640, height: 480), "a.jpg") == (640, 480))
        #expect(try Self.size(TestImages.gif(width: 3, height: 9), "a.gif") == (3, 9))
        #expect(try Self.size(TestImages.webpHeader(width: 300, height: 200, extended: false), "a.webp") == (300, 200))
        #expect(try Self.size(TestImages.webpHeader(width: 4000, height: 3000, extended: true), "a.webp") == (4000, 3000))
        #expect(try Self.size(TestImages.avifHeader(width: 1920, height: 1080), "a.avif") == (1920, 1080))
    }

    @Test func aJPEGTurnedByItsExifShowsItsSidesSwapped() throws {
        #expect(try Self.size(TestImages.jpegHeader(width: 640, height: 480, exif: TestImages.exif(orientation: 6, gps: false)), "a.jpg") == (480, 640))
        #expect(try Self.size(TestImages.jpegHeader(width: 640, height: 480, exif: TestImages.exif(orientation: 3, gps: false)), "a.jpg") == (640, 480))
    }

    @Test func svgSizeFromWidthAndHeightElseTheViewBox() throws {
        let prolog = "<?xml version=\"1.0\"?>\n<!-- drawn by hand <svg width=\"1\"> -->\n<!DOCTYPE svg>\n"
        #expect(try Self.size(Array((prolog + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120px\" height=\"80\"></svg>").utf8), "a.svg") == (120, 80))
        #expect(try Self.size(Array("<svg viewBox=\"0 0 300 150\"/>".utf8), "a.svg") == (300, 150))
        #expect(try Self.size(Array("<svg width='600' viewBox='0,0,300,150'/>".utf8), "a.svg") == (600, 300))
        #expect(try Self.size(Array("<svg width=\"100%\" height=\"100%\" viewBox=\"0 0 40 20\"/>".utf8), "a.svg") == (40, 20))
        // Without a size an SVG takes the page's: it gets none.
        #expect(try Self.size(Array("<svg width=\"100%\"/>".utf8), "a.svg") == (0, 0))
        #expect(Self.problem(Array("<html></html>".utf8), "a.svg")?.contains("no <svg> element") == true)
    }

    @Test func everyCutShortHeaderIsAProblem() {
        let files: [(String, [UInt8], Int)] = [
            ("a.png", TestImages.png(width: 7, height: 5), 24),
            ("a.jpg", TestImages.jpegHeader(width: 640, height: 480, exif: TestImages.exif(gps: true)), TestImages.jpegHeader(width: 640, height: 480, exif: TestImages.exif(gps: true)).count - 10),
            ("a.gif", TestImages.gif(width: 3, height: 9), 10),
            ("a.webp", TestImages.webpHeader(width: 300, height: 200, extended: false), 25),
            ("a.webp", TestImages.webpHeader(width: 300, height: 200, extended: true), 30),
            ("a.avif", TestImages.avifHeader(width: 1920, height: 1080), TestImages.avifHeader(width: 1920, height: 1080).count - 1),
        ]
        for (name, bytes, needed) in files {
            for length in 0..<needed {
                #expect(Self.problem(Array(bytes.prefix(length)), name) != nil, "\(name) cut to \(length) bytes")
            }
        }
    }

    @Test func wrongAndHostileBytesAreProblemsNotCrashes() {
        #expect(Self.problem([], "a.png") == "the file is empty")
        #expect(Self.problem(Array("not a picture".utf8), "a.png")?.contains("it is no PNG file") == true)
        // A JPEG of nothing but fill bytes, and one of endless empty segments, end at the file's end.
        #expect(Self.problem([0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 1 << 20), "a.jpg") != nil)
        #expect(Self.problem([0xFF, 0xD8] + Array([[UInt8]](repeating: [0xFF, 0xE2, 0x00, 0x02], count: 1 << 18).joined()), "a.jpg") != nil)
        // A segment length below 2 would walk backwards.
        #expect(Self.problem([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01, 0, 0, 0, 0], "a.jpg")?.contains("length of 1") == true)
        // An AVIF box claiming more than the file, or less than its header.
        let avif = TestImages.avifHeader(width: 10, height: 10)
        #expect(Self.problem(Array(avif.prefix(24)) + [0, 0, 0, 4] + Array("meta".utf8), "a.avif")?.contains("size of 4") == true)
        #expect(Self.problem(TestImages.png(width: 0, height: 5), "a.png")?.contains("0×5") == true)
    }

    static func site(_ body: String) -> FixtureSite {
        let site = FixtureSite(["Content/posts/photos.md": FixtureSite.post("title: Photos\ndate: 2024-03-02", body: body)],
                               config: "title: \"Fixture Blog\"\nbase_url: \"https://example.com/\"\nmarkdown:\n  allow_raw_html: true\n")
        site.write("Content/static/images/harbour.png", bytes: TestImages.png(width: 40, height: 30))
        site.write("Content/static/images/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 64 16\"><rect width=\"64\" height=\"16\"/></svg>\n")
        site.write("Content/static/images/wave.gif", bytes: TestImages.gif(width: 12, height: 8))
        return site
    }

    @Test func markdownDirectiveAndRawHTMLImagesGetSizesAndOnlyTheFirstLoadsAtOnce() throws {
        let site = Self.site("""
            The harbour at dawn:

            ![The harbour](/images/harbour.png "Dawn")

            Our logo, <img src="/images/logo.svg" alt="Logo"> inline, and a wave:

            <p><img src="../../images/wave.gif" alt="Wave" width="24"></p>

            @Image(source: "/images/harbour.png", alt: "Again")

            ![Elsewhere](https://example.org/far.png)
            """)
        defer { site.remove() }
        _ = try site.build()
        let page = try #require(site.read("posts/photos/index.html"))
        #expect(page.contains("<img src=\"/images/harbour.png\" alt=\"The harbour\" title=\"Dawn\" width=\"40\" height=\"30\" />"))
        #expect(page.contains("<img src=\"/images/logo.svg\" alt=\"Logo\" width=\"64\" height=\"16\" loading=\"lazy\" decoding=\"async\">"))
        // The author's width stays, and no height is guessed beside it.
        #expect(page.contains("<img src=\"../../images/wave.gif\" alt=\"Wave\" width=\"24\" loading=\"lazy\" decoding=\"async\">"))
        #expect(page.contains("<figure class=\"figure\">\n<img src=\"/images/harbour.png\" alt=\"Again\" width=\"40\" height=\"30\" loading=\"lazy\" decoding=\"async\">"))
        #expect(page.contains("<img src=\"https://example.org/far.png\" alt=\"Elsewhere\" loading=\"lazy\" decoding=\"async\" />"))
        // Code about images stays as written.
        #expect(!page.contains("<img src=\"/images/harbour.png\" alt=\"The harbour\" title=\"Dawn\" loading"))
    }

    @Test func anImageWhoseHeaderCannotBeReadIsAnErrorAtEachPlaceThatShowsIt() throws {
        let site = Self.site("Intro.\n\n![Broken](/images/broken.jpg)\n\nAnd again: <img src=\"/images/broken.jpg\" alt=\"x\">\n")
        defer { site.remove() }
        site.write("Content/static/images/broken.jpg", bytes: Array(TestImages.jpegHeader(width: 10, height: 10).prefix(12)))
        _ = try? site.build()
        let before = site.outputSnapshot()
        site.write("Content/posts/later.md", FixtureSite.post("title: Later\ndate: 2024-03-03"))
        let errors = site.failingBuild().flatMap { [$0.headline] + $0.notes.map(\.headline) }
        #expect(errors == [
            "Content/posts/photos.md:8:11: error: the image Content/static/images/broken.jpg cannot be read: its JPEG header has no frame: the file ends, or its image data starts, before the image's size",
            "Content/posts/photos.md:10:22: note: the image Content/static/images/broken.jpg cannot be read: its JPEG header has no frame: the file ends, or its image data starts, before the image's size",
        ], "\(errors)")
        #expect(site.outputSnapshot() == before)
    }

    @Test func anUnchangedImageIsNotReadAgain() throws {
        let site = Self.site("![The harbour](/images/harbour.png)\n")
        defer { site.remove() }
        _ = try site.build()
        let first = try #require(site.read("posts/photos/index.html"))
        #expect(first.contains("width=\"40\" height=\"30\""))
        // The same length, modification time and inode, other bytes: a build that read the
        // file would find no PNG.
        let path = site.root.appendingPathComponent("Content/static/images/harbour.png").path
        try TestImages.zeroKeepingStamp(path)
        _ = try site.build()
        #expect(site.read("posts/photos/index.html") == first)
        // A new modification time: read, and now broken.
        try TestImages.touch(path, by: 5)
        #expect(site.failingBuild().first?.message.contains("cannot be read: it is no PNG file") == true)
    }
}

/// Where a smaller copy goes, and an original's extension, read from a path by its bytes.
@Suite("Images: copies' paths")
struct ImageVariantPathTests {
    @Test func aCopyIsBesideItsOriginalWithTheSuffixForTheExtension() {
        let copy = ImageVariants.Variant(width: 480, height: 320, format: .webp, suffix: "-480w.webp")
        #expect(copy.path(beside: "images/harbour.png") == "images/harbour-480w.webp")
        #expect(copy.path(beside: "harbour.tar.png") == "harbour.tar-480w.webp")
        #expect(copy.path(beside: "images/v1.2/photo") == "images/v1.2/photo-480w.webp")
        #expect(copy.path(beside: "photos/été/café.jpeg") == "photos/été/café-480w.webp")
        #expect(ImageVariants.fileExtension(of: "images/a.b/c.JPG") == "JPG")
        #expect(ImageVariants.fileExtension(of: "images/a.b/c") == "")
        #expect(ImageVariants.fileExtension(of: "café.jpeg") == "jpeg")
    }
}
