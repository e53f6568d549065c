/// The name of an API from the title of its description: what its client and its other types are named after,
/// as the authors of a hand-written SDK would name it (`GitHub` for "GitHub v3 REST API", `Twilio` for
/// "Twilio - Api", `OnePassword` for "1Password Connect API"'s first word, `SpotifyWeb` for "Spotify Web API with
/// fixes and improvements from sonallux").
enum APIName {
    /// Words at a title's end that say what it is rather than whose: dropped.
    static let descriptiveWords: Set<String> = [
        "api", "apis", "rest", "restful", "http", "https", "json", "openapi", "swagger", "spec", "specification",
        "definition", "definitions", "documentation", "docs", "reference", "interface",
    ]

    /// The longest name kept whole; a longer one keeps its leading words up to this length.
    static let maxLength = 32

    static let digitNames = ["Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"]

    /// The name of an API whose title names nothing (`API`, `Swagger`, `REST API v2`), or names it as the
    /// runtime names its types (`API` would make `APIClient`, the runtime's).
    static let fallback = "Service"

    /// The API's Swift name from `title`, one whose types hide none the generated code uses, whatever the
    /// flavours; ``fallback`` when the title names nothing or no such name.
    static func named(byTitle title: String) -> String {
        guard let name = fromTitle(title),
            ReservedNames.apiTypesHidingOthers(api: name, flavours: Set(API.Flavour.allCases)).isEmpty
        else { return fallback }
        return name
    }

    /// The API's Swift name from `title`; `nil` when the title names nothing.
    static func fromTitle(_ title: String) -> String? {
        var words = title.split(whereSeparator: { $0.isWhitespace || $0 == "/" }).map(String.init)
        // The name before a subtitle that describes it ("Acme: payments", "Shop (beta)", "Petstore - OpenAPI
        // 3.0"); a dash before a name's part keeps it ("Twilio - Messaging" is `TwilioMessaging`).
        if let cut = words.firstIndex(where: { $0.hasPrefix("(") }), cut > 0 {
            words = Array(words[..<cut])
        }
        while let dash = words.firstIndex(where: { ["-", "–", "—", "|"].contains($0) }) {
            let rest = words[(dash + 1)...]
            words =
                dash > 0 && rest.allSatisfy(isDescriptive)
                ? Array(words[..<dash]) : words.enumerated().filter { $0.offset != dash }.map(\.element)
        }
        if let cut = words.firstIndex(where: { $0.hasSuffix(":") || $0.hasSuffix(",") }) {
            words = Array(words[...cut])
            words[cut].removeLast()
        }
        dropDescriptiveEnd(&words)
        // A long title is cut before its first phrase that describes the API rather than names it ("Spotify Web
        // API with fixes and improvements from …" is `SpotifyWeb`), not mid-phrase; a short one is kept whole
        // ("Pay by Bank" is `PayByBank`).
        if SwiftName.typeName(words.joined(separator: " ")).count > maxLength,
            let cut = words.indices.first(where: { index in
                index > 0 && phraseWords.contains(words[index].lowercased())
                    && !words[..<index].allSatisfy(isDescriptive)
            })
        {
            words = Array(words[..<cut])
            dropDescriptiveEnd(&words)
        }
        guard let first = words.first, !isDescriptive(first) || words.count > 1 else { return nil }
        // A leading digit would need an underscore (`_1Password`, which reads as private): spelled instead.
        if let digit = first.first?.wholeNumberValue, first.first?.isASCII == true {
            words[0] = digitNames[digit] + first.dropFirst()
        }
        var name = SwiftName.typeName(words.joined(separator: " "))
        while name.count > maxLength, words.count > 1 {
            words.removeLast()
            name = SwiftName.typeName(words.joined(separator: " "))
        }
        for suffix in ["APIs", "APIS", "Apis", "API", "Api"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
            break
        }
        return name == "_" ? nil : name
    }

    /// Words that start a phrase describing the API ("… with fixes", "… for partners", "… from Acme"): a long
    /// title is cut before the first of them.
    static let phraseWords: Set<String> = ["with", "for", "from", "by", "via", "using", "including", "featuring"]

    /// `words` without the descriptive words at its end, keeping the first.
    private static func dropDescriptiveEnd(_ words: inout [String]) {
        while let last = words.last, words.count > 1, isDescriptive(last) {
            words.removeLast()
        }
    }

    /// Whether `word` says what the document is (`API`, `REST`) or which version (`v3`, `2010-04-01`, `1.0`).
    static func isDescriptive(_ word: String) -> Bool {
        let bare = word.trimmingCharacters(in: .punctuationCharacters).lowercased()
        if descriptiveWords.contains(bare) { return true }
        let version = bare.hasPrefix("v") ? bare.dropFirst() : Substring(bare)
        return !version.isEmpty && version.first?.isNumber == true
            && version.allSatisfy { $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" }
    }
}
