/// The definition of each language the generic lexer reads. Each follows what Pygments'
/// lexer for it does, token class for token class, where a blog's code shows it; where we
/// differ on purpose, the definition says so (and docs/themes.md).
enum Grammars {
    static let cKeywords = """
        auto break case const continue default do else enum extern for goto if inline register restrict return
        sizeof static struct switch typedef union volatile while _Alignas _Alignof _Atomic _Generic _Noreturn
        _Static_assert _Thread_local asm
        """
    static let cTypes = """
        bool char double float int long short signed unsigned void size_t ssize_t ptrdiff_t intptr_t uintptr_t
        int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t wchar_t _Bool _Complex
        """

    private static func cFamily() -> Grammar {
        var grammar = Grammar()
        grammar.lineComments = [.init(prefix: "//")]
        grammar.blockComments = [.init(open: "/*", close: "*/")]
        grammar.strings = [.init(open: "\"", close: "\"", kind: .string), .init(open: "'", close: "'", kind: .character, maxLength: 10)]
        grammar.numbers = .init(suffixLetters: true)
        grammar.preprocessorLines = true
        grammar.declarationCalls = true
        grammar.add(.keyword, cKeywords)
        grammar.add(.type, cTypes)
        return grammar
    }

    static let c: Grammar = {
        var grammar = cFamily()
        grammar.add(.builtin, "NULL")
        grammar.add(.keyword, "true false")
        return grammar
    }()

    static let cpp: Grammar = {
        var grammar = cFamily()
        grammar.add(.keyword, """
            alignas alignof and and_eq bitand bitor catch class compl concept consteval constexpr constinit const_cast
            co_await co_return co_yield decltype delete dynamic_cast explicit export friend mutable namespace new noexcept
            not not_eq operator or or_eq override final private protected public reinterpret_cast requires
            static_assert static_cast template this thread_local throw try typeid typename using virtual xor xor_eq
            true false
            """)
        grammar.add(.type, "char8_t char16_t char32_t")
        grammar.add(.builtin, "nullptr")
        grammar.classIntroducers = ["class", "struct", "typename"]
        return grammar
    }()

    static let objectiveC: Grammar = {
        var grammar = cFamily()
        grammar.declarationCalls = false
        grammar.methodSignatures = true
        grammar.nameStarts = ByteSet("@")
        grammar.strings.insert(.init(open: "@\"", close: "\"", kind: .string), at: 0)
        grammar.add(.keyword, """
            @interface @implementation @end @property @synthesize @dynamic @protocol @optional @required @class
            @selector @encode @autoreleasepool @try @catch @finally @throw @private @protected @public @package
            @import @synchronized @compatibility_alias
            nonatomic atomic strong weak copy assign retain readonly readwrite getter setter
            __weak __strong __block __unsafe_unretained __bridge __kindof typeof in out inout bycopy byref oneway
            """)
        grammar.add(.type, "id instancetype Class IMP SEL BOOL IBOutlet IBAction unichar")
        grammar.add(.builtin, "self super nil Nil NULL YES NO true false")
        grammar.classIntroducers = ["@interface", "@implementation", "@protocol", "@class"]
        return grammar
    }()

    static let java: Grammar = {
        var grammar = Grammar()
        grammar.lineComments = [.init(prefix: "//")]
        grammar.blockComments = [.init(open: "/*", close: "*/")]
        grammar.strings = [.init(open: "\"\"\"", close: "\"\"\"", kind: .string, multiline: true),
                           .init(open: "\"", close: "\"", kind: .string), .init(open: "'", close: "'", kind: .character, maxLength: 8)]
        grammar.decorators = true
        grammar.declarationCalls = true
        grammar.members = .attribute
        grammar.pathIntroducers = ["package", "import"]
        grammar.punctuation = ByteSet("(){}[];,.:")
        grammar.nameBytes = ByteSet("$")
        grammar.add(.keyword, "assert break case catch continue default do else finally for if goto instanceof new return switch this throw try while yield super")
        grammar.add(.declarationKeyword, """
            abstract const enum extends final implements native private protected public sealed static strictfp
            synchronized throws transient volatile class interface record var permits non-sealed
            """)
        grammar.add(.type, "boolean byte char double float int long short void")
        grammar.add(.literal, "true false null")
        grammar.add(.namespaceKeyword, "package import")
        grammar.classIntroducers = ["class", "interface", "enum", "record"]
        return grammar
    }()

