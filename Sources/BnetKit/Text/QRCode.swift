/// A QR code (ISO/IEC 18004) of a short text in byte mode, error correction level M, versions 1 to 10 (up to
/// 213 bytes: any sign-in link), for `d3 login --qr`.
public struct QRCode: Sendable, Equatable {
    /// Rows of modules, `true` for dark; `size` by `size`, without the quiet zone.
    public let modules: [[Bool]]

    /// The number of modules per side: 21 for version 1, 4 more for each version after it.
    public var size: Int { modules.count }

    /// Why a text cannot be encoded.
    public struct TooLong: Error, Equatable, CustomStringConvertible {
        /// The text's length in UTF-8 bytes.
        public var bytes: Int

        /// Creates the error for a text of `bytes` bytes.
        public init(bytes: Int) {
            self.bytes = bytes
        }

        public var description: String { "\(bytes) bytes is more than a QR code of version 10 holds (213)" }
    }

    /// Encodes `text` (as UTF-8) in the smallest version that holds it, with the mask of least penalty.
    public init(_ text: String) throws(TooLong) {
        let bytes = Array(text.utf8)
        guard let version = (1...10).first(where: { Self.capacity($0) >= bytes.count }) else {
            throw TooLong(bytes: bytes.count)
        }
        var matrix = Matrix(version: version)
        matrix.place(Self.codewords(bytes, version: version))
        modules = (0..<8).map { mask -> Matrix in
            var candidate = matrix
            candidate.apply(mask: mask)
            return candidate
        }.min { $0.penalty < $1.penalty }!.dark
    }

