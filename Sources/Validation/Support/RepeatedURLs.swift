import VAST

extension RuleContext {
    /// The non-empty URLs of `role` whose `key` equals the key of an earlier URL of that role, in
    /// document order. Hashed with ``ByteHash`` (URL and parent element); full keys are compared only
    /// when hashes meet, and keys that collide with a different key are tracked exactly, so a hash
    /// collision never changes the result.
    func repeatedURLs(_ role: URLRole, key: (TextNode) -> String) -> [TextNode] {
        let urls = self.urls
        let count = urls.indices.reduce(0) { $0 + (urls[$1].role == role ? 1 : 0) }
        guard count > 1 else { return [] }
        let facts = urlFacts
        var first = FirstIndexTable(capacity: count)
        var overflow = Set<String>()
        var repeated: [TextNode] = []
        for index in urls.indices where urls[index].role == role && !facts[index].flags.contains(.empty) {
            let node = urls[index].node
            let hash = ByteHash.hash(url: node.value, parentOf: node.path)
            guard let earlier = first.firstIndex(of: hash, orInsert: index) else { continue }
            let k = key(node)
            if key(urls[earlier].node) == k || !overflow.insert(k).inserted { repeated.append(node) }
        }
        return repeated
    }
}