    static let kotlin: Grammar = {
        var grammar = Grammar()
        grammar.lineComments = [.init(prefix: "//")]
        grammar.blockComments = [.init(open: "/*", close: "*/", nests: true)]
        grammar.strings = [.init(open: "\"\"\"", close: "\"\"\"", kind: .string, escapes: false, multiline: true, interpolation: "${"),
                           .init(open: "\"", close: "\"", kind: .string, interpolation: "${"),
                           .init(open: "'", close: "'", kind: .character, maxLength: 8)]
        grammar.nameInterpolation = UInt8(ascii: "$")
        grammar.numbers = .init(integer: .number, float: .number, hex: .number, suffixLetters: true)
        grammar.decorators = true
        grammar.members = .attribute
        grammar.pathIntroducers = ["package", "import"]
        grammar.operators = ByteSet("+-*/%=<>!&|^~?:[]")
        grammar.punctuation = ByteSet("(){};,.")
        grammar.punctuationRuns = [":", "::"]
        grammar.add(.keyword, "as break continue do else for if in is return throw try catch finally when while package import by where this super")
        grammar.add(.declarationKeyword, """
            abstract actual annotation class companion const crossinline data enum expect external final fun get
            infix init inline inner interface internal lateinit noinline object open operator out override private
            protected public reified sealed set suspend tailrec typealias val value var vararg
            """)
        grammar.add(.type, "Boolean Byte Char Double Float Int Long Short String Unit Any Nothing")
        grammar.add(.literal, "true false null")
        grammar.functionIntroducers = ["fun"]
        grammar.classIntroducers = ["class", "interface", "object"]
        return grammar
    }()

    static let javaScript: Grammar = {
        var grammar = Grammar()
        grammar.lineComments = [.init(prefix: "//")]
        grammar.blockComments = [.init(open: "/*", close: "*/")]
        grammar.strings = [.init(open: "`", close: "`", kind: .backtick, multiline: true, interpolation: "${"),
                           .init(open: "\"", close: "\"", kind: .doubleQuoted), .init(open: "'", close: "'", kind: .singleQuoted)]
        grammar.numbers = .init(integer: .float, float: .float, hex: .hex)
        grammar.nameBytes = ByteSet("$")
        grammar.nameStarts = ByteSet("$")
        grammar.regexLiterals = true
        grammar.punctuationRuns = ["=>", "..."]
        grammar.operators = ByteSet("+-*/%=<>!&|^~?:")
        grammar.add(.keyword, """
            for in of while do break return continue switch case default if else throw try catch finally yield await
            async this export import debugger super
            """)
        grammar.add(.declarationKeyword, "var let const with function class")
        grammar.add(.operatorWord, "new delete typeof instanceof void")
        grammar.add(.literal, "true false null NaN Infinity undefined")
        grammar.add(.reserved, "from as get set static constructor abstract boolean byte char double enum extends final float goto implements int interface long native package private protected public short synchronized throws transient volatile")
        return grammar
    }()

    static let typeScript: Grammar = {
        var grammar = javaScript
        grammar.add(.keyword, "readonly extends private protected public static abstract implements declare keyof infer is satisfies override")
        grammar.add(.reserved, "type from as constructor namespace module require get set")
        grammar.add(.declarationKeyword, "interface enum")
        grammar.add(.type, "string number boolean any unknown never object symbol bigint")
        return grammar
    }()

