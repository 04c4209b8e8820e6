/// UserCode: a normalised code is 8 characters of the alphabet, made of exactly the input's letters (upper-cased)
/// once separators are dropped, and normalises to itself, formatted or not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (_, text) = input(data, size)
    guard let code = UserCode.normalize(text) else { return 0 }
    require(code.count == UserCode.length, "length \(code.count): \(code.debugDescription)")
    require(code.allSatisfy(UserCode.alphabet.contains), "outside the alphabet: \(code.debugDescription)")
    let typed = text.unicodeScalars.filter { !($0 == "-" || $0 == " " || $0 == "\t") }
    require(String(String.UnicodeScalarView(typed)).uppercased() == code && typed.allSatisfy(\.isASCII),
        "\(text.debugDescription) is not the code \(code) typed with separators")
    require(UserCode.normalize(code) == code, "does not normalise to itself: \(code)")
    require(UserCode.normalize(UserCode.format(code)) == code, "formatted form does not normalise back: \(code)")
    require(UserCode.normalize(UserCode.format(code).lowercased()) == code, "lower case does not normalise back: \(code)")
    return 0
}
