/// Stops the fuzzer with a message when a property does not hold; libFuzzer keeps the input as a crash.
func require(_ holds: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    if !holds { fatalError("property failed: \(message())", file: file, line: line) }
}

/// The fuzzer's bytes as an array and as text (invalid UTF-8 repaired, as a server reading a request would).
func input(_ data: UnsafePointer<UInt8>, _ size: Int) -> (bytes: [UInt8], text: String) {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    return (bytes, String(decoding: bytes, as: UTF8.self))
}