    static let go: Grammar = {
        var grammar = Grammar()
        grammar.lineComments = [.init(prefix: "//")]
        grammar.blockComments = [.init(open: "/*", close: "*/")]
        grammar.strings = [.init(open: "`", close: "`", kind: .string, escapes: false, multiline: true),
                           .init(open: "\"", close: "\"", kind: .string), .init(open: "'", close: "'", kind: .character, maxLength: 10)]
        grammar.punctuation = ByteSet("(){}[];,.=>:")
        grammar.operators = ByteSet("+-*/%<!&|^~")
        grammar.punctuationRuns = [":=", "...", "==", "!=", "<=", ">=", "&&", "||", "<-", "+=", "-=", "*=", "/="]
        grammar.add(.keyword, "break default select case defer go else goto switch fallthrough if range continue for return chan map interface")
        grammar.add(.declarationKeyword, "var func struct type const")
        grammar.add(.namespaceKeyword, "package import")
        grammar.add(.type, "uint uint8 uint16 uint32 uint64 int int8 int16 int32 int64 float32 float64 complex64 complex128 byte rune string bool error uintptr any")
        grammar.add(.builtin, "append cap close complex copy delete imag len make new panic print println real recover min max clear")
        grammar.add(.literal, "true false iota nil")
        return grammar
    }()

    static let rust: Grammar = {
        var grammar = Grammar()
        grammar.lineComments = [.init(prefix: "///", kind: .docString), .init(prefix: "//!", kind: .docString), .init(prefix: "//")]
        grammar.blockComments = [.init(open: "/*", close: "*/", nests: true)]
        grammar.strings = [.init(open: "b\"", close: "\"", kind: .string, multiline: true), .init(open: "\"", close: "\"", kind: .string, multiline: true),
                           .init(open: "'", close: "'", kind: .character, maxLength: 10)]
        grammar.numbers = .init(suffixLetters: false)
        grammar.hashAttributes = true
        grammar.nameSuffixes = ByteSet("!")
        grammar.suffixedNames = .function
        grammar.punctuationRuns = ["::", "->"]
        grammar.operators = ByteSet("+-*/%=<>!&|^~?")
        grammar.punctuation = ByteSet("(){}[];,.:")
        grammar.add(.keyword, """
            as async await box const crate dyn else extern for if impl in loop match move mut pub ref return static
            super trait unsafe use where while abstract become do final macro override priv typeof unsized virtual
            yield try continue break struct enum union type mod fn f32 f64
            """)
        grammar.add(.declarationKeyword, "let")
        grammar.add(.type, "u8 u16 u32 u64 u128 i8 i16 i32 i64 i128 usize isize char bool str")
        grammar.add(.builtin, "String Vec Option Some None Result Ok Err Box")
        grammar.add(.literal, "true false")
        grammar.functionIntroducers = ["fn"]
        grammar.classIntroducers = ["struct", "enum", "trait", "union"]
        return grammar
    }()

