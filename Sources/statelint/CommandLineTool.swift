import Foundation
import StatelintCore
import StatelintDiagnostics
import StatelintReporters
import StatelintRules
import StatelintServer
import StatelintSyntax

/// Argument parsing and wiring; exit codes 0 (clean), 1 (findings), 2 (usage or configuration), 3 (internal failure).
enum CommandLineTool {
    static let version = "0.2.0"
    static let formats = ReportFormat.allCases.map(\.rawValue)
    static let options = [
        "--format", "--output", "--report", "--config", "--enable", "--disable", "--only", "--severity-threshold", "--baseline",
        "--write-baseline", "--strict-baseline", "--stdin-path", "--changed-since", "--jobs", "--fix", "--color", "--quiet", "--stats", "--force-exclude", "--no-ignore", "--no-cache", "--cache-dir", "--help", "--version",
        "--show-info", "--unsafe-fixes", "--no-swiftlint-paths",
    ]

    static let usage = """
        OVERVIEW: statelint finds state and lifetime hazards in SwiftUI and Observation code.

        USAGE: statelint [lint] [PATH ...] [options]
               statelint init [FOLDER]           write a commented .lintrc for the project (never replaces one)
               statelint rules
               statelint explain RULE
               statelint tokens FILE [--trivia]
               statelint server [--jobs N]        a language server on standard input/output (docs/editors.md)
               statelint --version

        OPTIONS:
          --format FORMAT                  output format: text (default), xcode, sarif, github, json, checkstyle,
                                           gitlab, junit, sonarqube, html
          --output FILE                    write the report to FILE instead of standard output
          --report FORMAT[:FILE]           one more report from the same findings (repeatable; no FILE: standard output)
          --config FILE                    configuration (default: the nearest .lintrc upward)
          --enable RULE[,RULE]             turn rules on (repeatable)
          --disable RULE[,RULE]            turn rules off (repeatable)
          --only RULE[,RULE]               run only these rules (repeatable; SwiftLint's --only-rule, ruff's --select)
          --severity-threshold info|warning|error
                                           exit 1 when a finding is at or above it (default: warning)
          --baseline FILE                  hide the findings recorded in FILE; report only new ones
          --write-baseline FILE            record the current findings in FILE and exit 0
          --strict-baseline                exit 1 when baselined findings no longer occur (the baseline must shrink)
          --stdin-path PATH                lint standard input as if it were the file PATH
          --changed-since REV              lint only the Swift files changed since git revision REV (and untracked ones)
          --jobs N                         worker threads, 1 to 1024 (default: all cores)
          --show-info                      show advisories (info findings) too; by default they are only counted
                                           (also show_info: true in .lintrc)
          --fix                            apply the fixes marked safe, then report what is left
          --unsafe-fixes                   --fix, and apply the fixes marked unsafe too (review the diff: an unsafe
                                           fix may change behaviour, e.g. skip a didSet)
          --force-exclude                  apply exclude patterns to files named on the command line too
          --no-ignore                      also lint files that .gitignore or .ignore files exclude
          --no-swiftlint-paths             without a .lintrc, do not skip what .swiftlint.yml's excluded: lists
                                           (nor restrict the run to its included:)
          --no-cache                       neither read nor write the analysis cache (also STATELINT_NO_CACHE=1)
          --cache-dir DIR                  keep the analysis cache in DIR (default: the project's folder in the user's
                                           cache folder, ~/.cache/statelint; also STATELINT_CACHE_DIR)
          --color auto|always|never        colour text output (default: auto; NO_COLOR is honoured)
          --quiet                          do not print the summary line
          --stats                          print where the time went (phases, lines/s, peak memory) to standard error
          -h, --help                       show this help
          --version                        show the version
          --                               the arguments after it are paths, even when they start with '-'

        Files named on the command line are linted with the whole project's index (the project is the
        folder of the .lintrc, else the git work tree, else the current folder), so a pre-commit hook
        that passes only staged files still sees types declared elsewhere.

        EXIT STATUS: 0 no finding at or above the threshold, 1 findings, 2 bad usage or configuration, or a
        file that could not be linted, 3 statelint failed on a file (it is named; the rest is reported).
        """

    static func run(_ args: [String]) -> Int32 {
        do {
            return try dispatch(args)
        } catch let error as StatelintError {
            printError("statelint: error: \(PlainText.neutralized("\(error)"))")
            if case .usage = error { printError("Run 'statelint --help' for usage.") }
            return 2
        } catch let error as ConfigError {
            // One line per problem (every SwiftLint key of a .lintrc is named at once).
            for problem in [error] + error.more {
                var single = problem
                single.more = []
                printError(PlainText.neutralized("\(single)"))
            }
            return 2
        } catch {
            printError("statelint: internal error: \(PlainText.neutralized("\(error)"))")
            return 3
        }
    }

