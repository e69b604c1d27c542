/// One entry of the site's navigation as `menu:` in `site.yml` lists it: what it says and
/// where it goes. A `url` starting with `/` is a path of the site (the base URL's path goes
/// before it); any other is an absolute `http(s)://` address, linked as written.
struct MenuItem: Sendable, Hashable {
    var title: String
    var url: String

    var isSitePath: Bool { url.hasPrefix("/") }
}
