import Support

/// Where every file of a build goes (``OutputFiles``), decided before anything is written:
/// each path through ``OutputPath``, and each clash (two files on one path, or one inside
/// the other) an error at the file and place that makes it, naming the other side.
enum OutputFilesCheck {
    /// The files the build generates, with the kept paths and the site files, which no page
    /// may take: the pages of the routes table in its order, each with its feeds.
    ///
    /// With a `memo` (a preview server's ``LoadCache``), a site whose pages have the URLs of the
    /// last load's, in the same order, reuses its tree: the URLs are what the tree is made of,
    /// and a one-post edit rarely changes one. Filling the tree was an eighth of such a rebuild.
    static func generated(_ site: Site, settingsFile: String, memo: LoadCache.LastOutputFiles? = nil) -> (files: OutputFiles, problems: [Diagnostic]) {
        let context = Context(site: site, settingsFile: settingsFile)
        let pages = context.pages
        var urls: [String] = []
        if let memo {
            urls = site.config.keep.paths
            for route in PageRoute.table {
                urls.append("\u{0}")
                for index in 0..<pages.count(of: route.kind) { urls.append(context.url(of: .page(route.kind, index))) }
            }
            if let files = memo.files(for: urls) { return (files, []) }
        }
        let total = PageRoute.table.reduce(0) { $0 + pages.count(of: $1.kind) * ($1.feeds == .none ? 1 : 1 + FeedFormat.allCases.count) }
        var files = OutputFiles(capacity: total + 8)
        var problems: [Diagnostic] = []
        for path in site.config.keep.paths { _ = files.add(path, .kept(path)) }
        for file in SiteFile.allCases where site.config.search || !file.isSearch { _ = files.add(file.path, .siteFile(file)) }
        func add(_ origin: OutputFiles.Origin, url: String) -> Bool {
            let path: String
            do throws(OutputPath.Problem) {
                path = try OutputPath.ofURL(url)
            } catch {
                problems.append(context.unwritable(origin, url: url, error))
                return false
            }
            guard let (other, overlap) = files.add(path, origin) else { return true }
            // Two posts or two pages on one URL are duplicate slugs, two series spelt two
            // ways a series clash (``SiteValidator``), each reported there.
            if case .page(let kind, _) = origin, case .page(kind, _) = other, overlap == .same, [.post, .page, .series].contains(kind) {
                return false
            }
            problems.append(context.clash(origin, other, overlap))
            return false
        }
        for route in PageRoute.table {
            for index in 0..<pages.count(of: route.kind) {
                let url = context.url(of: .page(route.kind, index))
                guard add(.page(route.kind, index), url: url),
                      route.feeds == .own || (route.feeds == .site && index == 0) else { continue }
                for format in FeedFormat.allCases { _ = add(.feed(route.kind, index, format), url: format.urlPath(in: url)) }
            }
        }
        // A tree with problems is not kept: their messages name the files of this load.
        if let memo, problems.isEmpty { memo.keep(files, for: urls) }
        return (files, problems)
    }

    /// A file copied into the output as it is: a static file (the theme's, then the site's,
    /// which replace them) or a page bundle's file.
    struct Copied {
        var relative: String
        var displayName: String
        var bundled: Bool
    }

    /// Adds the copied files to what the build generates. A static `robots.txt` replaces
    /// the generated one, and a static file replaces a kept file of its path (the site's
    /// own file wins); any other clash is an error naming both.
    static func copied(_ copied: [Copied], into files: inout OutputFiles, site: Site, settingsFile: String) -> [Diagnostic] {
        let context = Context(site: site, settingsFile: settingsFile)
        var problems: [Diagnostic] = []
        for file in copied {
            do throws(OutputPath.Problem) {
                try OutputPath.check(file.relative, .siteFile)
            } catch {
                problems.append(.error(file.displayName, nil, "cannot be published at /\(Context.printable(file.relative)): \(error.message); rename it"))
                continue
            }
            let origin = OutputFiles.Origin.copied(displayName: file.displayName, path: file.relative, bundled: file.bundled)
            guard let (other, overlap) = files.add(file.relative, origin) else { continue }
            switch (other, overlap) {
            case (.siteFile(let generated), .same) where generated.replaceableByStatic: continue
            case (.kept(let kept), .same) where kept != ".git": continue
            case (.copied(_, let path, _), .same) where path != file.relative: continue   // `A.png` and `a.png`: both copied, as before
            default: problems.append(context.clash(origin, other, overlap))
            }
        }
        return problems
    }

    /// What the messages need to say where each origin comes from.
    private struct Context {
        let site: Site
        let pages: PageSet
        let redirects: [(from: String, to: String, source: String, location: SourceLocation)]
        let settingsFile: String

        init(site: Site, settingsFile: String) {
            self.site = site
            pages = PageSet(site: site)
            redirects = site.redirects
            self.settingsFile = settingsFile
        }

