// UIKit.swift -- a TYPE-CHECKING STUB of Apple's UIKit for Linux.
//
// This is not an implementation. It exists only so that `sitegen check-snippets`
// can run `swiftc -typecheck` over the iOS code blocks of the blog posts on
// Linux, where there is no UIKit and swift-corelibs-foundation lacks the
// Objective-C parts of Foundation (KVC, predicate format strings). Every body
// is `fatalError("stub")` or trivial; nothing here is meant to run.
// On macOS the real SDK is used instead and this file must not be.
//
// Scope: only what the posts use, with the real UIKit spellings. The posts
// (2017) use Swift 3/4 names such as `UIAlertActionStyle` and
// `UITableViewCellSelectionStyle`; the real SDK renamed these in Swift 4.2
// (`UIAlertAction.Style`, ...), so both spellings are provided here.
// Deliberately omitted: @MainActor/Sendable annotations, NSCoding on UIView
// (and so `required init?(coder:)`), UIScrollView, and everything the posts
// do not touch.

// `import UIKit` alone gives the posts Foundation, as on iOS. Foundation on Linux
// already re-exports Dispatch (DispatchQueue), so no `@_exported import Dispatch`.
@_exported import Foundation

// MARK: - Views and controls

open class UIResponder: NSObject {}

open class UIView: UIResponder {}

open class UIControl: UIView {}

open class UILabel: UIView {
    open var text: String?
}

/// Only so the access-modifier post's quoted header
/// `open class UITextField : UIControl, UITextInput, NSCoding,
/// UIContentSizeCategoryAdjusting` names real types (that block is skipped).
public protocol UITextInput: AnyObject {}
public protocol UIContentSizeCategoryAdjusting: AnyObject {}

open class UITextField: UIControl, UITextInput, UIContentSizeCategoryAdjusting {
    open var text: String?
}

// MARK: - View controllers and alerts

open class UIViewController: UIResponder {
    open func viewDidLoad() {}
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool,
                      completion: (() -> Void)? = nil) { fatalError("stub") }
}

open class UIAlertAction: NSObject {
    public enum Style: Int { case `default`, cancel, destructive }
    public convenience init(title: String?, style: UIAlertAction.Style,
                            handler: ((UIAlertAction) -> Void)? = nil) { fatalError("stub") }
}

open class UIAlertController: UIViewController {
    public enum Style: Int { case actionSheet, alert }
    public convenience init(title: String?, message: String?,
                            preferredStyle: UIAlertController.Style) { fatalError("stub") }
    open func addAction(_ action: UIAlertAction) { fatalError("stub") }
}

// Swift 3/4 spellings (renamed to the nested types above in Swift 4.2).
public typealias UIAlertActionStyle = UIAlertAction.Style
public typealias UIAlertControllerStyle = UIAlertController.Style

// MARK: - Table views

open class UITableViewCell: UIView {
    public enum SelectionStyle: Int { case none, blue, gray, `default` }
    open var selectionStyle: UITableViewCell.SelectionStyle = .default
}

public typealias UITableViewCellSelectionStyle = UITableViewCell.SelectionStyle

open class UITableView: UIView {   // real superclass: UIScrollView
    open func dequeueReusableCell(withIdentifier identifier: String,
                                  for indexPath: IndexPath) -> UITableViewCell { fatalError("stub") }
    open func reloadData() { fatalError("stub") }
}

// In the SDK these are @objc protocols with `optional` methods. Linux has no
// @objc optional, so the two required methods are plain requirements and the
// optional ones the posts implement are requirements with a default below
// (keeps "nearly matches" checking; conformers need not implement them).
public protocol UITableViewDataSource: NSObjectProtocol {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    func numberOfSections(in tableView: UITableView) -> Int                                  // optional
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? // optional
}

extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
}

public protocol UITableViewDelegate: NSObjectProtocol {}   // the posts implement none of its methods

// UIKit's own addition to Foundation's IndexPath (NSIndexPath+UIKitAdditions).
extension IndexPath {
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    public var section: Int { self[0] }
    public var row: Int { self[1] }
}

// MARK: - Objective-C Foundation that swift-corelibs-foundation lacks

// Key-value coding. NSObject.value(forKey:) is deliberately NOT added:
// corelibs already declares NSDictionary.value(forKey:) (the only receiver the
// posts use), and an NSObject extension of the same signature makes every
// `dict.value(forKey:)` call "ambiguous use of 'value(forKey:)'".
extension NSObject {
    public func value(forKeyPath keyPath: String) -> Any? { fatalError("stub") }
}

// Predicate format strings. corelibs' NSPredicate has only init(value:) and
// init(block:); NSArray.filtered(using:) already exists there.
extension NSPredicate {
    public convenience init(format predicateFormat: String, _ args: CVarArg...) { fatalError("stub") }
}

// On Darwin every NSObject is a CVarArg (so `x as! NSObject` can be a %@
// argument); corelibs makes only NSString one. Type-checking only.
extension NSObject: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { fatalError("stub") }
}
