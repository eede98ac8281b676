import ConformCore
import VAST
import XMLCore

extension DecodedInput {
    /// The VAST documents embedded in a VMAP's `<AdSource><VASTAdData>`, each as an input of its own
    /// so the VAST rules can check it. The XML tree of each is the embedded `<VAST>` element, so every
    /// position and path still points into the VMAP file. Decoder findings stay with the VMAP input
    /// (the decoder already reported them there), so the embedded inputs carry none.
    public var embeddedVASTInputs: [DecodedInput] {
        guard let vmap, let root = xml.root else { return [] }
        var out: [DecodedInput] = []
        let breaks = root.children("AdBreak")
        for (adBreak, element) in zip(vmap.adBreaks, breaks) {
            guard let document = adBreak.adSource?.vastAdData,
                  let source = element.child("AdSource"),
                  let data = source.child("VASTAdData") ?? source.child("VASTData"),
                  let vastElement = data.children.first(where: { $0.name == "VAST" }) else { continue }
            let tree = XMLDocument(
                root: vastElement, messages: [], isWellFormed: xml.isWellFormed,
                isNamespaceWellFormed: xml.isNamespaceWellFormed, hasDTD: false, messagesTruncated: false,
                byteCount: 0)
            out.append(DecodedInput(xml: tree, vast: document, vmap: nil, rootName: vastElement.qualifiedName, findings: []))
        }
        return out
    }
}