        func url(of origin: OutputFiles.Origin) -> String {
            switch origin {
            case .page(.redirect, let index): redirects[index].from
            case .page(let kind, let index): pages.urlPath(of: kind, at: index)
            case .feed(let kind, let index, let format): format.urlPath(in: url(of: .page(kind, index)))
            case .siteFile(let file): "/" + file.path
            case .kept(let path): "/" + path
            case .copied(_, let path, _): "/" + path
            }
        }

        /// The file (and place in it) that makes the origin; nil for what the build makes itself.
        func source(of origin: OutputFiles.Origin) -> (file: String, location: SourceLocation?)? {
            switch origin {
            case .page(.post, let index): (site.posts[index].sourcePath, SourceLocation(line: 1, column: 1))
            case .page(.page, let index): (site.pages[index].sourcePath, SourceLocation(line: 1, column: 1))
            case .page(.redirect, let index): (redirects[index].source, redirects[index].location)
            case .copied(let displayName, _, _): (displayName, nil)
            default: nil
            }
        }

        func describe(_ origin: OutputFiles.Origin) -> String {
            switch origin {
            case .page(let kind, let index):
                switch kind {
                case .post: return "the post \(site.posts[index].sourcePath)"
                case .page: return "the page \(site.pages[index].sourcePath)"
                case .redirect: return "an old URL (aliases, redirect_from) of \(redirects[index].source)"
                case .home: return index == 0 ? "the home page" : "page \(index + 1) of the home page"
                case .tag: return "the page of tag '\(site.tags[index].name)'"
                case .category: return "the page of category '\(site.categories[index].name)'"
                case .series: return "the page of series '\(site.series[index].name)'"
                default: return kind.route.renders.components(separatedBy: ":").first ?? kind.rawValue
                }
            case .feed(let kind, let index, let format):
                switch kind {
                case .tag: return "the \(format.feedName) of tag '\(site.tags[index].name)'"
                case .category: return "the \(format.feedName) of category '\(site.categories[index].name)'"
                case .series: return "the \(format.feedName) of series '\(site.series[index].name)'"
                default: return "the site's \(format.feedName)"
                }
            case .siteFile(let file): return file.what
            case .kept(let path): return path == ".git" ? ".git, which builds always keep" : "the kept path \(path) (keep: in \(settingsFile))"
            case .copied(let displayName, _, let bundled): return "the \(bundled ? "page-bundle" : "static") file \(displayName)"
            }
        }

        /// A clash, reported at the side that has a file (the new one if both have).
        func clash(_ new: OutputFiles.Origin, _ other: OutputFiles.Origin, _ overlap: OutputFiles.Overlap) -> Diagnostic {
            var (reporter, target, relation) = (new, other, overlap)
            if source(of: new) == nil, source(of: other) != nil {
                (reporter, target) = (other, new)
                relation = overlap == .inside ? .around : overlap == .around ? .inside : .same
            }
            let what: String
            switch (relation, target) {
            case (_, .kept), (_, .siteFile): what = "would replace \(describe(target))"
            case (.same, _): what = "is also the URL of \(describe(target))"
            case (.inside, _): what = "would be written inside \(describe(target)) (\(Self.printable(url(of: target))))"
            case (.around, _): what = "would be a file where \(describe(target)) (\(Self.printable(url(of: target)))) needs a folder"
            }
            let message = "\(Self.printable(url(of: reporter))) \(what); choose another URL"
            let notes = source(of: target).map { [Diagnostic.note($0.file, $0.location, "\(describe(target)) is here")] } ?? []
            guard let place = source(of: reporter) else {
                // Two things the build makes itself: the site's permalinks put them together.
                return .error(settingsFile, nil, "permalinks: \(describe(reporter)) at \(message)")
            }
            return .error(place.file, place.location, message, notes: notes)
        }

        /// A URL that cannot be a file of the output.
        func unwritable(_ origin: OutputFiles.Origin, url: String, _ problem: OutputPath.Problem) -> Diagnostic {
            let shown = Self.printable(url)
            guard let place = source(of: origin) else {
                return .error(settingsFile, nil, "permalinks: \(describe(origin)) would be at \(shown), which cannot be written: \(problem.message)")
            }
            switch origin {
            case .page(.redirect, _): return .error(place.file, place.location, "the old URL '\(shown)' cannot be written: \(problem.message)")
            default: return .error(place.file, place.location, "\(describe(origin)) would be at \(shown) (permalinks in \(settingsFile)), which cannot be written: \(problem.message)")
            }
        }

        /// Control characters as `\u{0}`, so a message shows what the text holds.
        static func printable(_ text: String) -> String {
            guard text.unicodeScalars.contains(where: isControl) else { return text }
            var shown = ""
            for scalar in text.unicodeScalars {
                if isControl(scalar) { shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" } else { shown.unicodeScalars.append(scalar) }
            }
            return shown
        }

        private static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) }
    }
}
