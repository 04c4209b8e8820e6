import SignInAppUI
import SwiftUI

@main
struct SignInApp: App {
    @State private var account = Account.make()

    var body: some Scene {
        WindowGroup {
            ContentView().environment(account)
        }
    }
}
