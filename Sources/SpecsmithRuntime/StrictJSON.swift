package import Foundation

/// What RFC 8259 refuses that Foundation's JSON readers take: a comma after an object's last entry or an array's
/// last item (`{"id": "b",}`, `[1,]`). No API reads such a body, so what stands in for one (a generated server,
/// a webhook receiver) refuses it too, as it refuses other malformed JSON; a client reads such an answer, whose
/// values are not in doubt.
package enum StrictJSON {
    /// The offset of the first comma in `data` that only `}` or `]` follows (after white space), outside strings;
    /// `nil` when there is none.
    package static func trailingComma(in data: Data) -> Int? {
        data.withUnsafeBytes { buffer -> Int? in
            let bytes = buffer.bindMemory(to: UInt8.self)
            var inString = false
            var comma: Int?
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if inString {
                    if byte == UInt8(ascii: "\\") {
                        index += 2
                        continue
                    }
                    if byte == UInt8(ascii: "\"") { inString = false }
                } else {
                    switch byte {
                    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                        break
                    case UInt8(ascii: ","):
                        comma = index
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        if let comma { return comma }
                    default:
                        if byte == UInt8(ascii: "\"") { inString = true }
                        comma = nil
                    }
                }
                index += 1
            }
            return nil
        }
    }
}
