import Foundation
import StatelintDiagnostics
import StatelintRules
import Testing
@testable import StatelintCore

/// The package root, found from this file's path.
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
private let examplePath = packageRoot.appendingPathComponent(".lintrc.example").path

/// `severityThreshold` → `severity_threshold`.
private func snakeCase(_ name: String) -> String {
    var result = ""
    for character in name {
        if character.isUppercase {
            result += "_" + character.lowercased()
        } else {
            result.append(character)
        }
    }
    return result
}

@Suite struct LintrcExampleTests {
    @Test func parsesToTheDefaults() throws {
        let config = try Configuration.load(path: examplePath)
        #expect(config.include.isEmpty)
        #expect(config.exclude.isEmpty)
        #expect(config.severityThreshold == .warning)  // the command line's default
        #expect(config.showInfo == false)
        #expect(config.deploymentTarget.isEmpty)
        #expect(config.baseline == nil)
        #expect(config.format == "text")
        for descriptor in RuleRegistry.descriptors {
            #expect(config.rules[descriptor.id] == .enabled(descriptor.defaultSeverity, options: [:]),
                    "\(descriptor.id) should be listed at its default severity")
        }
        #expect(Set(config.rules.keys) == Set(RuleRegistry.descriptors.map(\.id)))
    }

    @Test func documentsEveryKeyAndRule() throws {
        let text = try String(contentsOfFile: examplePath, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // Every stored property of Configuration is a documented key, set at the start of a line.
        let properties = Mirror(reflecting: Configuration()).children.compactMap(\.label).map(snakeCase)
        #expect(Set(properties) == Set(Configuration.keys), "Configuration.keys must list every property")
        for key in Configuration.keys {
            #expect(lines.contains { $0.hasPrefix(key + ":") }, "\(key) is not set in .lintrc.example")
        }
        for id in RuleRegistry.descriptors.map(\.id) {
            #expect(lines.contains { $0.hasPrefix("  " + id + ":") }, "\(id) is not listed in .lintrc.example")
        }
        for descriptor in RuleRegistry.descriptors {
            for option in descriptor.options {
                #expect(lines.contains { $0.contains(" " + option.key + ": " + option.defaultValue.configText) },
                        "option \(option.key) of \(descriptor.id) is not shown with its default in .lintrc.example")
            }
        }
        for value in Configuration.formats + Configuration.platforms {
            #expect(text.contains(value), "\(value) is not mentioned in .lintrc.example")
        }
    }
}
