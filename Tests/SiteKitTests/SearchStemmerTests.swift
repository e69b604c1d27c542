import Foundation
import Testing
@testable import SiteKit
@testable import TestSupport

/// The Porter stemmer against pairs that NLTK's `PorterStemmer(mode=PorterStemmer.ORIGINAL_ALGORITHM)`
/// (nltk 3.9) gave for a sample of the words of this repository's posts and docs, with the
/// examples of Porter's paper: made once by
/// `python3 -c 'from nltk.stem.porter import PorterStemmer as P; p = P(mode=P.ORIGINAL_ALGORITHM); ...'`
/// and kept here as `word:stem`, so that the test needs no Python. The theme's script stems queries with its
/// own copy of the algorithm; `SearchScriptTests` holds it to the same pairs.
enum StemmerPairs {
    static let text = """
        aafc:aafc abcde:abcd abilities:abil above:abov absent:absent absolute:absolut access:access achieving:achiev
        activate:activ actors:actor add:add addaction:addact adds:add adjustable:adjust adjustment:adjust
        adoption:adopt after:after again:again age:ag agreed:agre agreement:agreement airliner:airlin alias:alia
        alignment:align alive:aliv all:all allowance:allow alone:alon along:along also:also altogether:altogeth
        analogousli:analog anchorlinenos:anchorlineno angulariti:angular answer:answer anything:anyth apart:apart
        api:api apostwitha:apostwitha app:app applied:appli apply:appli appropriate:appropri apt:apt
        architecture:architectur architectures:architectur are:ar area:area areas:area around:around
        arrangement:arrang arrays:arrai arrive:arriv arrows:arrow article:articl ascii:ascii assets:asset
        asynchronous:asynchron attribute:attribut attributes:attribut auto:auto autoplay:autoplai available:avail
        backtick:backtick bad:bad bare:bare barnes:barn baseurl:baseurl basis:basi became:becam because:becaus
        become:becom been:been beitr:beitr benefits:benefit bertha:bertha beside:besid bespoke:bespok better:better
        bind:bind bite:bite biz:biz blank:blank blanks:blank bled:bled bliss:bliss blocks:block blogs:blog bombs:bomb
        bool:bool both:both bowdlerize:bowdler brace:brace branch:branch brokenlinks:brokenlink brown:brown
        bubblewrap:bubblewrap buildfuture:buildfutur buildoutput:buildoutput but:but button:button caches:cach
        callousness:callous callout:callout calls:call can:can cancel:cancel cancelled:cancel cannot:cannot
        canonical:canon capped:cap captured:captur card:card caress:caress caresses:caress carry:carri catch:catch
        categories:categori category:categori cats:cat cause:caus cease:ceas cell:cell cellforrowat:cellforrowat
        cells:cell centerpoint:centerpoint changed:chang changes:chang chapters:chapter characters:charact
        check:check checked:check checker:checker checking:check checkpoints:checkpoint child:child choice:choic
        chroma:chroma clash:clash clean:clean cleans:clean clear:clear clicking:click clicks:click cmark:cmark
        cname:cname codes:code cohen:cohen collection:collect column:column columns:column com:com come:come
        comes:come coming:come comments:comment commonly:commonli communism:commun companyname:companynam
        compile:compil compiled:compil compiles:compil compiling:compil component:compon compose:compos
        conclusion:conclus concurrency:concurr conditional:condit conflated:conflat conformabli:conform
        connected:connect connecting:connect connection:connect connections:connect consecutive:consecut
        consequences:consequ constant:constant content:content contentpage:contentpag context:context control:control
        controll:control controls:control converted:convert converters:convert converts:convert corpus:corpu
        could:could counter:counter country:countri countrymanager:countrymanag counts:count course:cours
        coverage:coverag coworkers:cowork cpf:cpf cpu:cpu crafted:craft create:creat created:creat crossed:cross
        css:css ctrl:ctrl curtis:curti dark:dark dates:date datetime:datetim debian:debian decides:decid
        decisiveness:decis declarative:declar declaring:declar decoder:decod decoding:decod defensible:defens
        defer:defer defined:defin defining:defin definition:definit del:del deleted:delet deletion:delet deltas:delta
        dependencies:depend dependent:depend dequeued:dequeu described:describ description:descript details:detail
        dev:dev develop:develop developers:develop diagnostic:diagnost diagnostics:diagnost diagrams:diagram
        dictsection:dictsect dies:di diff:diff differ:differ different:differ differentli:differ difficult:difficult
        digitizer:digit digits:digit discriminate:discrimin dispatchqueue:dispatchqueu display:displai
        displayed:displai div:div dns:dn dnt:dnt doc:doc dockerfile:dockerfil docs:doc document:document don:don
        dot:dot double:doubl doubling:doubl download:download drawing:draw drive:drive due:due earlier:earlier
        eat:eat eca:eca edit:edit effective:effect egit:egit either:either electrical:electr electriciti:electr
        element:element elided:elid eliminate:elimin else:els embeds:emb embedtheme:embedthem enabled:enabl
        encoded:encod encourage:encourag ending:end endnote:endnot endraw:endraw ends:end energy:energi
        engagement:engag engineer:engin english:english enjoy:enjoi entity:entiti enum:enum error:error even:even
        eventhandler:eventhandl exactly:exactli exclude:exclud excludes:exclud executed:execut existence:exist
        exists:exist exits:exit explore:explor ext:ext extensions:extens eyecolor:eyecolor fail:fail failing:fail
        fails:fail failures:failur falling:fall falls:fall faster:faster favicon:favicon feed:feed
        feedformat:feedformat feeds:feed fenced:fenc fenceinfo:fenceinfo fetching:fetch feudalism:feudal
        figcaption:figcapt fileprivate:filepriv filing:file final:final find:find fit:fit five:five fixed:fix
        fizzed:fizz fname:fname fnref:fnref focus:focu focusing:focus footnotes:footnot forced:forc
        forkeypath:forkeypath form:form formaliti:formal formalize:formal formative:form formulas:formula
        forresource:forresourc found:found four:four fresh:fresh friends:friend full:full func:func future:futur
        fuzz:fuzz fuzzing:fuzz gateway:gatewai gave:gave generalizations:gener generates:gener generator:gener
        generics:gener gesture:gestur gfm:gfm git:git github:github give:give given:given goal:goal goldmark:goldmark
        gone:gone goodness:good gotten:gotten greatest:greatest greeting:greet grep:grep grid:grid grouped:group
        growthlimit:growthlimit guid:guid gyroscopic:gyroscop had:had happy:happi header:header headers:header
        heading:head headless:headless hello:hello helper:helper hence:henc hesitanci:hesit heung:heung
        highest:highest hissing:hiss holds:hold home:home homologou:homolog homologous:homolog hooks:hook
        hopeful:hope hopefulness:hope hopping:hop hour:hour how:how however:howev href:href html:html
        hugojudgetests:hugojudgetest hunk:hunk icon:icon identical:ident idioms:idiom ids:id iframe:ifram
        ignore:ignor imageview:imageview impact:impact implement:implement implementation:implement
        implementing:implement important:import inaccessible:inaccess include:includ includes:includ including:includ
        indentation:indent index:index inference:infer initialized:initi initializer:initi inline:inlin
        inlinemath:inlinemath innermost:innermost inplaceoutput:inplaceoutput instagram:instagram install:instal
        installed:instal interest:interest interface:interfac internal:intern internalobject:internalobject
        introduction:introduct invalid:invalid invested:invest ios:io irritant:irrit irwin:irwin isolation:isol
        issue:issu itself:itself james:jame java:java javascript:javascript john:john joining:join jpeg:jpeg
        katex:katex keep:keep keeps:keep kentucky:kentucki key:kei keyboard:keyboard keypath:keypath keys:kei
        keywords:keyword kill:kill killed:kill kinds:kind know:know known:known kramdown:kramdown label:label
        lack:lack lacks:lack lang:lang languages:languag last:last lastmod:lastmod latest:latest latter:latter
        law:law layeringtests:layeringtest leads:lead learn:learn learning:learn least:least left:left length:length
        less:less let:let level:level levels:level lexer:lexer lexers:lexer libcmark:libcmark libfuzzer:libfuzz
        lies:li likewise:likewis limits:limit link:link listed:list listinteractor:listinteractor
        listpresenter:listpresent lists:list listtableview:listtableview live:live lname:lname loaded:load
        loader:loader loading:load logic:logic logo:logo longer:longer look:look looked:look looks:look loop:loop
        lost:lost lot:lot lots:lot lowercased:lowercas machine:machin magick:magick make:make makes:make making:make
        many:mani markdowntests:markdowntest marker:marker match:match mathrenderer:mathrender may:mai mean:mean
        measure:measur member:member mentorship:mentorship merge:merg milton:milton min:min minutes:minut
        missing:miss mississippi:mississippi misspelt:misspelt model:model modifiers:modifi month:month
        monthly:monthli motoring:motor moved:move must:must myarr:myarr myopensubclass:myopensubclass
        mysubclass:mysubclass names:name namespace:namespac nav:nav need:need needs:need neither:neither nest:nest
        nested:nest nests:nest network:network new:new newcomer:newcom newest:newest newspaper:newspap next:next
        night:night nine:nine nocookie:nocooki note:note notes:note notice:notic nsdictionary:nsdictionari
        nsstring:nsstring nul:nul numbered:number obey:obei offset:offset often:often old:old oldurls:oldurl
        onclick:onclick ones:on openclass:openclass opened:open operator:oper optionally:option options:option
        ordinary:ordinari oscillators:oscil others:other our:our out:out outlives:outliv over:over overflow:overflow
        page:page pager:pager pageref:pageref pageroute:pagerout pages:page paginate:pagin pagination:pagin pair:pair
        pan:pan paragraph:paragraph param:param parameters:paramet params:param parent:parent parses:pars
        parsing:pars part:part partials:partial particular:particular past:past paths:path pattern:pattern per:per
        permalink:permalink permalinks:permalink perspective:perspect pickett:pickett picture:pictur pictures:pictur
        pipe:pipe placeholder:placehold places:place plastered:plaster plugin:plugin plus:plu pnteqb:pnteqb
        point:point points:point policy:polici ponies:poni poor:poor populate:popul position:posit positive:posit
        posix:posix post:post potential:potenti pre:pre predicate:predic predication:predic prepared:prepar
        preprocessor:preprocessor present:present presentation:present pretty:pretti preview:preview print:print
        priority:prioriti privateclass:privateclass privileges:privileg probate:probat problems:problem
        process:process procrastinate:procrastin produced:produc production:product programmatic:programmat
        properties:properti prose:prose protocols:protocol proves:prove provides:provid pst:pst publishes:publish
        publishing:publish puts:put quoted:quot quotes:quot radicalli:radic rate:rate rational:ration reach:reach
        reachability:reachabl reachable:reachabl reader:reader readme:readm real:real rebuilds:rebuild
        rebuilt:rebuilt recognizer:recogn reduce:reduc referred:refer refused:refus regards:regard regular:regular
        rel:rel relational:relat reload:reload reloadlist:reloadlist relref:relref remove:remov removed:remov
        removes:remov renamex:renamex renderedfile:renderedfil renders:render repaired:repair repeated:repeat
        replacement:replac reports:report represents:repres reset:reset resolved:resolv restored:restor
        restricts:restrict reuse:reus reviewed:review revival:reviv rewritten:rewritten robots:robot roles:role
        roll:roll root:root rouge:roug routes:rout roving:rove rss:rss run:run running:run runs:run rust:rust
        safe:safe sanchez:sanchez saw:saw scalarcolumns:scalarcolumn scheduledposts:scheduledpost screens:screen
        scripts:script scroll:scroll scrolling:scroll section:section see:see seen:seen sees:see self:self
        sendable:sendabl sends:send sense:sens sensibiliti:sensibl sensitiviti:sensit sent:sent sentence:sentenc
        serves:serv service:servic session:session sessions:session sets:set setup:setup several:sever sha:sha
        shapes:shape shell:shell shortcode:shortcod shortcodes:shortcod show:show showing:show shown:shown
        sidebars:sidebar sigabrt:sigabrt sigterm:sigterm silently:silent simplify:simplifi sing:sing single:singl
        sitekit:sitekit siteloader:siteload sitemap:sitemap sitting:sit size:size sized:size skill:skill skip:skip
        skipped:skip sky:sky sleep:sleep slide:slide slow:slow small:small snippet:snippet snippets:snippet
        socializing:social sockets:socket someone:someon sometimes:sometim son:son sort:sort sourcelocation:sourceloc
        sources:sourc span:span spans:span speaker:speaker spec:spec specific:specif specification:specif sql:sql
        ssh:ssh stars:star start:start started:start starts:start stdout:stdout still:still stop:stop
        storyboard:storyboard strategy:strategi strikethrough:strikethrough strings:string strong:strong stub:stub
        stubs:stub sub:sub subclassed:subclass success:success successful:success summarised:summaris summary:summari
        sup:sup sure:sure surface:surfac svg:svg swap:swap swiftui:swiftui symbolic:symbol systemd:systemd
        tabindex:tabindex tables:tabl tableview:tableview tabnavigator:tabnavig tabpanel:tabpanel tadpole:tadpol
        tagfilter:tagfilt takes:take taking:take tanned:tan taxonomies:taxonomi technique:techniqu template:templat
        temporary:temporari tension:tension term:term terms:term test:test testing:test tests:test text:text
        textlabelvalue:textlabelvalu the:the their:their themes:theme then:then these:these thinking:think
        those:those thread:thread three:three ties:ti till:till timeout:timeout timeouts:timeout tip:tip titles:titl
        today:todai together:togeth token:token tools:tool topics:topic tracking:track transform:transform
        translations:translat trees:tree triple:tripl triplicate:triplic troubled:troubl truthy:truthi try:try
        tweet:tweet twitter:twitter txt:txt type:type typealias:typealia types:type typically:typic
        typographer:typograph typographic:typograph uialertaction:uialertact uibutton:uibutton uikit:uikit
        uitableview:uitableview uitextinput:uitextinput understands:understand unit:unit unless:unless unset:unset
        until:until unwrapped:unwrap updated:updat upper:upper user:user userinterface:userinterfac uses:us
        usual:usual utils:util valenci:valenc validated:valid values:valu vanish:vanish verification:verif
        verify:verifi version:version victim:victim vietnamization:vietnam viewdidload:viewdidload
        viewmodel:viewmodel views:view vileli:vile vimeo:vimeo viper:viper wai:wai waiting:wait wants:want warn:warn
        warningbox:warningbox watcher:watcher weakest:weakest web:web webp:webp week:week weekdate:weekdat what:what
        when:when whether:whether while:while width:width win:win wisconsin:wisconsin wish:wish with:with worked:work
        would:would wrap:wrap write:write writer:writer written:written wrong:wrong wrongly:wrongli wrote:wrote
        xcconfig:xcconfig xib:xib xml:xml year:year years:year yet:yet yourself:yourself yyyy:yyyi
        """

