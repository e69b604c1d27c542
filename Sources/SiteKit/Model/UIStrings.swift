/// The words a theme shows around the content ("Part 2 of 3 in", "min read", "Newer posts"),
/// so that a site in another language changes them without copying templates. English is
/// built in; a theme's `strings/<language>.yml` and the site's `strings:` setting replace
/// texts key by key, in that order.
///
/// A text may hold `{name}` placeholders, which the build fills in (`{count}`, `{series}`);
/// a key ending in `_one` is the text for a count of one (`post_count_one: "1 post"`).
/// Templates see every text as `strings.<key>`; the texts with placeholders arrive filled in
/// where the values are (`post.reading_time_label`). docs/themes.md lists every key.
struct UIStrings: Sendable, Hashable {
    /// Every key with its English text, in the order docs/themes.md lists them.
    static let english: [(key: String, text: String)] = [
        ("home", "Home"),
        ("archive", "Archive"),
        ("series", "Series"),
        ("tags", "Tags"),
        ("categories", "Categories"),
        ("skip_to_content", "Skip to content"),
        ("latest_posts", "Latest posts"),
        ("no_posts", "No posts yet."),
        ("no_series", "No series yet."),
        ("no_tags", "No tags yet."),
        ("newer_posts", "← Newer posts"),
        ("older_posts", "Older posts →"),
        ("pages_of_posts", "Pages of posts"),
        ("contents", "Contents"),
        ("updated", "updated"),
        ("all_series", "all series"),
        ("all_tags", "all tags"),
        ("in_reading_order", "in reading order"),
        ("series_index_lead", "Posts written in parts, to be read in order."),
        ("not_found_title", "Page not found"),
        ("not_found_lead", "There is no page at this address. It may have moved, or the link may be mistyped."),
        ("built_with", "Built with sitegen."),
        ("elsewhere", "Elsewhere"),
        ("feed", "Feed"),
        ("home_page_title", "Page {number} of {count}"),
        ("home_page_heading", "Posts, page {number} of {count}"),
        ("page_number", "Page {number}"),
        ("reading_time", "{minutes} min read"),
        ("part", "Part {part}"),
        ("part_of_series", "Part {part} of {count} in {series}"),
        ("series_part_short", "{series}, part {part}"),
        ("series_box_label", "Series: {series}"),
        ("series_pager_label", "{series}: previous and next part"),
        ("post_count", "{count} posts"),
        ("post_count_one", "1 post"),
        ("part_count", "{count} parts"),
        ("part_count_one", "1 part"),
        ("archive_lead", "All {count} posts, newest first."),
        ("archive_lead_one", "One post."),
        ("tag_title", "Posts tagged “{tag}”"),
        ("tag_heading", "Posts tagged {tag}"),
        ("category_title", "Posts in “{category}”"),
        ("category_heading", "Posts in {category}"),
        ("series_description", "{series}, in {count} parts"),
        ("series_description_one", "{series}, in 1 part"),
        ("feed_link", "{title} ({format})"),
        ("series_feeds", "{series} series"),
        ("tag_feed_title", "{site}: posts tagged “{tag}”"),
        ("tag_feed_description", "Posts tagged “{tag}” on {site}."),
        ("category_feed_title", "{site}: posts in “{category}”"),
        ("category_feed_description", "Posts in “{category}” on {site}."),
        ("series_feed_title", "{site}: {series} series"),
        ("series_feed_description", "The {series} series on {site}."),
        ("moved_to", "This page has moved to {link}."),
        ("copy_code", "Copy"),
        ("code_copied", "Copied"),
        ("code_copy_failed", "Copy failed"),
        ("search", "Search"),
        ("search_label", "Search the site"),
        ("search_lead", "Words of a title, a heading, the text or the code of a post: every post that has them all."),
        ("search_no_script", "Searching needs JavaScript. Every post is listed in the archive."),
        ("search_results", "{count} results"),
        ("search_results_one", "1 result"),
        ("search_no_results", "No posts have all of these words."),
        ("search_more", "More results"),
        ("search_failed", "The search index could not be loaded."),
    ]

    static let keys: [String] = english.map(\.key)

    private(set) var texts: [String: String]

    /// English, with each layer's texts replacing those of the same key.
    init(replacements layers: [[String: String]] = []) {
        var texts = Dictionary(uniqueKeysWithValues: Self.english.map { ($0.key, $0.text) })
        for layer in layers { texts.merge(layer) { _, new in new } }
        self.texts = texts
    }

    subscript(key: String) -> String { texts[key] ?? key }

    /// The text of `key` (of `key_one` when `count` is 1) with its placeholders filled in.
    func format(_ key: String, count: Int? = nil, _ values: [String: String] = [:]) -> String {
        let chosen = count == 1 && texts[key + "_one"] != nil ? key + "_one" : key
        var values = values
        if let count { values["count"] = String(count) }
        var result = ""
        var rest = self[chosen][...]
        // The braces are ASCII, found in the UTF-8 view: every page formats a few strings, and
        // searching Character by Character was most of a page's own data.
        while let open = rest.utf8.firstIndex(of: UInt8(ascii: "{")),
              let close = rest.utf8[open...].firstIndex(of: UInt8(ascii: "}")) {
            let afterClose = rest.utf8.index(after: close)
            let name = String(rest[rest.utf8.index(after: open)..<close])
            result += rest[..<open]
            if let value = values[name] { result += value } else { result += rest[open..<afterClose] }
            rest = rest[afterClose...]
        }
        return result + rest
    }

}
