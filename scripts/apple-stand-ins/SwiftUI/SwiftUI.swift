// Stand-in for the part of Apple's SwiftUI that the package and its examples use, compiled only by
// scripts/check-apple-sources.sh so that Apple-only files type-check on Linux in Swift 6 mode. Each declaration is
// transcribed from the documentation page named above it, with its actor isolation (`View`, `App`, `Scene` and
// `WebAuthenticationSession` are @MainActor; initializers and modifiers are `nonisolated`; closures keep their
// declared isolation and Sendable-ness); availability attributes are kept for the reader (Linux does not enforce
// them). Views are type-checked, never rendered: a body that SwiftUI would evaluate traps here. Nothing here ships.
// SwiftUI re-exports Foundation (a view file uses URL without importing it).
@_exported import Foundation
import AuthenticationServices
import Observation
import UIKit

private func notRendered() -> Never {
    fatalError("SwiftUI stand-in: views are type-checked on Linux, not rendered")
}

// MARK: - Views and builders

/// https://developer.apple.com/documentation/swiftui/view
/// `@MainActor @preconcurrency protocol View` (iOS 13.0+).
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// https://developer.apple.com/documentation/swift/never (SwiftUI's `extension Never : View`).
extension Never: View {
    public var body: Never { notRendered() }
}

/// A view that SwiftUI draws itself; its body is never asked for.
@MainActor @preconcurrency
public protocol _PrimitiveView: View where Body == Never {}

extension _PrimitiveView {
    public var body: Never { notRendered() }
}

/// https://developer.apple.com/documentation/swiftui/viewbuilder
/// `@resultBuilder struct ViewBuilder` (iOS 13.0+), with its static building methods.
@resultBuilder
public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent() }
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent() }
}

/// https://developer.apple.com/documentation/swiftui/emptyview
public struct EmptyView: _PrimitiveView {
    nonisolated public init() {}
}

/// https://developer.apple.com/documentation/swiftui/tupleview
public struct TupleView<T>: _PrimitiveView {
    nonisolated public init(_ value: T) {}
}

/// https://developer.apple.com/documentation/swiftui/_conditionalcontent (what `if`/`switch` in a builder makes).
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: _PrimitiveView {
    nonisolated init() {}
}

/// https://developer.apple.com/documentation/swift/optional (SwiftUI's `extension Optional : View where Wrapped : View`).
extension Optional: View where Wrapped: View {
    public var body: Never { notRendered() }
}

/// https://developer.apple.com/documentation/swiftui/localizedstringkey
/// `struct LocalizedStringKey : Equatable, ExpressibleByStringInterpolation`; its interpolation takes strings, integers
/// and `Text` (not any value: SwiftUI refuses other types without a format).
public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { text += literal }
        public mutating func appendInterpolation(_ string: String) { text += string }
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) { text += String(value) }
        public mutating func appendInterpolation(_ text: Text) {}
    }

    let key: String
    public init(_ value: String) { key = value }
    public init(stringLiteral value: String) { key = value }
    public init(stringInterpolation: StringInterpolation) { key = stringInterpolation.text }
}

/// https://developer.apple.com/documentation/swiftui/text
/// `@frozen struct Text`: `init(_ key: LocalizedStringKey, ...)` and `init<S>(_ content: S) where S : StringProtocol`.
public struct Text: _PrimitiveView, Equatable, Sendable {
    nonisolated public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {}
    @_disfavoredOverload
    nonisolated public init<S: StringProtocol>(_ content: S) {}
}

/// https://developer.apple.com/documentation/swiftui/button
/// `@MainActor @preconcurrency struct Button<Label> where Label : View`;
/// https://developer.apple.com/documentation/swiftui/button/init(_:action:)-1asy
/// `nonisolated init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void)` where Label == Text.
public struct Button<Label: View>: _PrimitiveView {
    nonisolated init() {}
}

extension Button where Label == Text {
    nonisolated public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}
}

/// https://developer.apple.com/documentation/swiftui/list
/// `@MainActor @preconcurrency struct List<SelectionValue, Content> where SelectionValue : Hashable, Content : View`;
/// `nonisolated init(@ViewBuilder content: () -> Content)` where SelectionValue == Never.
public struct List<SelectionValue: Hashable, Content: View>: _PrimitiveView {
    nonisolated init() {}
}

extension List where SelectionValue == Never {
    nonisolated public init(@ViewBuilder content: () -> Content) {}
}

