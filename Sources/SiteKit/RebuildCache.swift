/// What a preview server keeps from one rebuild to the next (``SiteBuilder/rebuildInPlace(cache:)``),
/// stage by stage: the posts and pages as decoded, by file (``LoadCache``); the last theme
/// (``ThemeLoader/LastTheme``); the rendered
/// bodies and what each page and feed showed (``RenderCache``); the static files the
/// output holds copies of (``StaticCopies``). An edit then costs what it changes.
///
/// The output must be left to these rebuilds while the cache is kept.
public final class RebuildCache: @unchecked Sendable {
    let loads = LoadCache()
    /// The theme, which a build reads after the site; a later stage than ``LoadCache``'s.
    let theme = ThemeLoader.LastTheme()
    /// The posts' social cards, made from the site, the theme and each post.
    let cards = SocialCards.Memo()
    let render = RenderCache()
    let copies = StaticCopies()
    let sizes = SyncedOutput()

    public init() {}

    /// Pages and feeds the last rebuild rendered, and those it found unchanged.
    public var renderedUnits: Int { render.renderedUnits }
    public var skippedUnits: Int { render.skippedUnits }
}