    static let python: Grammar = {
        var grammar = Grammar()
        grammar.lineComments = [.init(prefix: "#!", kind: .hashbang), .init(prefix: "#")]
        var strings: [Grammar.StringRule] = []
        for prefix in ["f", "F", "rf", "fr"] {
            strings += [.init(open: CodeLiteral(prefix + "\"\"\""), close: "\"\"\"", kind: .doubleQuoted, multiline: true, interpolation: "{"),
                        .init(open: CodeLiteral(prefix + "\""), close: "\"", kind: .doubleQuoted, interpolation: "{"),
                        .init(open: CodeLiteral(prefix + "'"), close: "'", kind: .singleQuoted, interpolation: "{")]
        }
        for prefix in ["", "r", "b", "rb", "br", "u", "R", "B"] {
            strings += [.init(open: CodeLiteral(prefix + "\"\"\""), close: "\"\"\"", kind: .docString, multiline: true),
                        .init(open: CodeLiteral(prefix + "'''"), close: "'''", kind: .docString, multiline: true),
                        .init(open: CodeLiteral(prefix + "\""), close: "\"", kind: .doubleQuoted), .init(open: CodeLiteral(prefix + "'"), close: "'", kind: .singleQuoted)]
        }
        grammar.strings = strings
        grammar.decorators = true
        grammar.operators = ByteSet("+-*/%=<>!&|^~@.")
        grammar.punctuation = ByteSet("(){}[];,:")
        grammar.add(.keyword, "assert async await break continue del elif else except finally for global if lambda nonlocal pass raise return try while with yield match case class def")
        grammar.add(.namespaceKeyword, "import from")
        grammar.add(.operatorWord, "in is and or not")
        grammar.add(.literal, "True False None")
        grammar.add(.builtin, """
            abs all any bin bool bytes callable chr dict dir divmod enumerate eval filter float format frozenset getattr
            hasattr hash hex id input int isinstance issubclass iter len list map max min next object open ord pow print
            property range repr reversed round set setattr slice sorted staticmethod str sum super tuple type zip
            self cls
            """)
        grammar.add(.className, """
            Exception ValueError TypeError KeyError IndexError RuntimeError StopIteration SystemExit OSError IOError
            FileNotFoundError NotImplementedError AttributeError ImportError KeyboardInterrupt
            """)
        grammar.functionIntroducers = ["def"]
        grammar.classIntroducers = ["class"]
        return grammar
    }()

    static let ruby: Grammar = {
        var grammar = Grammar()
        grammar.lineComments = [.init(prefix: "#")]
        grammar.blockComments = [.init(open: "=begin", close: "=end")]
        grammar.strings = [.init(open: "\"", close: "\"", kind: .doubleQuoted, multiline: true, interpolation: "#{"),
                           .init(open: "'", close: "'", kind: .singleQuoted, multiline: true), .init(open: "`", close: "`", kind: .backtick)]
        grammar.symbols = true
        grammar.nameSuffixes = ByteSet("!?")
        grammar.nameStarts = ByteSet("@$")
        grammar.nameBytes = ByteSet("@")
        grammar.operators = ByteSet("+-*/%=<>!&|^~?:.[]")
        grammar.punctuation = ByteSet("(){};,")
        grammar.punctuationRuns = []
        grammar.add(.keyword, """
            BEGIN END alias begin break case defined? do else elsif end ensure for if in next redo rescue raise retry
            return super then undef unless until when while yield class def module and or not
            """)
        grammar.add(.pseudoKeyword, """
            true false nil self attr_reader attr_writer attr_accessor include extend require require_relative
            private protected public loop lambda proc puts
            """)
        grammar.functionIntroducers = ["def"]
        grammar.classIntroducers = ["class", "module"]
        return grammar
    }()

    static let gdScript: Grammar = {
        var grammar = Grammar()
        grammar.lineComments = [.init(prefix: "#")]
        grammar.strings = [.init(open: "\"\"\"", close: "\"\"\"", kind: .docString, multiline: true),
                           .init(open: "\"", close: "\"", kind: .doubleQuoted), .init(open: "'", close: "'", kind: .singleQuoted)]
        grammar.operators = ByteSet("+-*/%=<>!&|^~$.")
        grammar.punctuation = ByteSet("(){}[];,:")
        grammar.add(.keyword, """
            and in not or as breakpoint class class_name extends is func setget signal tool const enum export onready
            static var break continue if elif else for pass return match while remote master puppet remotesync
            mastersync puppetsync await super
            """)
        grammar.add(.builtin, "int float bool void print max min abs clamp str len range preload load")
        grammar.add(.literal, "true false null self PI TAU INF NAN")
        return grammar
    }()