/// https://developer.apple.com/documentation/swiftui/section
/// `struct Section<Parent, Content, Footer>`; https://developer.apple.com/documentation/swiftui/section/init(_:content:)-90be4
/// `nonisolated init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content)` where Parent == Text,
/// Footer == EmptyView.
public struct Section<Parent, Content, Footer>: _PrimitiveView {
    nonisolated init() {}
}

extension Section where Parent == Text, Content: View, Footer == EmptyView {
    nonisolated public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
}

/// https://developer.apple.com/documentation/swiftui/foreach
/// `struct ForEach<Data, ID, Content> where Data : RandomAccessCollection, ID : Hashable`;
/// https://developer.apple.com/documentation/swiftui/foreach/init(_:id:content:)-82hm4
/// `nonisolated init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)`.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content>: _PrimitiveView {
    nonisolated init() {}
}

extension ForEach where Content: View {
    nonisolated public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

/// https://developer.apple.com/documentation/swiftui/progressview
/// `struct ProgressView<Label, CurrentValueLabel> where Label : View, CurrentValueLabel : View`;
/// https://developer.apple.com/documentation/swiftui/progressview/init(_:)-9f4yg
/// `nonisolated init(_ titleKey: LocalizedStringKey)` where Label == Text, CurrentValueLabel == EmptyView.
public struct ProgressView<Label: View, CurrentValueLabel: View>: _PrimitiveView {
    nonisolated init() {}
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    nonisolated public init(_ titleKey: LocalizedStringKey) {}
}

/// https://developer.apple.com/documentation/swiftui/progressview (an indeterminate progress view, no label):
/// `nonisolated init()` where Label == EmptyView, CurrentValueLabel == EmptyView (the DocC SwiftUI article uses it).
extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    nonisolated public init() {}
}

/// A view with a modifier applied.
public struct ModifiedContent<Content, Modifier>: _PrimitiveView {
    nonisolated init() {}
}

/// https://developer.apple.com/documentation/swiftui/shapestyle
public protocol ShapeStyle: Sendable {}

/// https://developer.apple.com/documentation/swiftui/hierarchicalshapestyle
/// `static var secondary: HierarchicalShapeStyle { get }` (iOS 15.0+).
public struct HierarchicalShapeStyle: ShapeStyle {
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle() }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    /// https://developer.apple.com/documentation/swiftui/shapestyle/secondary
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle() }
}

extension View {
    /// https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:)
    /// `nonisolated func foregroundStyle<S>(_ style: S) -> some View where S : ShapeStyle` (iOS 15.0+).
    nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        ModifiedContent<Self, S>()
    }

    /// https://developer.apple.com/documentation/swiftui/view/task(id:priority:_:)
    /// `nonisolated func task<T>(id value: T, priority: TaskPriority = .userInitiated, _ action: sending @escaping
    /// @isolated(any) () async -> Void) -> some View where T : Equatable` (iOS 15.0+).
    nonisolated public func task<T: Equatable>(
        id value: T, priority: TaskPriority = .userInitiated, _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View {
        ModifiedContent<Self, T>()
    }

    /// https://developer.apple.com/documentation/swiftui/view/environment(_:)
    /// `nonisolated func environment<T>(_ object: T?) -> some View where T : AnyObject, T : Observable` (iOS 17.0+).
    nonisolated public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        ModifiedContent<Self, T>()
    }
}

// MARK: - State and environment

/// https://developer.apple.com/documentation/swiftui/dynamicproperty
public protocol DynamicProperty {}

/// https://developer.apple.com/documentation/swiftui/binding
/// `@propertyWrapper @dynamicMemberLookup struct Binding<Value>` (here only the type `State` projects).
public struct Binding<Value> {
    nonisolated init() {}
    public var wrappedValue: Value {
        get { notRendered() }
        nonmutating set { notRendered() }
    }
}

/// https://developer.apple.com/documentation/swiftui/state
/// `@frozen @propertyWrapper struct State<Value> : DynamicProperty`: `nonisolated init(wrappedValue value: Value)`,
/// `var wrappedValue: Value { get nonmutating set }`, `var projectedValue: Binding<Value> { get }`.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    private let initial: Value
    nonisolated public init(wrappedValue value: Value) { initial = value }
    public var wrappedValue: Value {
        get { initial }
        nonmutating set { notRendered() }
    }
    public var projectedValue: Binding<Value> { Binding() }
}

/// https://developer.apple.com/documentation/swiftui/environmentvalues
/// `struct EnvironmentValues` with `init()`.
public struct EnvironmentValues {
    public init() {}
}