    /// The code as text, two rows of modules per line in half-block characters (dark modules as ink), inside
    /// the standard quiet zone of 4 modules. With `colours`, each line is black on white whatever the terminal's
    /// own colours, so that a phone reads it on a dark terminal too.
    public func text(colours: Bool) -> String {
        let quiet = 4
        let side = size + 2 * quiet
        func isDark(_ x: Int, _ y: Int) -> Bool {
            let (mx, my) = (x - quiet, y - quiet)
            return (0..<size).contains(mx) && (0..<size).contains(my) && modules[my][mx]
        }
        var lines: [String] = []
        for y in stride(from: 0, to: side, by: 2) {
            let line = String((0..<side).map { x -> Character in
                switch (isDark(x, y), isDark(x, y + 1)) {
                case (true, true): "\u{2588}"
                case (true, false): "\u{2580}"
                case (false, true): "\u{2584}"
                case (false, false): " "
                }
            })
            lines.append(colours ? "\u{1B}[30;107m" + line + "\u{1B}[0m" : line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// How many bytes a version holds at level M.
    static func capacity(_ version: Int) -> Int {
        let header = 4 + (version < 10 ? 8 : 16)
        return (blocks(version).reduce(0) { $0 + $1 } * 8 - header) / 8
    }

    /// Error correction codewords per block, at level M.
    static func eccPerBlock(_ version: Int) -> Int {
        [10, 16, 26, 18, 24, 16, 18, 22, 22, 26][version - 1]
    }

    /// The data codewords of each block, at level M.
    static func blocks(_ version: Int) -> [Int] {
        switch version {
        case 1: [16]
        case 2: [28]
        case 3: [44]
        case 4: [32, 32]
        case 5: [43, 43]
        case 6: [27, 27, 27, 27]
        case 7: [31, 31, 31, 31]
        case 8: [38, 38, 39, 39]
        case 9: [36, 36, 36, 37, 37]
        default: [43, 43, 43, 43, 44]
        }
    }

    /// The data in byte mode, padded, split into blocks with their Reed-Solomon codewords, interleaved.
    static func codewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
        var bits: [Bool] = []
        func append(_ value: Int, _ count: Int) {
            for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
        }
        append(0b0100, 4)
        append(bytes.count, version < 10 ? 8 : 16)
        for byte in bytes { append(Int(byte), 8) }
        let dataCount = blocks(version).reduce(0, +)
        append(0, min(4, dataCount * 8 - bits.count))
        append(0, (8 - bits.count % 8) % 8)
        var data = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
        for index in 0..<(dataCount - data.count) { data.append(index % 2 == 0 ? 0xEC : 0x11) }

        let divisor = ReedSolomon.divisor(degree: eccPerBlock(version))
        var start = 0
        var dataBlocks: [[UInt8]] = []
        for length in blocks(version) {
            dataBlocks.append(Array(data[start..<start + length]))
            start += length
        }
        let eccBlocks = dataBlocks.map { ReedSolomon.remainder($0, divisor: divisor) }
        var result: [UInt8] = []
        for index in 0..<(dataBlocks.map(\.count).max() ?? 0) {
            for block in dataBlocks where index < block.count { result.append(block[index]) }
        }
        for index in 0..<eccPerBlock(version) {
            for block in eccBlocks { result.append(block[index]) }
        }
        return result
    }
}

/// Reed-Solomon error correction over GF(256) with the QR polynomial `x^8 + x^4 + x^3 + x^2 + 1`.
enum ReedSolomon {
    static func divisor(degree: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: degree - 1) + [1]
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in result.indices {
                result[index] = multiply(result[index], root)
                if index + 1 < result.count { result[index] ^= result[index + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    static func remainder(_ data: [UInt8], divisor: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: divisor.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for index in result.indices { result[index] ^= multiply(divisor[index], factor) }
        }
        return result
    }

    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var z = 0
        for shift in stride(from: 7, through: 0, by: -1) {
            z = (z << 1) ^ ((z >> 7) * 0x11D)
            z ^= Int((y >> UInt8(shift)) & 1) * Int(x)
        }
        return UInt8(z & 0xFF)
    }
}

/// The module grid while a code is built: function patterns first, then the data, then a mask and the format.
struct Matrix {
    let version: Int
    let size: Int
    var dark: [[Bool]]
    var isFunction: [[Bool]]

    init(version: Int) {
        self.version = version
        size = 17 + 4 * version
        dark = Array(repeating: Array(repeating: false, count: size), count: size)
        isFunction = dark
        for index in 0..<size {
            set(x: 6, y: index, index % 2 == 0)
            set(x: index, y: 6, index % 2 == 0)
        }
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            for dy in -4...4 {
                for dx in -4...4 where (0..<size).contains(x + dx) && (0..<size).contains(y + dy) {
                    let distance = max(abs(dx), abs(dy))
                    set(x: x + dx, y: y + dy, distance != 2 && distance != 4)
                }
            }
        }
        let centers = Self.alignmentCenters(version)
        for (i, cx) in centers.enumerated() {
            for (j, cy) in centers.enumerated() {
                let last = centers.count - 1
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                for dy in -2...2 {
                    for dx in -2...2 { set(x: cx + dx, y: cy + dy, max(abs(dx), abs(dy)) != 1) }
                }
            }
        }
        drawFormat(mask: 0)
        if version >= 7 {
            var remainder = version
            for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
            let bits = version << 12 | remainder
            for index in 0..<18 {
                let bit = (bits >> index) & 1 == 1
                let a = size - 11 + index % 3, b = index / 3
                set(x: a, y: b, bit)
                set(x: b, y: a, bit)
            }
        }
    }

    static func alignmentCenters(_ version: Int) -> [Int] {
        guard version > 1 else { return [] }
        let last = 17 + 4 * version - 7
        return version < 7 ? [6, last] : [6, (6 + last) / 2, last]
    }

    mutating func set(x: Int, y: Int, _ value: Bool) {
        dark[y][x] = value
        isFunction[y][x] = true
    }

    /// The 15 format bits (level M, the mask) around the finder patterns, and the dark module.
    mutating func drawFormat(mask: Int) {
        let data = 0b00 << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { set(x: 8, y: index, bit(index)) }
        set(x: 8, y: 7, bit(6))
        set(x: 8, y: 8, bit(7))
        set(x: 7, y: 8, bit(8))
        for index in 9..<15 { set(x: 14 - index, y: 8, bit(index)) }
        for index in 0..<8 { set(x: size - 1 - index, y: 8, bit(index)) }
        for index in 8..<15 { set(x: 8, y: size - 15 + index, bit(index)) }
        set(x: 8, y: size - 8, true)
    }

    /// Fills the data modules in the standard zigzag, two columns at a time from the right.
    mutating func place(_ codewords: [UInt8]) {
        var index = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for vertical in 0..<size {
                for offset in 0..<2 {
                    let x = right - offset
                    let upward = (right + 1) & 2 == 0
                    let y = upward ? size - 1 - vertical : vertical
                    guard !isFunction[y][x], index < codewords.count * 8 else { continue }
                    dark[y][x] = (codewords[index >> 3] >> (7 - UInt8(index & 7))) & 1 == 1
                    index += 1
                }
            }
            right -= 2
        }
    }

    mutating func apply(mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y][x] {
                let invert =
                    switch mask {
                    case 0: (x + y) % 2 == 0
                    case 1: y % 2 == 0
                    case 2: x % 3 == 0
                    case 3: (x + y) % 3 == 0
                    case 4: (x / 3 + y / 2) % 2 == 0
                    case 5: x * y % 2 + x * y % 3 == 0
                    case 6: (x * y % 2 + x * y % 3) % 2 == 0
                    default: ((x + y) % 2 + x * y % 3) % 2 == 0
                    }
                if invert { dark[y][x].toggle() }
            }
        }
        drawFormat(mask: mask)
    }

    /// The standard's penalty score (runs, 2x2 blocks, finder-like patterns, balance); lower is better.
    var penalty: Int {
        var score = 0
        let columns = (0..<size).map { x in (0..<size).map { dark[$0][x] } }
        for line in dark + columns {
            var run = 1
            for index in 1..<size {
                if line[index] == line[index - 1] {
                    run += 1
                } else {
                    if run >= 5 { score += run - 2 }
                    run = 1
                }
            }
            if run >= 5 { score += run - 2 }
            let pattern = [true, false, true, true, true, false, true]
            for start in 0...(size - 7) where Array(line[start..<start + 7]) == pattern {
                let before = start >= 4 && !line[(start - 4)..<start].contains(true)
                let after = start + 11 <= size && !line[(start + 7)..<(start + 11)].contains(true)
                if before || after { score += 40 }
            }
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let color = dark[y][x]
                if dark[y][x + 1] == color, dark[y + 1][x] == color, dark[y + 1][x + 1] == color { score += 3 }
            }
        }
        let darkCount = dark.reduce(0) { $0 + $1.filter { $0 }.count }
        score += abs(darkCount * 20 - size * size * 10) / (size * size) * 10
        return score
    }
}
