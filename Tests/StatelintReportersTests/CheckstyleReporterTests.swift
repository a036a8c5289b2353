import StatelintCore
import StatelintReporters
import Testing

@Suite("Checkstyle reporter")
struct CheckstyleReporterTests {
    @Test("golden: files sorted by path, problems as errors at line 1, byte columns, XML-escaped")
    func golden() {
        var report = Fixtures.lint([("Views/Peach.swift", Fixtures.peach), ("Leaky.swift", Fixtures.leaky)])
        report.problems = Fixtures.missing(["Missing Dir/gone.swift"])
        report.diagnostics[1].severity = .info
        #expect(CheckstyleReporter.render(report) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <checkstyle version="4.3">
              <file name="Leaky.swift">
                <error line="7" column="17" severity="warning" message="closure stored in @State &apos;handler&apos; uses &apos;myObject&apos;, so it captures the &apos;LeakyView&apos; view, whose state holds the closure: a cycle that is never released" source="statelint.state_closure_captures_view"/>
              </file>
              <file name="Missing Dir/gone.swift">
                <error line="1" severity="error" message="cannot be read; skipped" source="statelint"/>
              </file>
              <file name="Views/Peach.swift">
                <error line="3" column="17" severity="info" message="&apos;Self._printChanges()&apos; left in &apos;PeachView.body&apos;: it prints every time SwiftUI re-evaluates the view" source="statelint.print_changes_leftover"/>
              </file>
            </checkstyle>

            """)
    }

    @Test("an empty report is an empty checkstyle element")
    func empty() {
        #expect(CheckstyleReporter.render(Fixtures.lint([])) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <checkstyle version="4.3">
            </checkstyle>

            """)
    }

    @Test("escapes markup, keeps line breaks as references, replaces characters XML forbids")
    func escaping() {
        #expect(CheckstyleReporter.escape("a&b<c>d\"e'f\tg\nh\ri\u{1}j\u{FFFF}한😀")
            == "a&amp;b&lt;c&gt;d&quot;e&apos;f&#9;g&#10;h&#13;i\u{FFFD}j\u{FFFD}한😀")
        var report = Fixtures.lint([("<A&B>.swift", Fixtures.peach)])
        report.diagnostics[0].message = "x < y && \"z\""
        let xml = CheckstyleReporter.render(report)
        #expect(xml.contains(#"<file name="&lt;A&amp;B&gt;.swift">"#))
        #expect(xml.contains(#"message="x &lt; y &amp;&amp; &quot;z&quot;""#))
    }
}
