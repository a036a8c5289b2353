import Foundation
import Testing

/// Where the report goes, colour, files that cannot be linted, and determinism.
@Suite("CLI output")
struct CLIOutputTests {
    func showcase() throws -> CLISandbox {
        let sandbox = try CLISandbox()
        try sandbox.copyFixture(showcaseFixture, to: "CounterScreen.swift")
        return sandbox
    }

    @Test(arguments: ["text", "xcode", "json", "sarif", "html"])
    func outputFileGetsTheReportAndStdoutNothing(format: String) throws {
        let sandbox = try showcase()
        let direct = try sandbox.run(["--format", format])
        let result = try sandbox.run(["--format", format, "--output", "report.out"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "")
        let written = try sandbox.read("report.out")
        #expect(written == direct.stdout, "--output writes what standard output would have shown")
        #expect(written.contains("print_changes_leftover"))
        // A report file in the project is not linted as source on the next run.
        let again = try sandbox.run(["--format", format])
        #expect(again.stdout == direct.stdout)
    }

    /// Xcode (and SwiftLint's xcode reporter) read paths from the root; a run-script phase runs from any
    /// folder. The text format stays relative to the current folder.
    @Test func theXcodeFormatGivesAbsolutePaths() throws {
        let sandbox = try CLISandbox()
        try sandbox.copyFixture(showcaseFixture, to: "Sources/CounterScreen.swift")
        let file = sandbox.resolvedPath("Sources/CounterScreen.swift:")
        for (folder, target) in [(nil, "."), ("Sources", "."), ("..", sandbox.root.lastPathComponent), ("Sources", "../Sources")] {
            let result = try sandbox.run(["--format", "xcode", target], in: folder)
            #expect(result.status == 1, "\(result)")
            // (A path named through `..` keeps its steps: Xcode opens it as given.)
            let printed = result.printedLines.map { URL(fileURLWithPath: String($0.prefix { $0 != ":" })).standardized.path + ":" }
            #expect(result.printedLines.allSatisfy { $0.hasPrefix("/") }, "\(result)")
            #expect(printed.count == 2 && printed.allSatisfy { $0 == file }, "from \(folder ?? "the root"): \(result)")
        }
        let stdin = try sandbox.run(["--format", "xcode", "--stdin-path", "CounterScreen.swift"], in: "Sources",
                                    stdin: try sandbox.read("Sources/CounterScreen.swift"))
        #expect(stdin.printedLines.count == 2 && stdin.printedLines.allSatisfy { $0.hasPrefix(file) }, "\(stdin)")
        let text = try sandbox.run(["--format", "text", "."], in: "Sources")
        #expect(text.stdout.hasPrefix("CounterScreen.swift:9:17: warning: "), "\(text)")
    }

    @Test func outputIntoAMissingFolderExitsTwo() throws {
        let sandbox = try showcase()
        let result = try sandbox.run(["--output", "no/such/folder/report.txt"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("no/such/folder/report.txt"), "\(result)")
    }

    @Test func quietDropsTheSummaryLine() throws {
        let sandbox = try showcase()
        let loud = try sandbox.run(["--format", "xcode"])
        let quiet = try sandbox.run(["--format", "xcode", "--quiet"])
        #expect(loud.stderr == "2 warnings, 0 errors in 1 file; 2 fixable with --fix\n")
        #expect(quiet.stderr == "")
        #expect(quiet.stdout == loud.stdout)
        #expect(quiet.lines == showcaseFindings)
        #expect(quiet.status == 1)
        let short = try sandbox.run(["-q"])
        #expect(short.stderr == "")
    }

    @Test func machineFormatsPrintNoSummary() throws {
        let sandbox = try showcase()
        for format in ["json", "sarif", "github", "checkstyle"] {
            let result = try sandbox.run(["--format", format])
            #expect(result.stderr == "", "\(format): \(result.stderr)")
            #expect(result.status == 1)
        }
    }

    @Test func colourOnlyWhenAsked() throws {
        let sandbox = try showcase()
        // Standard output is a file here, not a terminal: `auto` means no colour.
        let auto = try sandbox.run([])
        let never = try sandbox.run(["--color", "never"])
        let noColor = try sandbox.run([], environment: ["NO_COLOR": "1"])
        let always = try sandbox.run(["--color", "always"])
        let alwaysDespiteNoColor = try sandbox.run(["--color", "always"], environment: ["NO_COLOR": "1"])
        #expect(!hasANSI(auto.stdout))
        #expect(!hasANSI(never.stdout))
        #expect(!hasANSI(noColor.stdout))
        #expect(hasANSI(always.stdout), "\(always)")
        #expect(hasANSI(alwaysDespiteNoColor.stdout), "an explicit --color always wins over NO_COLOR")
        #expect(always.stdout.contains("\u{1B}[1;33mwarning:\u{1B}[0m"), "warnings are yellow")
        // Without the escapes, the coloured report is the plain one.
        let stripped = always.stdout.replacing(/\x{1B}\[[0-9;]*m/, with: "")
        #expect(stripped == never.stdout)
        #expect(!hasANSI(auto.stderr) && !hasANSI(always.stderr))
        // Machine-readable formats are never coloured.
        for format in ["json", "sarif", "github", "checkstyle"] {
            let result = try sandbox.run(["--format", format, "--color", "always"])
            #expect(!hasANSI(result.stdout), "\(format) is coloured")
        }
        // Nor is a report written to a file with `auto`.
        _ = try sandbox.run(["--output", "report.txt"])
        #expect(!hasANSI(try sandbox.read("report.txt")))
    }

    @Test(.enabled(if: CLI.hasTerminal, "no pseudo-terminal (/dev/ptmx) here"))
    func terminalGetsColourUnlessNoColor() throws {
        let sandbox = try showcase()
        let terminal = try sandbox.runOnTerminal([])
        #expect(terminal.status == 1, "\(terminal)")
        #expect(terminal.stdout.contains("print_changes_leftover"), "\(terminal)")
        #expect(hasANSI(terminal.stdout), "--color auto colours a terminal")

        let noColor = try sandbox.runOnTerminal([], environment: ["NO_COLOR": "1"])
        #expect(noColor.stdout.contains("print_changes_leftover"))
        #expect(!hasANSI(noColor.stdout), "NO_COLOR is honoured")

        let never = try sandbox.runOnTerminal(["--color", "never"])
        #expect(!hasANSI(never.stdout))

        // no-color.org: "when present and not an empty string".
        let empty = try sandbox.runOnTerminal([], environment: ["NO_COLOR": ""])
        #expect(hasANSI(empty.stdout))
    }

    @Test func nonUTF8FileIsReportedAndTheRunGoesOn() throws {
        let sandbox = try showcase()
        try sandbox.writeBytes("Latin1.swift", Array("import SwiftUI\nlet s = \"caf".utf8) + [0xE9, 0xFF] + Array("\"\n".utf8))
        let result = try sandbox.run(["--format", "xcode"])
        #expect(result.status == 2, "a file left out is not a clean run: \(result)")
        #expect(result.lines == showcaseFindings, "the other file is still linted")
        #expect(result.stderr.contains("statelint: warning: Latin1.swift is not valid UTF-8; skipped"), "\(result)")

        let json = try sandbox.run(["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let problems = try #require(object["problems"] as? [[String: Any]])
        #expect(problems.count == 1)
        #expect(problems.first?["path"] as? String == "Latin1.swift")
        #expect((object["findings"] as? [Any])?.count == 2)

        // Alone, it is reported, and "0 files" is not a pass.
        let alone = try CLISandbox()
        try alone.writeBytes("Latin1.swift", [0x6C, 0x65, 0x74, 0x20, 0xFF, 0xFE, 0x0A])
        let aloneResult = try alone.run([])
        #expect(aloneResult.status == 2, "\(aloneResult)")
        #expect(aloneResult.stderr.contains("Latin1.swift is not valid UTF-8"))
    }

    /// Root reads any file, so as root the binary runs as `nobody` through `setpriv`; without it, skipped.
    @Test(.enabled(if: CLI.canTestUnreadableFiles, "running as root without setpriv: root can read anything"))
    func unreadableFileIsReportedAndTheRunGoesOn() throws {
        let sandbox = try showcase()
        try sandbox.write("Secret.swift", "import SwiftUI\n\nstruct Secret: View {\n    var body: some View {\n        let _ = print(\"x\")\n        Text(\"\")\n    }\n}\n")
        try sandbox.setPermissions("Secret.swift", 0)
        defer { try? sandbox.setPermissions("Secret.swift", 0o644) }
        let result = try sandbox.run(["--format", "xcode"], asNobody: CLI.isRoot)
        #expect(result.status == 2, "\(result)")
        #expect(result.lines == showcaseFindings, "the readable file is still linted, the unreadable one not")
        #expect(result.stderr.contains("statelint: warning: Secret.swift cannot be read; skipped"), "\(result)")
    }

    @Test(.enabled(if: CLI.canTestUnreadableFiles, "running as root without setpriv: root can read anything"))
    func unreadableFolderIsReportedAndTheRunGoesOn() throws {
        let sandbox = try showcase()
        try sandbox.write("Private/Secret.swift", "import SwiftUI\n\nstruct Secret: View {\n    var body: some View {\n        let _ = print(\"x\")\n        Text(\"\")\n    }\n}\n")
        try sandbox.setPermissions("Private", 0)
        defer { try? sandbox.setPermissions("Private", 0o755) }
        let result = try sandbox.run(["--format", "xcode"], asNobody: CLI.isRoot)
        #expect(result.status == 2, "\(result)")
        #expect(result.lines == showcaseFindings, "the readable file is still linted")
        #expect(result.stderr.contains("statelint: warning: Private is a folder that cannot be read; the files in it are not linted"), "\(result)")
        // Machine-readable formats carry it too.
        let json = try sandbox.run(["--format", "json"], asNobody: CLI.isRoot)
        #expect(json.stdout.contains("\"Private\""), "\(json)")
    }

    /// A file name that is not UTF-8 (Latin-1 `café.swift`): found, linted, fixed in place under its own
    /// name, shown as `caf\xE9.swift`, and percent-encoded as its bytes in SARIF.
    @Test func aFileNameThatIsNotUTF8IsLintedAndFixed() throws {
        let sandbox = try CLISandbox()
        let source = "import SwiftUI\nstruct V: View {\n    var body: some View {\n        let _ = Self._printChanges()\n        Text(\"x\")\n    }\n}\n"
        let raw = Array(sandbox.path("x").dropLast().utf8) + [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x73, 0x77, 0x69, 0x66, 0x74]
        let fd = open(raw.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_EXCL, 0o644)
        #expect(fd >= 0)
        _ = Array(source.utf8).withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let walked = try sandbox.run(["--format", "xcode"])
        #expect(walked.status == 1 && walked.lines.count == 1, "\(walked)")
        #expect(walked.lines.first?.hasPrefix("caf\\xE9.swift:4:17: warning:") == true, "\(walked)")
        let sarif = try sandbox.run(["--format", "sarif"])
        #expect(sarif.stdout.contains("\"caf%E9.swift\""), "\(sarif)")
        // Named on the command line as its bytes (through the shell).
        let named = try sandbox.run(["-c", "\"$0\" --format xcode \"$(printf 'caf\\351.swift')\"", CLI.binary.path], shell: true)
        #expect(named.status == 1 && named.lines == walked.lines, "\(named)")
        let fixed = try sandbox.run(["--fix", "--format", "xcode"])
        #expect(fixed.status == 0, "\(fixed)")
        var info = stat()
        #expect(stat(raw.map { CChar(bitPattern: $0) } + [0], &info) == 0, "the file kept its name")
        let fd2 = open(raw.map { CChar(bitPattern: $0) } + [0], O_RDONLY)
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = read(fd2, &buffer, 4096)
        close(fd2)
        #expect(String(decoding: buffer[0..<max(n, 0)], as: UTF8.self) == source.replacingOccurrences(of: "        let _ = Self._printChanges()\n", with: ""))
    }

    @Test func aFIFONamedSwiftNeverBlocksTheRun() throws {
        let sandbox = try showcase()
        #expect(mkfifo(sandbox.path("Pipe.swift"), 0o644) == 0, "mkfifo failed")
        // Found by the walk: not a regular file, so not read (opening it would wait for a writer).
        let walked = try sandbox.run(["--format", "xcode"])
        #expect(walked.status == 1, "\(walked)")
        #expect(walked.lines == showcaseFindings, "\(walked)")
        #expect(walked.stderr.contains("statelint: note: Pipe.swift is not a regular file (a FIFO, socket or device); not read"), "\(walked)")
        // Named: reported as a problem, and the run goes on.
        let named = try sandbox.run(["--format", "xcode", "Pipe.swift", "CounterScreen.swift"])
        #expect(named.status == 2, "\(named)")
        #expect(named.lines == showcaseFindings, "\(named)")
        #expect(named.stderr.contains("statelint: warning: Pipe.swift is not a regular file; skipped"), "\(named)")
        // A FIFO as the configuration or the baseline is an error, not a wait.
        #expect(mkfifo(sandbox.path("pipe.lintrc"), 0o644) == 0)
        let config = try sandbox.run(["--config", "pipe.lintrc"])
        #expect(config.status == 2, "\(config)")
        #expect(config.stderr.contains("not a regular file"), "\(config)")
        let baseline = try sandbox.run(["--baseline", "pipe.lintrc"])
        #expect(baseline.status == 2, "\(baseline)")
        #expect(baseline.stderr.contains("cannot read the baseline file"), "\(baseline)")
    }

    @Test func jobsDoNotChangeTheOutput() throws {
        let sandbox = try CLISandbox()
        let folders = try FileManager.default.contentsOfDirectory(atPath: CLI.testInputs.path).sorted()
        for folder in folders where folder != "Lexer" { try sandbox.copyFixtureFolder(folder) }
        for format in ["text", "json", "sarif"] {
            let one = try sandbox.run(["--jobs", "1", "--format", format, "TestInputs"])
            let two = try sandbox.run(["--jobs", "2", "--format", format, "TestInputs"])
            let twoAgain = try sandbox.run(["--jobs", "2", "--format", format, "TestInputs"])
            #expect(one.status == 1, "\(format): \(one.stderr)")
            #expect(one.stdout.count > 1000, "\(format): the fixtures produce findings")
            #expect(one.stdoutData == two.stdoutData, "\(format): --jobs 1 and --jobs 2 differ")
            #expect(two.stdoutData == twoAgain.stdoutData, "\(format): two runs differ")
            #expect(one.stderr == two.stderr)
        }
    }

    @Test func statsGoToStandardErrorAndLeaveTheReportAlone() throws {
        let sandbox = try showcase()
        try sandbox.write("Other.swift", "struct Plain { var x = 1 }\n")
        // (Without the analysis cache: a second run would take the first one's findings and parse nothing.)
        let plain = try sandbox.run(["--format", "xcode", "--quiet", "--no-cache"])
        let stats = try sandbox.run(["--format", "xcode", "--quiet", "--stats", "--no-cache"])
        #expect(stats.status == plain.status, "\(stats)")
        #expect(stats.stdoutData == plain.stdoutData, "--stats must not change the report")
        let text = stats.stderr
        #expect(text.hasPrefix("statelint stats: 2 files, "), "\(stats)")
        // The plain struct file has nothing any rule could report: pass 2 skips it.
        #expect(text.contains("1 skipped by pass 2"), "\(stats)")
        for phase in ["wall time", "finding files", "pass 1", "reading", "lexing", "parsing", "summaries", "index",
                      "merge", "late pass", "compact", "pass 2", "rules", "reporting", "peak memory"] {
            #expect(text.contains(phase), "--stats names '\(phase)'\n\(text)")
        }
        // Every timing is a number of milliseconds.
        let timings = text.split(separator: "\n").filter { $0.contains(" ms") }
        #expect(timings.count >= 15, "\(text)")
        for line in timings {
            let number = line.split(separator: " ").reversed().drop { !$0.hasPrefix("ms") }.dropFirst().first
            #expect(number.flatMap { Double($0) } != nil, "no number in '\(line)'")
        }
    }

    // MARK: Several reports in one run

    @Test func severalReportsComeFromTheSameFindings() throws {
        let sandbox = try showcase()
        let alone = try sandbox.run(["--format", "github"])
        let json = try sandbox.run(["--format", "json"])
        let sarif = try sandbox.run(["--format", "sarif"])
        try FileManager.default.createDirectory(at: sandbox.url("out"), withIntermediateDirectories: true)
        let result = try sandbox.run(["--report", "github", "--report", "sarif:out/s.sarif", "--report", "json:r.json"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == alone.stdout, "the report without a file goes to standard output")
        try #expect(sandbox.read("out/s.sarif") == sarif.stdout)
        try #expect(sandbox.read("r.json") == json.stdout)
        #expect(!result.stderr.contains("warnings,"), "a machine-readable report on standard output: no summary line")
    }

    @Test func formatAndOutputStillWorkBesideReports() throws {
        let sandbox = try showcase()
        let xcode = try sandbox.run(["--format", "xcode"])
        let json = try sandbox.run(["--format", "json"])
        let result = try sandbox.run(["--format", "xcode", "--report", "json:r.json"])
        #expect(result.stdout == xcode.stdout)
        try #expect(sandbox.read("r.json") == json.stdout)
        #expect(result.stderr.contains("warnings,"), "text on standard output keeps its summary: \(result)")
        let files = try sandbox.run(["--output", "x.txt", "--format", "xcode", "--report", "json:r2.json"])
        #expect(files.stdout == "")
        try #expect(sandbox.read("x.txt") == xcode.stdout)
        try #expect(sandbox.read("r2.json") == json.stdout)
    }

    @Test func htmlIsAPageOnStandardOutputOrInAFile() throws {
        let sandbox = try showcase()
        let page = try sandbox.run(["--format", "html"])
        #expect(page.status == 1, "\(page)")
        #expect(page.stdout.hasPrefix("<!DOCTYPE html>\n") && page.stdout.hasSuffix("</html>\n"))
        #expect(page.stderr == "", "a page on standard output: no summary line beside it")
        let json = try sandbox.run(["--format", "json"])
        let findings = json.stdout.components(separatedBy: "\"rule\":").count - 1
        #expect(findings > 0 && page.stdout.components(separatedBy: "<article class=\"finding\"").count - 1 == findings)
        #expect(page.stdout.contains("<title>statelint: \(findings) findings</title>"))
        let both = try sandbox.run(["--format", "xcode", "--report", "html:out.html"])
        #expect(both.status == 1, "\(both)")
        try #expect(sandbox.read("out.html") == page.stdout, "the same page through --report")
    }

    @Test func reportsAreCheckedBeforeAnythingIsWritten() throws {
        let sandbox = try showcase()
        let twoOnStdout = try sandbox.run(["--report", "github", "--report", "json"])
        #expect(twoOnStdout.status == 2 && twoOnStdout.stderr.contains("only one report can go to standard output"), "\(twoOnStdout)")
        let sameFile = try sandbox.run(["--report", "json:r.json", "--report", "sarif:r.json"])
        #expect(sameFile.status == 2 && sameFile.stderr.contains("two reports would be written to 'r.json'"), "\(sameFile)")
        let unknown = try sandbox.run(["--report", "sarfi:r.sarif"])
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown format 'sarfi'") && unknown.stderr.contains("sarif"), "\(unknown)")
        let empty = try sandbox.run(["--report", "json:"])
        #expect(empty.status == 2, "\(empty)")
        // A report over a Swift file is refused, and the other report is not written either.
        let source = try sandbox.read("CounterScreen.swift")
        let refused = try sandbox.run(["--report", "json:first.json", "--report", "sarif:CounterScreen.swift"])
        #expect(refused.status == 2, "\(refused)")
        #expect(try sandbox.read("CounterScreen.swift") == source)
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("first.json")))
    }
}
