/// FormEncoding: decoding never crashes; whatever decodes re-encodes and decodes to the same pairs; any pairs
/// (split from the input at NUL bytes) survive encode then decode; any string survives escape then unescape.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (bytes, text) = input(data, size)
    if let pairs = try? FormEncoding.decode(Substring(text)) {
        let again = try? FormEncoding.decode(Substring(FormEncoding.encode(pairs)))
        require(again.map { same($0, pairs) } == true, "decode(encode(decode(x))) != decode(x) for \(text.debugDescription)")
    }
    _ = try? FormEncoding.unescape(Substring(text))

    let pieces = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    let pairs = stride(from: 0, to: pieces.count - 1, by: 2).map { (pieces[$0], pieces[$0 + 1]) }
    let encoded = FormEncoding.encode(pairs)
    require(encoded.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7f }, "encode produced a byte a URL may not carry: \(encoded)")
    let decoded = try? FormEncoding.decode(Substring(encoded))
    require(decoded.map { same($0, pairs) } == true, "decode(encode(x)) != x for \(pairs)")
    for piece in pieces {
        require((try? FormEncoding.unescape(Substring(FormEncoding.escape(piece)))) == piece, "unescape(escape(x)) != x for \(piece.debugDescription)")
    }
    return 0
}

private func same(_ a: [(String, String)], _ b: [(String, String)]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
}
