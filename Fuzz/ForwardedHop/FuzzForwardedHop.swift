/// ForwardedHop: a hop that parses names the address its text names, without port, brackets or zone; the same
/// address with a port (and brackets, for IPv6) parses to it again; nothing crashes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (_, text) = input(data, size)
    guard let hop = ForwardedHop(Substring(text)) else { return 0 }
    require(!hop.text.contains { "[]% ".contains($0) }, "text keeps a port, bracket or zone: \(hop.text.debugDescription)")
    require(IPAddress(hop.text) == hop.address, "text and address disagree: \(hop.text.debugDescription)")
    let withPort = hop.address.isV6 || hop.text.contains(":") ? "[\(hop.text)]:443" : "\(hop.text):443"
    require(ForwardedHop(Substring(withPort))?.address == hop.address, "with a port it differs: \(withPort.debugDescription)")
    return 0
}
