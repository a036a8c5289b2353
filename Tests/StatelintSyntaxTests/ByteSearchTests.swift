import StatelintSyntax
import StatelintTestSupport
import Testing

@Suite("Byte search")
struct ByteSearchTests {
    func naive(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        if needle.isEmpty { return true }
        if haystack.count < needle.count { return false }
        for start in 0...(haystack.count - needle.count) where Array(haystack[start..<start + needle.count]) == needle {
            return true
        }
        return false
    }

    @Test func agreesWithANaiveSearch() {
        var random = SplitMix64(seed: 9)
        func next() -> UInt64 { random.next() }
        let alphabet = Array("aAb1_Z9 ".utf8)
        for _ in 0..<3000 {
            let haystack = (0..<Int(next() % 40)).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }
            var needle = (0..<Int(next() % 5)).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }
            if next() % 3 == 0, haystack.count > 3 {
                // A needle cut out of the haystack, at its start, middle or end.
                let start = Int(next() % UInt64(haystack.count - 2))
                needle = Array(haystack[start..<min(haystack.count, start + 1 + Int(next() % 6))])
            }
            let text = String(decoding: needle, as: UTF8.self)
            #expect(ByteSearch(text).occurs(in: haystack) == naive(haystack, Array(text.utf8)), "\(haystack) \(needle)")
        }
    }

    @Test func findsNamesAtTheEdges() {
        let search = ByteSearch("Upload861Model")
        #expect(search.occurs(in: Array("Upload861Model".utf8)))
        #expect(search.occurs(in: Array("x Upload861Model".utf8)))
        #expect(search.occurs(in: Array("Upload861Model.y".utf8)))
        #expect(!search.occurs(in: Array("Upload861Mode".utf8)))
        #expect(!search.occurs(in: Array("pload861Model".utf8)))
        #expect(!search.occurs(in: []))
        #expect(ByteSearch("한국").occurs(in: Array("let 한국어 = 1".utf8)))
    }
}
