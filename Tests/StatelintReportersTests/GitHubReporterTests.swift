import StatelintCore
import StatelintReporters
import StatelintRules
import Testing

@Suite("GitHub reporter")
struct GitHubReporterTests {
    @Test("golden: problems are errors, then warnings; help on a second line")
    func golden() {
        var report = Fixtures.lint([("Sources/Peach View.swift", Fixtures.peach)])
        report.problems = Fixtures.missing(["Missing Dir/gone.swift"])
        #expect(GitHubReporter.render(report) == """
            ::error file=Missing Dir/gone.swift,title=statelint::Missing Dir/gone.swift cannot be read; skipped
            ::warning file=Sources/Peach View.swift,line=3,col=17,endLine=3,endColumn=37,title=statelint (print_changes_leftover)::'Self._printChanges()' left in 'PeachView.body': it prints every time SwiftUI re-evaluates the view%0Ahelp: remove it before shipping; to see why a view updates, use a breakpoint or Instruments' SwiftUI template
            ::notice::statelint: 1 warning, 0 errors in 1 file; 1 fixable with --fix.

            """)
    }

    @Test("escapes % CR LF in messages, and also : and , in properties")
    func escaping() {
        var report = Fixtures.lint([("dir:a,b/100%.swift", Fixtures.peach)])
        report.diagnostics[0].message = "50% done\r\nnext: a,b"
        report.diagnostics[0].help = nil
        report.diagnostics[0].ruleID = "odd:rule,id%"
        #expect(GitHubReporter.render(report) == """
            ::warning file=dir%3Aa%2Cb/100%25.swift,line=3,col=17,endLine=3,endColumn=37,title=statelint (odd%3Arule%2Cid%25)::50%25 done%0D%0Anext: a,b
            ::notice::statelint: 1 warning, 0 errors in 1 file; 1 fixable with --fix.

            """)
        #expect(GitHubReporter.escapeData("%:,\r\n") == "%25:,%0D%0A")
        #expect(GitHubReporter.escapeProperty("%:,\r\n") == "%25%3A%2C%0D%0A")
    }

    @Test("columns only for a one-line range; UTF-16 columns")
    func columns() {
        var report = Fixtures.lint([("K.swift", Fixtures.korean)])
        report.diagnostics[0].help = nil
        // Same arithmetic as the SARIF test: `Self` is at UTF-16 column 29, the call ends before 49.
        #expect(GitHubReporter.render(report).hasPrefix("::warning file=K.swift,line=3,col=29,endLine=3,endColumn=49,title="))
        report.diagnostics[0].range = report.diagnostics[0].range.lowerBound..<(report.diagnostics[0].range.upperBound + 5)
        #expect(GitHubReporter.render(report).hasPrefix("::warning file=K.swift,line=3,endLine=4,title="))
    }

    @Test("sorted by severity, then path, then line")
    func order() {
        var report = Fixtures.lint([("b.swift", Fixtures.manyLeftovers(2)), ("a.swift", Fixtures.manyLeftovers(2))])
        // a.swift:3, a.swift:4, b.swift:3, b.swift:4 → info, warning, error, info.
        report.diagnostics[0].severity = .info
        report.diagnostics[2].severity = .error
        report.diagnostics[3].severity = .info
        let heads = GitHubReporter.render(report).split(separator: "\n").map { line in
            line.firstRange(of: ",col=").map { String(line[..<$0.lowerBound]) } ?? String(line)
        }
        #expect(heads == [
            "::error file=b.swift,line=3", "::warning file=a.swift,line=4",
            "::notice file=a.swift,line=3", "::notice file=b.swift,line=4",
            "::notice::statelint: 1 warning, 1 error, 2 info in 2 files; 4 fixable with --fix.",
        ])
    }

    /// 25 findings: 12 errors, 11 warnings, 2 notices.
    @Test("at most 10 per severity, then one closing notice")
    func cap() {
        var report = Fixtures.lint([("Many.swift", Fixtures.manyLeftovers(25))])
        #expect(report.diagnostics.count == 25)
        for i in report.diagnostics.indices {
            report.diagnostics[i].severity = i < 12 ? .error : i < 23 ? .warning : .info
        }
        let lines = GitHubReporter.render(report).split(separator: "\n")
        #expect(lines.count(where: { $0.hasPrefix("::error ") }) == 10)
        #expect(lines.count(where: { $0.hasPrefix("::warning ") }) == 10)
        #expect(lines.count(where: { $0.hasPrefix("::notice ") }) == 2)
        // The first ten errors are lines 3…12; the ones on lines 13 and 14 are left out.
        #expect(lines[9].hasPrefix("::error file=Many.swift,line=12,"))
        #expect(lines[10].hasPrefix("::warning file=Many.swift,line=15,"))
        #expect(lines.last == "::notice::statelint: 11 warnings, 12 errors, 2 info in 1 file; 25 fixable with --fix. 3 more findings are not shown (2 errors, 1 warning): GitHub shows at most 10 annotations of each severity per step. The full list is in the SARIF report (--format sarif).")
        #expect(lines.count == 23)
    }

    @Test("the closing notice takes the last notice slot")
    func capNotices() {
        var report = Fixtures.lint([("Many.swift", Fixtures.manyLeftovers(23))])
        for i in report.diagnostics.indices { report.diagnostics[i].severity = i < 11 ? .warning : .info }
        let lines = GitHubReporter.render(report).split(separator: "\n")
        #expect(lines.count(where: { $0.hasPrefix("::warning ") }) == 10)
        #expect(lines.count(where: { $0.hasPrefix("::notice ") }) == 9)
        #expect(lines.last == "::notice::statelint: 11 warnings, 0 errors, 12 info in 1 file; 23 fixable with --fix. 4 more findings are not shown (1 warning, 3 notices): GitHub shows at most 10 annotations of each severity per step. The full list is in the SARIF report (--format sarif).")
    }

    @Test("exactly 10 of each: errors and warnings all shown, the summary takes the tenth notice")
    func atTheCap() {
        var report = Fixtures.lint([("Many.swift", Fixtures.manyLeftovers(30))])
        for i in report.diagnostics.indices { report.diagnostics[i].severity = i < 10 ? .error : i < 20 ? .warning : .info }
        let lines = GitHubReporter.render(report).split(separator: "\n")
        #expect(lines.count == 30)
        #expect(lines.count(where: { $0.hasPrefix("::error ") }) == 10 && lines.count(where: { $0.hasPrefix("::warning ") }) == 10)
        #expect(lines.last?.hasPrefix("::notice::statelint: 10 warnings, 10 errors, 10 info in 1 file; 30 fixable with --fix. 1 more finding is not shown (1 notice)") == true, "\(lines.last ?? "")")
    }

    @Test("one finding left out: singular wording")
    func singular() {
        var report = Fixtures.lint([("Many.swift", Fixtures.manyLeftovers(11))])
        for i in report.diagnostics.indices { report.diagnostics[i].severity = .error }
        #expect(GitHubReporter.render(report).hasSuffix("\n::notice::statelint: 0 warnings, 11 errors in 1 file; 11 fixable with --fix. 1 more finding is not shown (1 error): GitHub shows at most 10 annotations of each severity per step. The full list is in the SARIF report (--format sarif).\n"))
    }

    @Test("nothing to report: no output")
    func empty() {
        #expect(GitHubReporter.render(Fixtures.lint([("a.swift", "struct A {}\n")])) == "")
    }
}
