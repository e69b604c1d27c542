/// The texts `sitegen init` writes (``NewSite``).
enum NewSiteFiles {
    /// Every setting of `SiteConfigDecoder`, explained; those after `base_url` are commented
    /// out at their defaults (a test uncomments them and expects the same settings).
    static let settings = #"""
        # The site's settings. Lines starting with "#" are comments; to change a setting,
        # remove the "# " before it. README.md of sitegen explains each one.

        title: "My Blog"                   # required: the site's name, in every page's title
        base_url: "https://example.com/"   # where the site is published: feeds and the sitemap use
                                           # it, and links its path (https://example.org/blog/ works)

        # author: ""                       # named in the feeds and the pages' metadata
        # description: ""                  # the home page's description, and the feeds'
        # language: "en"                   # the pages' lang, and the language of the theme's words
        # theme: "default"                 # a folder of Themes/; "default" without a Themes/default/
                                           # folder is the theme built into sitegen (sitegen theme
                                           # eject copies it into Themes/default/ to edit it)
        # posts_per_page: 10               # posts on the home page and on each /page/N/
        # feed_limit: 20                   # entries in each feed; 0 for every post

        # markdown:
        #   smart_punctuation: false       # curly quotes, en and em dashes, ellipses
        #   allow_raw_html: false          # false: raw HTML in posts is left out (cmark's safe mode)
        #   extensions: [table, strikethrough, autolink, tasklist, tagfilter, footnotes, callouts]
                                           # GitHub Flavored Markdown and > Note: callouts;
                                           # [] for plain CommonMark
        #   math:
        #     dollars: false               # true: $a^2$ is inline math too, as \(a^2\) always is

        # code:                           # how code blocks are shown; a fence's words override it
        #   line_numbers: false            # true: number every block's lines (a fence's nolinenos: not that one)
        #   wrap: false                    # true: long lines wrap instead of scrolling
        #   copy: true                     # false: no copy button
        #   types: true                    # false: no types on hover in Swift blocks check-snippets checked

        # snippets:
        #   swift_version: 5               # the Swift language mode of sitegen check-snippets: 5 or 6
        #   run: true                      # false: run blocks are type-checked, never run

        # permalinks:                      # the URLs, with Jekyll's and Hugo's tokens (:year, :month,
        #   posts: /posts/:slug/           # :day, :slug, :title, :categories, ...): keep a moved
        #   tags: /tags/:slug/             # blog's URLs, e.g. posts: /:year/:month/:day/:slug/
        #   categories: /categories/:slug/
        #   series: /series/:slug/

        # links:
        #   ignore: []                     # paths of a bigger site the blog is part of ("/download/"),
        #                                  # which the link check leaves alone
        #   internal: error                # or warn: a broken link to the site's own pages

        # template_syntax: warn            # Liquid tags or Hugo shortcodes left in a post: warn, error
        #                                  # or ignore (readers would see them as text)

        # limits:                          # so a small input cannot write gigabytes
        #   tags_per_post: 100
        #   output_bytes: auto             # generated pages and feeds, in bytes; auto: 64 bytes
        #                                  # per byte of Markdown, at least 1 GiB

        # keep: []                         # files in Output/ that builds leave alone (.git always),
        #                                  # e.g. [CNAME, .nojekyll] for GitHub Pages

        # menu: []                         # the site's navigation instead of the theme's own, e.g.
        #                                  # [{title: About, url: /about/}, {title: GitHub, url: https://github.com/me}]

        # social: []                       # your profiles, in the footer with rel="me", e.g.
        #                                  # [{title: Mastodon, url: "https://mastodon.social/@me"}]

        # future: false                    # true publishes posts dated after the build's time;
        #                                  # false: they wait for their date (the workflow runs daily)

        # search: true                     # a search page at /search/ and its index (English words
        #                                  # by their stems); false writes neither

        images:                            # the site's pictures
          strip_metadata: true             # publish them without EXIF, XMP and text blocks (a phone
                                           # photo's GPS position): the pixels stay untouched
        #   widths: [480, 960, 1600]       # smaller copies for phones (srcset), made with libvips
        #   sizes: "(min-width: 44rem) 42rem, 100vw"   # how wide they show: the theme's column
        #   webp: true                     # a WebP copy beside each, which browsers pick first
        #   quality: 82                    # JPEG and WebP quality of the copies, 1 to 100

        # strings:                         # the theme's words, replaced key by key (for a site in
        #   older_posts: "Older posts →"   # another language); the theme's documentation lists the keys
        #   newer_posts: "← Newer posts"

        """#

    static func firstPost(date: PostDate) -> String {
        #"""
        ---
        title: "Hello, world"
        date: \#(date.isoDay)
        tags: [sitegen]
        summary: "The first post of a new blog: where things are, and how to write the next one."
        ---

        This blog was made by `sitegen init`, and this post is `Content/posts/hello-world.md`:
        change it, or delete it once the blog has posts of its own.

        - `sitegen new post "A title"` starts the next post, as a draft.
        - `sitegen serve` shows the site at <http://127.0.0.1:8000/> and reloads the page
          whenever a file is saved.
        - `sitegen build` writes the whole site into `Output/`, ready to publish.
        - The pages' look is the theme built into sitegen; `sitegen theme eject` copies it
          into `Themes/default/`, where it can be changed.

        Swift code is highlighted, and `sitegen check-snippets` compiles it, so the code a
        post shows is code that builds. The Swift blocks of a post are one program, in order:

        ```swift
        struct Greeting {
            var name: String

            var text: String { "Hello, \(name)!" }
        }
        ```

        so a later block uses what an earlier one declared:

