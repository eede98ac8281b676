import ConformCore
import VAST

/// The same Error URL twice under one element.
struct ErrorDuplicateRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-error-duplicate",
        name: "Duplicate error URL",
        summary: "the same <Error> URL appears twice in one InLine, Wrapper or no-ad response",
        rationale: "Players request every Error URI when the ad fails, so a repeated one doubles the error counts the ad server reports. Practice, so warning.",
        fix: "Remove the repeated <Error>.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.2.1", quote: "Multiple <Error> elements may be provided to notify multiple parties of the no-ad response"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Error><![CDATA[https://a.example/e?c=[ERRORCODE]]]></Error><Error><![CDATA[https://b.example/e?c=[ERRORCODE]]]></Error>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "<Error><![CDATA[https://a.example/e?c=[ERRORCODE]]]></Error>\n↓<Error><![CDATA[https://a.example/e?c=[ERRORCODE]]]></Error>"),
        ])

    func check(_ context: RuleContext) {
        func key(_ node: TextNode) -> String { node.path.parentOfPath + "\u{1}" + node.value }
        // Hashed with ByteHash; full keys are compared only when hashes meet, and keys that collide with a
        // different key go to `overflow`.
        let urls = context.urls, facts = context.urlFacts
        var first = FirstIndexTable(capacity: urls.indices.reduce(0) { $0 + (urls[$1].role == .error ? 1 : 0) })
        var overflow = Set<String>()
        for index in urls.indices where urls[index].role == .error && !facts[index].flags.contains(.empty) {
            let node = urls[index].node
            let hash = ByteHash.hash(url: node.value, parentOf: node.path)
            var repeated = false
            if let earlier = first.firstIndex(of: hash, orInsert: index) {
                let k = key(node)
                repeated = key(urls[earlier].node) == k || !overflow.insert(k).inserted
            }
            if repeated {
                context.report("<Error> \(node.value) is listed twice in this element", at: node)
            }
        }
    }
}
