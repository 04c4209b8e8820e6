// Stand-in for the part of Apple's UIKit that the package and its examples touch: the window an
// `ASWebAuthenticationSession` is presented from (`ASPresentationAnchor` is `UIWindow` on iOS). Compiled only by
// scripts/check-apple-sources.sh, so that Apple-only files type-check on Linux in Swift 6 mode. Each declaration is
// transcribed from the documentation page named above it, with its actor isolation; availability attributes are
// kept for the reader (Linux does not enforce them). Nothing here is shipped.
import Foundation

/// https://developer.apple.com/documentation/uikit/uiresponder
/// `@MainActor class UIResponder : NSObject` (iOS 2.0+).
@available(iOS 2.0, *)
@MainActor
open class UIResponder: NSObject {
    override public init() {}
}

/// https://developer.apple.com/documentation/uikit/uiview
/// `@MainActor class UIView : UIResponder` (iOS 2.0+).
@available(iOS 2.0, *)
@MainActor
open class UIView: UIResponder {}

/// https://developer.apple.com/documentation/uikit/uiwindow
/// `@MainActor class UIWindow : UIView` (iOS 2.0+).
@available(iOS 2.0, *)
@MainActor
open class UIWindow: UIView {}