        ```swift
        let greeting = Greeting(name: "world")
        print(greeting.text)
        ```

        """#
    }

    static let gitignore = """
        # Made by sitegen build, serve and check-snippets.
        Output/
        .sitegen-cache/

        """

    /// GitHub Actions: build, check the Swift, publish `Output/` to GitHub Pages, on every push
    /// and daily (scheduled posts). sitegen is built from source (there is no binary release
    /// to download), cached by its commit, so a deploy with a warm cache builds nothing.
    static let workflow = #"""
        # Builds the site with sitegen, compiles the posts' Swift (failures are annotated on
        # the lines of the posts), and publishes Output/ to GitHub Pages.
        #
        # Before the first push:
        #   1. set SITEGEN_GIT below to the git URL of sitegen's repository (and SITEGEN_REF
        #      to a tag or branch of it): sitegen is built from source, once per commit of it;
        #   2. in the repository's Settings → Pages, set "Source" to "GitHub Actions";
        #   3. set base_url in Content/site.yml to the site's address
        #      (https://USER.github.io/REPOSITORY/ for a project's Pages).
        name: site

        on:
          push:
            branches: [main]
          pull_request:
          workflow_dispatch:
          # Daily, so that a post dated in the future (held back until then) goes live on its day.
          schedule:
            - cron: "17 5 * * *"

        permissions:
          contents: read
          pages: write
          id-token: write

        concurrency:
          group: pages-${{ github.ref }}
          cancel-in-progress: true

        env:
          SITEGEN_GIT: "https://github.com/OWNER/sitegen.git"
          SITEGEN_REF: "main"

        jobs:
          build:
            runs-on: ubuntu-latest
            container: swift:6.3-bookworm   # Swift 6 on Debian 12, what sitegen is built and tested on
            steps:
              - uses: actions/checkout@v4

              - name: Install the C libraries sitegen uses
                run: apt-get update -qq && apt-get install -y -qq libcmark-dev libyaml-dev pkg-config

              - name: Find sitegen's commit
                id: sitegen
                run: |
                  if [ "$SITEGEN_GIT" = "https://github.com/OWNER/sitegen.git" ]; then
                    echo "::error file=.github/workflows/site.yml::set SITEGEN_GIT to the git URL of sitegen's repository"
                    exit 1
                  fi
                  commit=$(git ls-remote "$SITEGEN_GIT" "$SITEGEN_REF" | head -n 1 | cut -f 1)
                  echo "commit=${commit:-$SITEGEN_REF}" >> "$GITHUB_OUTPUT"

              - name: Restore sitegen
                id: cache
                uses: actions/cache@v4
                with:
                  path: /usr/local/bin/sitegen
                  key: sitegen-${{ steps.sitegen.outputs.commit }}

              - name: Build and install sitegen
                if: steps.cache.outputs.cache-hit != 'true'
                run: |
                  git clone --depth 1 --branch "$SITEGEN_REF" "$SITEGEN_GIT" "$RUNNER_TEMP/sitegen"
                  "$RUNNER_TEMP/sitegen/scripts/install" /usr/local

              # GitHub Actions sets CI=true, and then a formula that cannot be rendered fails
              # the build instead of being published as TeX. The test below errs towards
              # installing KaTeX (a post that only mentions "\(" gets it too).
              - name: Install KaTeX when a post has math
                run: |
                  if grep -rqsE '^ *(```|~~~) *math|[$][$]|\\[(]|\\[[]|dollars: *true' Content; then
                    apt-get install -y -qq katex
                  fi

              - name: Build the site
                run: sitegen build

              - name: Compile the posts' Swift
                run: sitegen check-snippets --format github

              - name: Upload the site
                if: github.event_name != 'pull_request'
                uses: actions/upload-pages-artifact@v3
                with:
                  path: Output

          deploy:
            if: github.event_name != 'pull_request'
            needs: build
            runs-on: ubuntu-latest
            environment:
              name: github-pages
              url: ${{ steps.deployment.outputs.page_url }}
            steps:
              - name: Publish to GitHub Pages
                id: deployment
                uses: actions/deploy-pages@v4

          # Optional: the posts' Apple-only code (```swift platform=apple blocks, which Linux
          # skips) compiled against the iOS simulator SDK of a Mac runner, with
          # `sitegen check-snippets --platform apple`. Off until the repository variable
          # CHECK_APPLE_SNIPPETS is true (Settings → Secrets and variables → Actions →
          # Variables). A macOS runner's minute counts as ten of a private repository's quota.
          apple-snippets:
            if: vars.CHECK_APPLE_SNIPPETS == 'true'
            runs-on: macos-latest
            steps:
              - uses: actions/checkout@v4

              - name: Install the C libraries sitegen uses
                run: brew install cmark libyaml pkg-config

              - name: Build sitegen
                run: |
                  git clone --depth 1 --branch "$SITEGEN_REF" "$SITEGEN_GIT" "$RUNNER_TEMP/sitegen"
                  swift build --package-path "$RUNNER_TEMP/sitegen" -c release --product sitegen
                  echo "$RUNNER_TEMP/sitegen/.build/release" >> "$GITHUB_PATH"

              # Results are kept by what decides them (code, compiler, SDK): a restored cache
              # recompiles only what changed.
              - name: Restore the snippets' results
                uses: actions/cache@v4
                with:
                  path: .sitegen-cache/snippets
                  key: snippets-apple-${{ github.sha }}
                  restore-keys: snippets-apple-

              - name: Compile the posts' Swift against the iOS SDK
                run: sitegen check-snippets --platform apple --format github

        """#
}