    static let sql: Grammar = {
        var grammar = Grammar()
        grammar.caseInsensitiveWords = true
        grammar.lineComments = [.init(prefix: "--")]
        grammar.blockComments = [.init(open: "/*", close: "*/")]
        grammar.strings = [.init(open: "'", close: "'", kind: .singleQuoted, escapes: false, multiline: true, doubledClose: true),
                           .init(open: "\"", close: "\"", kind: .symbol, escapes: false)]
        grammar.add(.keyword, """
            add all alter and any as asc autoincrement between by cascade case check column constraint count create
            cross current_date current_time current_timestamp database default delete desc distinct drop else end
            exists false foreign from full group having if in index inner insert into is join key left like limit
            max min sum avg not null offset on or order outer primary references replace right rollback select set
            table then to transaction true union unique update values view when where with begin commit returning
            timestamp date time interval cast coalesce over partition row_number using
            """)
        return grammar
    }()

    static let graphQL: Grammar = {
        var grammar = Grammar()
        grammar.lineComments = [.init(prefix: "#", kind: .comment)]
        grammar.strings = [.init(open: "\"\"\"", close: "\"\"\"", kind: .string, multiline: true), .init(open: "\"", close: "\"", kind: .string)]
        grammar.decorators = true
        grammar.nameStarts = ByteSet("$")
        grammar.punctuation = ByteSet("(){}[]:=,!|&")
        grammar.punctuationRuns = ["..."]
        grammar.add(.keyword, "query mutation subscription fragment on type implements interface union enum input scalar schema extend directive")
        grammar.functionIntroducers = ["query", "mutation", "subscription", "fragment"]
        grammar.classIntroducers = ["on"]
        return grammar
    }()

    static let protobuf: Grammar = {
        var grammar = Grammar()
        grammar.lineComments = [.init(prefix: "//")]
        grammar.blockComments = [.init(open: "/*", close: "*/")]
        grammar.strings = [.init(open: "\"", close: "\"", kind: .string), .init(open: "'", close: "'", kind: .string)]
        grammar.nameBytes = ByteSet(".")
        grammar.punctuation = ByteSet("(){}[];,<>")
        grammar.operators = ByteSet("=")
        grammar.namesBeforeEquals = .attribute
        grammar.add(.keyword, "syntax edition import option optional required repeated default packed ctype extensions to max rpc returns oneof reserved weak public stream")
        grammar.add(.declarationKeyword, "message enum service extend")
        grammar.add(.namespaceKeyword, "package")
        grammar.add(.type, "int32 int64 uint32 uint64 sint32 sint64 fixed32 fixed64 sfixed32 sfixed64 float double bool string bytes")
        grammar.add(.literal, "true false")
        grammar.classIntroducers = ["message"]
        return grammar
    }()

    static let graphviz: Grammar = {
        var grammar = Grammar()
        grammar.lineComments = [.init(prefix: "//"), .init(prefix: "#")]
        grammar.blockComments = [.init(open: "/*", close: "*/")]
        grammar.strings = [.init(open: "\"", close: "\"", kind: .doubleQuoted, multiline: true)]
        grammar.numbers = .init(integer: .number, float: .number, hex: .number)
        grammar.punctuation = ByteSet("{}[];,=:")
        grammar.operators = ByteSet("->")
        grammar.namesBeforeEquals = .attribute
        grammar.namesAfterEquals = .string
        grammar.otherNames = .tag
        grammar.caseInsensitiveWords = true
        grammar.add(.keyword, "graph digraph subgraph node edge strict")
        return grammar
    }()

    static let mermaid: Grammar = {
        var grammar = Grammar()
        grammar.lineComments = [.init(prefix: "%%")]
        grammar.strings = [.init(open: "\"", close: "\"", kind: .doubleQuoted)]
        grammar.punctuation = ByteSet("()[]{};,:|")
        grammar.operators = ByteSet("-=>.<x+o")
        grammar.add(.keyword, """
            graph flowchart sequenceDiagram classDiagram stateDiagram stateDiagram-v2 erDiagram gantt pie journey gitGraph
            mindmap timeline participant actor note loop alt else opt par and end rect activate deactivate subgraph
            direction title section class style linkStyle classDef click TD TB BT RL LR over of left right Note
            """)
        grammar.nameBytes = ByteSet("-")
        return grammar
    }()

