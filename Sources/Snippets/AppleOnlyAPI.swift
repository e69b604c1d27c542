/// What only Apple platforms have, the one list `--suggest` reads to call a block
/// `platform=apple`: the modules of the macOS, iOS, watchOS, tvOS and visionOS SDKs, the
/// macros and property wrappers of their frameworks, and the type prefixes and names of
/// those frameworks (for a block whose import is in an earlier block or in the author's
/// project). README's check-snippets section points here.
///
/// Not in it, because Linux's Swift toolchain has them: `Foundation` (and
/// `FoundationEssentials`, `FoundationNetworking`, `FoundationXML`), `Dispatch`, `XCTest`
/// (but not its UI testing, `XCUIApplication`), `Testing`, `Observation` (`@Observable`),
/// `RegexBuilder`, `Synchronization`, `Distributed`.
enum AppleOnlyAPI {
    /// Modules of the Apple SDKs, by the name an `import` gives.
    static let modules: Set<String> = [
        // The system and the language bridges.
        "Darwin", "ObjectiveC", "os", "OSLog", "Cocoa", "CoreFoundation", "CoreServices", "MobileCoreServices",
        "UniformTypeIdentifiers", "SystemConfiguration", "Security", "CryptoKit", "CryptoTokenKit", "LocalAuthentication",
        "AuthenticationServices", "IOKit", "DriverKit", "Network", "NetworkExtension", "ServiceManagement", "XPC",
        "Accelerate", "simd", "Compression", "AppleArchive", "BackgroundTasks", "BackgroundAssets", "DeviceCheck",
        "ExtensionFoundation", "ExtensionKit", "OpenDirectory", "DiskArbitration", "EndpointSecurity", "Virtualization",
        "Hypervisor", "ExceptionHandling", "AppTrackingTransparency", "AdSupport", "AdServices", "iAd",
        // Interface.
        "UIKit", "AppKit", "SwiftUI", "WatchKit", "WidgetKit", "ClockKit", "TVUIKit", "TVServices", "TVMLKit", "CarPlay",
        "ActivityKit", "AppIntents", "Intents", "IntentsUI", "NotificationCenter", "UserNotifications", "UserNotificationsUI",
        "QuickLook", "QuickLookUI", "QuickLookThumbnailing", "SafariServices", "MessageUI", "Messages", "LinkPresentation",
        "PDFKit", "PencilKit", "VisionKit", "TipKit", "Charts", "StoreKit", "SwiftData", "CoreData", "CloudKit",
        "FileProvider", "FileProviderUI", "Social", "Accounts", "Contacts", "ContactsUI", "EventKit", "EventKitUI",
        "AddressBook", "AddressBookUI", "PassKit", "FinanceKit", "WeatherKit", "MusicKit", "ShazamKit", "GroupActivities",
        "SharedWithYou", "DeveloperToolsSupport", "Combine", "AppClip", "ManagedSettings", "FamilyControls", "DeviceActivity",
        "HealthKit", "HealthKitUI", "HomeKit", "ScreenTime", "JavaScriptCore", "WebKit", "AppleScriptObjC", "Automator",
        "ScriptingBridge", "InputMethodKit", "PreferencePanes", "ScreenSaver", "Quartz",
        // Graphics, media and machine learning.
        "CoreGraphics", "QuartzCore", "CoreImage", "CoreText", "CoreVideo", "CoreMedia", "CoreAudio", "CoreAudioKit",
        "CoreMIDI", "CoreHaptics", "CoreAnimation", "ImageIO", "Metal", "MetalKit", "MetalPerformanceShaders",
        "MetalPerformanceShadersGraph", "MetalFX", "GLKit", "OpenGLES", "OpenGL", "SpriteKit", "SceneKit", "GameKit",
        "GameplayKit", "GameController", "ModelIO", "RealityKit", "ARKit", "RoomPlan", "AVFoundation", "AVKit", "AVFAudio",
        "AVRouting", "AudioToolbox", "AudioUnit", "MediaPlayer", "MediaToolbox", "MediaAccessibility", "Photos", "PhotosUI",
        "PhotoKit", "AssetsLibrary", "ImageCaptureCore", "ScreenCaptureKit", "ReplayKit", "VideoToolbox", "VideoSubscriberAccount",
        "Speech", "SoundAnalysis", "CoreML", "CreateML", "Vision", "NaturalLanguage", "Translation", "FoundationModels",
        "ImagePlayground",
        // Sensors, places and devices.
        "CoreLocation", "CoreLocationUI", "MapKit", "CoreMotion", "CoreBluetooth", "CoreNFC", "CoreTelephony", "CoreWLAN",
        "ExternalAccessory", "MultipeerConnectivity", "NearbyInteraction", "SensorKit", "CoreSpotlight",
        "IdentityLookup", "CallKit", "PushKit", "PushToTalk", "LiveCommunicationKit",
    ]