    static var pairs: [(word: String, stem: String)] {
        text.split(whereSeparator: \.isWhitespace).map { pair in
            let parts = pair.split(separator: ":")
            return (String(parts[0]), String(parts[1]))
        }
    }
}

@Suite("English stemming")
struct SearchStemmerTests {
    @Test func everyPairOfTheReferenceIsStemmedAlike() {
        let pairs = StemmerPairs.pairs
        #expect(pairs.count > 900)
        let wrong = pairs.filter { EnglishStemmer.stem($0.word) != $0.stem }
        #expect(wrong.isEmpty, "\(wrong.count) words stemmed otherwise: \(wrong.prefix(10).map { "\($0.word) → \(EnglishStemmer.stem($0.word)), not \($0.stem)" })")
    }

    @Test func theFormsOfAWordShareTheirStem() {
        for family in [["connect", "connected", "connecting", "connection", "connections"], ["run", "running", "runs"],
                       ["decode", "decoder", "decoding", "decodes"]] {
            #expect(Set(family.map(EnglishStemmer.stem)).count == 1, "\(family)")
        }
    }

    @Test func wordsThatAreNotLowercaseASCIIAreLeftAsTheyAre() {
        for word in ["häuser", "ab", "x86", "Running", "東京"] { #expect(EnglishStemmer.stem(word) == word) }
    }
}