    static let yaml: Grammar = {
        var grammar = Grammar()
        grammar.lineComments = [.init(prefix: "#", afterBlank: true)]
        grammar.strings = [.init(open: "\"", close: "\"", kind: .string), .init(open: "'", close: "'", kind: .string, escapes: false, doubledClose: true)]
        grammar.numbers = nil
        grammar.keys = .tag
        grammar.plainScalars = true
        grammar.operators = ByteSet()
        grammar.punctuation = ByteSet("[]{},|>")
        grammar.nameBytes = ByteSet("-./@()")
        return grammar
    }()

    static let toml: Grammar = {
        var grammar = Grammar()
        grammar.lineComments = [.init(prefix: "#")]
        grammar.strings = [.init(open: "\"\"\"", close: "\"\"\"", kind: .doubleQuoted, multiline: true), .init(open: "'''", close: "'''", kind: .singleQuoted, escapes: false, multiline: true),
                           .init(open: "\"", close: "\"", kind: .doubleQuoted), .init(open: "'", close: "'", kind: .singleQuoted, escapes: false)]
        grammar.sectionHeaders = .keyword
        grammar.nameBytes = ByteSet("-")
        grammar.operators = ByteSet("=")
        grammar.punctuation = ByteSet("[]{},.")
        grammar.add(.literal, "true false inf nan")
        return grammar
    }()

    static let ini: Grammar = {
        var grammar = Grammar()
        grammar.lineComments = [.init(prefix: ";"), .init(prefix: "#")]
        grammar.sectionHeaders = .keyword
        grammar.keyValueLines = .init(key: .attribute, value: .string)
        return grammar
    }()

    static let properties: Grammar = {
        var grammar = Grammar()
        grammar.lineComments = [.init(prefix: "#"), .init(prefix: "!")]
        grammar.keyValueLines = .init(key: .attribute, value: .string)
        return grammar
    }()

    /// Xcode's build settings files. Pygments has none; this one reads them as Xcode does:
    /// `//` comments, `#include` lines, `NAME[condition] = value`.
    static let xcconfig: Grammar = {
        var grammar = Grammar()
        grammar.lineComments = [.init(prefix: "//")]
        grammar.preprocessorLines = true
        grammar.keyValueLines = .init(key: .attribute, value: .string, separators: ByteSet("="))
        return grammar
    }()

    static let dockerfile: Grammar = {
        var grammar = Grammar()
        grammar.lineComments = [.init(prefix: "#", kind: .comment)]
        grammar.strings = [.init(open: "\"", close: "\"", kind: .doubleQuoted), .init(open: "'", close: "'", kind: .singleQuoted, escapes: false)]
        grammar.instructions = true
        grammar.numbers = .init(integer: .number, float: .number, hex: .number)
        grammar.nameBytes = ByteSet("-./:@")
        grammar.nameStarts = ByteSet("-./")
        grammar.operators = ByteSet("&|=")
        grammar.punctuation = ByteSet("[],")
        grammar.add(.keyword, "from maintainer run cmd label expose env add copy entrypoint volume user workdir arg onbuild stopsignal healthcheck shell as")
        grammar.add(.builtin, "exit cd echo export set")
        return grammar
    }()

    static let makefile: Grammar = {
        var grammar = Grammar()
        grammar.lineComments = [.init(prefix: "#", kind: .comment)]
        grammar.strings = [.init(open: "\"", close: "\"", kind: .doubleQuoted, interpolation: "$(", interpolationClose: UInt8(ascii: ")"), interpolationKind: .keyword),
                           .init(open: "'", close: "'", kind: .singleQuoted, escapes: false)]
        grammar.makefile = true
        grammar.numbers = nil
        grammar.nameBytes = ByteSet("-./*@")
        grammar.nameStarts = ByteSet("-./@*")
        grammar.operators = ByteSet("?:+=")
        grammar.punctuation = ByteSet()
        return grammar
    }()
}