    /// Macros and property wrappers of Apple frameworks, written `@Name` (and `#Preview`).
    static let attributes: Set<String> = [
        // SwiftUI
        "ViewBuilder", "State", "Binding", "Environment", "EnvironmentObject", "StateObject", "ObservedObject", "AppStorage",
        "SceneStorage", "FocusState", "FocusedValue", "FocusedBinding", "GestureState", "Namespace", "ScaledMetric",
        "FetchRequest", "SectionedFetchRequest", "UIApplicationDelegateAdaptor", "NSApplicationDelegateAdaptor",
        "WKApplicationDelegateAdaptor", "Entry", "Previewable", "Bindable", "SceneBuilder", "ToolbarContentBuilder",
        "CommandsBuilder", "TableColumnBuilder", "TableRowBuilder", "AccessibilityRotorContentBuilder",
        // Combine
        "Published",
        // SwiftData and Core Data
        "Model", "Query", "Attribute", "Relationship", "Transient", "ModelActor", "NSManaged",
        // FoundationModels
        "Generable", "Guide",
        // App Intents and WidgetKit
        "Parameter", "AppEnum", "AssistantIntent", "AssistantEntity",
        // Interface Builder and the app's entry point
        "IBOutlet", "IBAction", "IBDesignable", "IBInspectable", "IBSegueAction", "UIApplicationMain", "NSApplicationMain",
        // Freestanding: #Preview
        "Preview",
    ]

    /// Type prefixes of Apple frameworks, followed by a capital (`UIView`, `CLLocation`):
    /// for names used without the framework's import.
    static let typePrefixes = ["UI", "MK", "CL", "AV", "WK", "SK", "SCN", "AR", "CK", "HK", "UN", "PH", "CA", "CI", "VN",
                               "NL", "LP", "CT", "CV", "CM", "MTL", "GK", "GC", "CN", "EK", "LA", "PK", "SF", "QL",
                               "RP", "MC", "CB", "CX", "XCUI", "NSManaged", "NSFetch", "NSPersistent",
                               "NSEntity", "NSView", "NSWindow", "NSImage", "NSColor", "NSApplication", "NSTableView",
                               "NSCollectionView", "NSStoryboard", "NSWorkspace", "NSPasteboard", "NSMenu", "NSEvent"]

    /// Names of SwiftUI, Combine and the other frameworks without a prefix; a name a post is
    /// as likely to declare itself (`Product`, `Group`, `Logger`) is left out.
    static let typeNames: Set<String> = [
        "View", "Text", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "Button", "NavigationView",
        "NavigationStack", "NavigationLink", "NavigationSplitView", "List", "Image", "Color", "Spacer", "ForEach",
        "ScrollView", "Toggle", "TextField", "SecureField", "GeometryReader", "TabView", "EmptyView", "AnyView",
        "ViewModifier", "WindowGroup", "PreviewProvider", "State", "Binding", "Published", "ObservableObject",
        "EnvironmentObject", "StateObject", "ObservedObject", "AnyCancellable", "PassthroughSubject",
        "CurrentValueSubject", "AnyPublisher", "ModelContext", "ModelContainer", "LanguageModelSession",
        "SystemLanguageModel", "OSLogType", "JSContext", "JSValue",
    ]

    /// Foundation on Linux has no Objective-C runtime: code using these fails there and works
    /// on Apple platforms.
    static let objectiveCRuntime = ["#selector", "#keyPath", "@objc", "value(forKey", "value(forKeyPath", "setValue(",
                                    "NSPredicate(format", "perform(#selector", "NSClassFromString", "addObserver(self, selector",
                                    "NSExpression(", "dynamic var", "NSKeyedArchiver", "NSKeyedUnarchiver"]

    static func isTypeName(_ name: String) -> Bool {
        typeNames.contains(name) || typePrefixes.contains { prefix in
            name.hasPrefix(prefix) && name.dropFirst(prefix.count).first.map { $0.isUppercase } ?? false
        }
    }
}
