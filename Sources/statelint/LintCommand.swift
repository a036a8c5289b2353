import Foundation
import StatelintCore
import StatelintDiagnostics
import StatelintReporters
import StatelintRules

/// `statelint [lint] [PATH ...] [options]`: the arguments parsed into `LintOptions`; the run is Core's
/// `LintSession`, and `OutputWriter` writes what it produced.
struct Lint {
    var options = LintOptions()
    /// `--color auto|always|never`: resolved against the terminal by `OutputWriter`.
    var colorMode = "auto"
    var showHelp = false
    var showVersion = false

    init(arguments args: [String]) throws {
        var rest = args[...]
        func value(_ option: String) throws -> String {
            guard let next = rest.first, !next.hasPrefix("--") else { throw StatelintError.usage("\(option) needs a value") }
            rest.removeFirst()
            return next
        }
        var onlyPaths = false
        while let arg = rest.popFirst() {
            if onlyPaths {
                // After `--`, everything is a path (a file named `-rf.swift`).
                options.paths.append(arg)
            } else if arg == "--" {
                onlyPaths = true
            } else if !setFlag(arg), try !setOption(arg, value: { try value(arg) }) {
                if arg.hasPrefix("-") && arg != "-" {
                    throw StatelintError.usage("unknown option '\(arg)'\(CommandLineTool.suggestion(arg, CommandLineTool.options))")
                }
                options.paths.append(arg)
            }
        }
        try options.validate()
    }

    /// Sets an option that takes no value; false when `arg` is not one.
    mutating func setFlag(_ arg: String) -> Bool {
        switch arg {
        case "--version": showVersion = true
        case "--strict-baseline": options.strictBaseline = true
        case "--fix": options.fix = true
        case "--unsafe-fixes": (options.fix, options.unsafeFixes) = (true, true)
        case "--show-info": options.showInfo = true
        case "--force-exclude": options.forceExclude = true
        case "--no-ignore": options.noIgnore = true
        case "--no-cache": options.noCache = true
        case "--no-swiftlint-paths": options.noSwiftLintPaths = true
        case "--quiet", "-q": options.quiet = true
        case "--stats": options.stats = true
        case "-h", "--help": showHelp = true
        default: return false
        }
        return true
    }

    /// Sets an option that takes a value (`value` reads it); false when `arg` is not one.
    mutating func setOption(_ arg: String, value: () throws -> String) throws -> Bool {
        switch arg {
        case "--format": options.format = try Lint.format(value())
        case "--output": options.output = try value()
        case "--report": options.reports.append(try Lint.report(value()))
        case "--config": options.configPath = try value()
        case "--enable": options.enable += try Lint.ruleList(value(), option: arg)
        case "--disable": options.disable += try Lint.ruleList(value(), option: arg)
        case "--only": options.only += try Lint.ruleList(value(), option: arg)
        case "--severity-threshold":
            let v = try value()
            guard let s = Severity(rawValue: v) else {
                throw StatelintError.usage("--severity-threshold takes info, warning or error, not '\(v)'")
            }
            options.threshold = s
        case "--baseline": options.baselinePath = try value()
        case "--write-baseline": options.writeBaselinePath = try value()
        case "--stdin-path": options.stdinPath = try value()
        case "--jobs":
            let v = try value()
            guard let n = Int(v), n > 0, n <= LintOptions.maximumJobs else {
                throw StatelintError.usage("--jobs takes a number from 1 to \(LintOptions.maximumJobs), not '\(v)'")
            }
            options.jobs = n
        case "--cache-dir": options.cacheDir = try value()
        case "--color":
            colorMode = try value()
            guard ["auto", "always", "never"].contains(colorMode) else {
                throw StatelintError.usage("--color takes auto, always or never, not '\(colorMode)'")
            }
        case "--changed-since": options.changedSince = try value()
        default: return false
        }
        return true
    }

    /// A `--format` value, checked.
    static func format(_ v: String) throws -> String {
        guard CommandLineTool.formats.contains(v) else {
            throw StatelintError.usage("unknown format '\(v)' (expected \(CommandLineTool.formats.joined(separator: ", ")))\(CommandLineTool.suggestion(v, CommandLineTool.formats))")
        }
        return v
    }

    /// A `--report FORMAT[:FILE]` value, checked.
    static func report(_ v: String) throws -> LintOptions.ReportRequest {
        let name = String(v.prefix { $0 != ":" })
        let file = name.count < v.count ? String(v.dropFirst(name.count + 1)) : nil
        guard CommandLineTool.formats.contains(name) else {
            throw StatelintError.usage("unknown format '\(name)' in --report \(v) (expected FORMAT[:FILE], FORMAT one of \(CommandLineTool.formats.joined(separator: ", ")))\(CommandLineTool.suggestion(name, CommandLineTool.formats))")
        }
        if file == "" { throw StatelintError.usage("--report \(v): the file name after ':' is empty") }
        return LintOptions.ReportRequest(format: name, file: file)
    }

    /// A comma-separated list of rule ids, each known.
    static func ruleList(_ v: String, option: String) throws -> [String] {
        let ids = v.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for id in ids where !RuleRegistry.isKnown(id) {
            throw StatelintError.usage("unknown rule '\(id)' in \(option)\(CommandLineTool.suggestion(id, RuleRegistry.descriptors.map(\.id)))")
        }
        return ids
    }

    func run() throws -> Int32 {
        if showHelp {
            print(CommandLineTool.usage)
            return 0
        }
        if showVersion {
            print(CommandLineTool.version)
            return 0
        }
        var options = self.options
        options.color = OutputWriter.colorsStandardOutput(colorMode)
        var session = LintSession(
            options: options, presentation: .reporters(version: CommandLineTool.version, rules: RuleRegistry.descriptors),
            version: CommandLineTool.version)
        session.crashed = Supervisor.crashed
        session.standardInput = Supervisor.standardInput
        session.leavesMemoryToExit = true
        return try OutputWriter.write(session.run())
    }
}
