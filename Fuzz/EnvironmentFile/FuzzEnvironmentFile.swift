/// EnvironmentFile: any text parses to variables or names its bad line, never crashes; what it reads is what systemd
/// reads (``SystemdEnvironmentFile``, a port of its parser), or it refuses (R5-3); a key is never empty and holds no
/// `=`, space or line break; the variables written back as `KEY="value"` lines (`"`, `\`, `` ` `` and `$` escaped)
/// parse to the same variables.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (_, text) = input(data, size)
    guard let variables = try? EnvironmentFile.parse(text, path: "fuzz") else { return 0 }
    let systemd = SystemdEnvironmentFile.parse(text)
    require(variables == systemd, "check-config reads \(variables.debugDescription), systemd \(systemd.debugDescription)")
    for key in variables.keys {
        require(!key.isEmpty && !key.unicodeScalars.contains { "= \t\r\n".unicodeScalars.contains($0) }, "key \(key.debugDescription)")
    }
    let written = variables.map { key, value in
        var escaped = ""
        for scalar in value.unicodeScalars {
            if "\"\\`$".unicodeScalars.contains(scalar) { escaped.unicodeScalars.append("\\") }
            escaped.unicodeScalars.append(scalar)
        }
        return "\(key)=\"\(escaped)\""
    }.joined(separator: "\n")
    let again = try? EnvironmentFile.parse(written, path: "written")
    require(again == variables, "\(variables.debugDescription) written as \(written.debugDescription) reads \(again.debugDescription)")
    return 0
}