    /// `statelint rules [--format text|json] [--config FILE]`: every rule, its severity in the current
    /// configuration (off when disabled), whether it has an automatic fix, and its summary.
    static func rules(_ args: [String]) throws -> Int32 {
        var format = "text"
        var configPath: String?
        var i = 0
        while i < args.count {
            switch args[i] {
            case "--format", "--config":
                guard i + 1 < args.count else { throw StatelintError.usage("\(args[i]) needs a value") }
                if args[i] == "--format" {
                    guard ["text", "json"].contains(args[i + 1]) else {
                        throw StatelintError.usage("'rules' prints text or json, not '\(args[i + 1])'")
                    }
                    format = args[i + 1]
                } else {
                    configPath = args[i + 1]
                }
                i += 2
            default:
                throw StatelintError.usage("'rules' takes --format text|json and --config FILE, not '\(args[i])'")
            }
        }
        if let configPath, !FileManager.default.fileExists(atPath: configPath) {
            throw StatelintError.usage("no such configuration file: '\(configPath)'")
        }
        let configFile = configPath ?? Configuration.locate(from: FileManager.default.currentDirectoryPath)
        let settings = LintSettings(configuration: try configFile.map { try Configuration.load(path: $0) } ?? Configuration())
        let severities = Dictionary(settings.runs.map { ($0.id, $0.severity) }, uniquingKeysWith: { a, _ in a })
        if format == "json" {
            let list = JSONValue.array(RuleRegistry.descriptors.map { d in
                .object([
                    ("id", .string(d.id)), ("name", .string(d.name)), ("enabled", .bool(severities[d.id] != nil)),
                    ("severity", .string(severities[d.id]?.rawValue ?? "off")), ("defaultSeverity", .string(d.defaultSeverity.rawValue)),
                    ("fixable", .bool(d.hasFix)), ("summary", .string(d.summary)),
                ])
            })
            print(list.serialized())
            return 0
        }
        for d in RuleRegistry.descriptors {
            let id = d.id.padding(toLength: 36, withPad: " ", startingAt: 0)
            let severity = (severities[d.id]?.rawValue ?? "off").padding(toLength: 8, withPad: " ", startingAt: 0)
            let fix = (d.hasFix ? "fix" : "").padding(toLength: 4, withPad: " ", startingAt: 0)
            print("\(id) \(severity) \(fix) \(d.summary)")
        }
        return 0
    }

    static func dispatch(_ args: [String]) throws -> Int32 {
        guard let first = args.first else { return try Lint(arguments: []).run() }
        switch first {
        case "--version":
            print(version)
            return 0
        case "-h", "--help", "help":
            guard args.count == 1 else {
                throw StatelintError.usage("'\(first)' takes no arguments; for a rule, run 'statelint explain RULE'")
            }
            print(usage)
            return 0
        case "rules":
            return try rules(Array(args.dropFirst()))
        case "init":
            return try initialize(Array(args.dropFirst()))
        case "explain":
            guard args.count == 2 else { throw StatelintError.usage("'explain' takes one rule id") }
            guard let rule = RuleRegistry.rule(id: args[1]) else {
                throw StatelintError.usage("unknown rule '\(args[1])'\(suggestion(args[1], RuleRegistry.descriptors.map(\.id))) ('statelint rules' lists every rule)")
            }
            print(Explain.render(rule.descriptor))
            return 0
        case "tokens":
            let rest = args.dropFirst().filter { $0 != "--trivia" }
            guard rest.count == 1, let path = rest.first else { throw StatelintError.usage("'tokens' takes one file") }
            guard case .success(let bytes) = FileReading.bytes(of: path) else {
                throw StatelintError.usage("cannot read '\(path)' (not a readable regular file)")
            }
            let dump = TokenDump.render(SourceFile(path: path, bytes: bytes), includeTrivia: args.contains("--trivia"))
            FileHandle.standardOutput.write(Data(dump.utf8))
            return 0
        case "syntax":
            // Developer aid: the parsed tree of one file.
            guard args.count == 2, case .success(let bytes) = FileReading.bytes(of: args[1]) else {
                throw StatelintError.usage("'syntax' takes one readable file")
            }
            let tree = Parallel.onLargeStack { SyntaxTree(file: SourceFile(path: args[1], bytes: bytes)) }
            print(TreeDump.render(tree), terminator: "")
            return 0
        case "server":
            return try server(Array(args.dropFirst()))
        case "lint":
            return try Lint(arguments: Array(args.dropFirst())).run()
        default:
            return try Lint(arguments: args).run()
        }
    }

    /// `statelint server [--stdio] [--jobs N]`: a language server on standard input and output (docs/editors.md).
    static func server(_ args: [String]) throws -> Int32 {
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        var rest = args[...]
        while let option = rest.first {
            rest = rest.dropFirst()
            switch option {
            case "--stdio": continue  // what editors pass by habit; standard input and output are the only transport
            case "--jobs":
                guard let value = rest.first, let n = Int(value), n >= 1 else { throw StatelintError.usage("--jobs needs a positive number") }
                jobs = n
                rest = rest.dropFirst()
            default: throw StatelintError.usage("'server' takes only --stdio and --jobs N; unknown '\(option)'")
            }
        }
        signal(SIGPIPE, SIG_IGN)  // a client that goes away ends the input; writes must not kill the server
        return LanguageServer(version: version, jobs: jobs).run()
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// `; did you mean 'x'?` for the closest candidate, or an empty string.
    static func suggestion(_ word: String, _ candidates: [String]) -> String {
        Spelling.didYouMean(word, candidates)
    }
}

/// `statelint explain RULE`.
enum Explain {
    static func render(_ d: RuleDescriptor) -> String {
        var out = "\(d.id) (\(d.defaultSeverity.rawValue))\n\n\(d.summary)\n\n\(d.rationale)\n"
        if let options = d.optionsText { out += "\n" + options }
        for example in d.badExamples { out += "\nExample:\n\n" + indent(RuleDescriptor.displayText(of: example)) + "\n" }
        for example in d.goodExamples { out += "\nUse instead:\n\n" + indent(RuleDescriptor.displayText(of: example)) + "\n" }
        return out
    }

    static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}