/// https://developer.apple.com/documentation/swiftui/environment
/// `@frozen @propertyWrapper struct Environment<Value> : DynamicProperty`:
/// `nonisolated init(_ keyPath: KeyPath<EnvironmentValues, Value>)`, and (iOS 17.0+)
/// `nonisolated init(_ objectType: Value.Type) where Value : AnyObject, Value : Observable`.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private let keyPath: KeyPath<EnvironmentValues, Value>?
    nonisolated public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    nonisolated public init(_ objectType: Value.Type) where Value: AnyObject, Value: Observable { keyPath = nil }
    nonisolated public var wrappedValue: Value {
        guard let keyPath else { notRendered() }
        return EnvironmentValues()[keyPath: keyPath]
    }
}

// MARK: - Apps and scenes

/// https://developer.apple.com/documentation/swiftui/scene
/// `@MainActor @preconcurrency protocol Scene`.
@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @MainActor @preconcurrency var body: Self.Body { get }
}

/// https://developer.apple.com/documentation/swiftui/windowgroup
/// `struct WindowGroup<Content> where Content : View`:
/// `nonisolated init(@ViewBuilder content: () -> Content)`.
public struct WindowGroup<Content: View>: Scene {
    nonisolated public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { notRendered() }
}

extension Never: Scene {}

/// https://developer.apple.com/documentation/swiftui/app
/// `@MainActor @preconcurrency protocol App`: `init()`, `var body: Self.Body { get }` (a `@SceneBuilder`), and
/// `@MainActor @preconcurrency static func main()`.
@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    var body: Self.Body { get }
    init()
}

extension App {
    @MainActor @preconcurrency
    public static func main() {
        notRendered()
    }
}

// MARK: - AuthenticationServices in SwiftUI

/// https://developer.apple.com/documentation/authenticationservices/webauthenticationsession
/// `@MainActor struct WebAuthenticationSession` (iOS 16.4+, macOS 13.3+). On Apple platforms it lives in the
/// `_AuthenticationServices_SwiftUI` cross-import overlay, visible to a file that imports both AuthenticationServices
/// and SwiftUI; the stand-in keeps it in SwiftUI.
@available(iOS 16.4, macOS 13.3, *)
@MainActor
public struct WebAuthenticationSession {
    /// https://developer.apple.com/documentation/authenticationservices/webauthenticationsession/browsersession
    public struct BrowserSession: Equatable {
        let ephemeral: Bool
        /// https://developer.apple.com/documentation/authenticationservices/webauthenticationsession/browsersession/ephemeral
        public static var ephemeral: BrowserSession { BrowserSession(ephemeral: true) }
        /// https://developer.apple.com/documentation/authenticationservices/webauthenticationsession/browsersession/shared
        public static var shared: BrowserSession { BrowserSession(ephemeral: false) }
    }

    nonisolated init() {}

    /// https://developer.apple.com/documentation/authenticationservices/webauthenticationsession/authenticate(using:callbackurlscheme:preferredbrowsersession:)
    /// `@MainActor func authenticate(using url: URL, callbackURLScheme: String, preferredBrowserSession:
    /// WebAuthenticationSession.BrowserSession? = nil) async throws -> URL`: throws
    /// `ASWebAuthenticationSessionError.canceledLogin` when the person closes the sheet.
    public func authenticate(
        using url: URL, callbackURLScheme: String, preferredBrowserSession: BrowserSession? = nil
    ) async throws -> URL {
        try await withCheckedThrowingContinuation { continuation in
            let session = ASWebAuthenticationSession(url: url, callbackURLScheme: callbackURLScheme) { @Sendable url, error in
                if let url { continuation.resume(returning: url) } else {
                    continuation.resume(throwing: error ?? ASWebAuthenticationSessionError(.canceledLogin))
                }
            }
            let provider = StandInContextProvider()
            session.presentationContextProvider = provider
            session.prefersEphemeralWebBrowserSession = preferredBrowserSession?.ephemeral ?? false
            _ = withExtendedLifetime(provider) { session.start() }
        }
    }
}

/// The window SwiftUI presents its own sessions from.
@MainActor
private final class StandInContextProvider: NSObject, ASWebAuthenticationPresentationContextProviding {
    func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor { ASPresentationAnchor() }
}

extension EnvironmentValues {
    /// https://developer.apple.com/documentation/swiftui/environmentvalues/webauthenticationsession
    /// `var webAuthenticationSession: WebAuthenticationSession { get }` (iOS 16.4+, macOS 13.3+).
    @available(iOS 16.4, macOS 13.3, *)
    public var webAuthenticationSession: WebAuthenticationSession { WebAuthenticationSession() }
}
