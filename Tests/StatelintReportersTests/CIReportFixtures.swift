import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import StatelintCore
import StatelintDiagnostics
import StatelintSyntax
import Testing

/// Reports and helpers shared by the GitLab, JUnit and SonarQube reporter tests.
extension Fixtures {
    /// A clean view followed by a suppression comment that silences nothing, on the last line and without a
    /// final line break: one `unused_suppression` finding (info) at 4:1–4:44, the whole last line (43 bytes).
    static let endOfFile = """
        struct EndView: View {
            var body: some View { Text("End") }
        }
        // statelint:disable:next task_retains_self
        """

    /// The message given to the `Views/Peach.swift` finding of `mixed()`: quotes, markup characters, a line
    /// break, a control character XML 1.0 forbids, and non-ASCII text.
    static let awkwardMessage = "x < y && \"z\" 'q' > 0\nsecond line \u{1} 한글 😀"

    /// Four findings in four files, in report order:
    /// 0. `End.swift` 4:1–4:44, `unused_suppression`, info (`endOfFile`);
    /// 1. `Leaky.swift` 7:17–7:43, `state_closure_captures_view`, warning, with a note at 7:33–7:41;
    /// 2. `Sources/한글/K.swift` 3:35–3:55 in bytes (UTF-16 3:29–3:49), `print_changes_leftover`, raised to error;
    /// 3. `Views/Peach.swift` 3:17–3:37, `print_changes_leftover`, warning, message `awkwardMessage`.
    static func mixed() -> LintReport {
        var report = lint([
            ("Views/Peach.swift", peach), ("Leaky.swift", leaky), ("Sources/한글/K.swift", korean), ("End.swift", endOfFile),
        ])
        report.diagnostics[2].severity = .error
        report.diagnostics[3].message = awkwardMessage
        return report
    }

    /// A report of hand-made findings on in-memory files (the reporters only read `sources`).
    static func report(_ files: [(String, String)], _ diagnostics: [Diagnostic]) -> LintReport {
        var sources: [String: SourceFile] = [:]
        for (path, text) in files { sources[path] = SourceFile(path: path, text: text) }
        return LintReport(diagnostics: diagnostics, problems: [], fileCount: files.count, sources: sources)
    }

    /// Parses a JSON array (GitLab's report).
    static func parseArray(_ json: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    }

    /// FNV-1a 64 as 16 lowercase hex digits, written here independently of the reporters.
    static func fnv1a64(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// An XML element read back with Foundation's `XMLParser`: name, attributes, child elements and the text
/// directly inside it.
final class XMLNode {
    let name: String
    let attributes: [String: String]
    var children: [XMLNode] = []
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// The child elements named `name`.
    func all(_ name: String) -> [XMLNode] { children.filter { $0.name == name } }

    /// Parses a document; nil when it is not well-formed.
    static func parse(_ xml: String) -> XMLNode? {
        let builder = Builder()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = builder
        guard parser.parse() else { return nil }
        return builder.root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: XMLNode?
        var stack: [XMLNode] = []

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            let node = XMLNode(name: elementName, attributes: attributeDict)
            if let parent = stack.last { parent.children.append(node) } else { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}
