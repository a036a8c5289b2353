# Homebrew formula for statelint (a tap: statelint/homebrew-tap, Formula/statelint.rb).
# Tools/release/formula.sh writes the url and sha256 of each release's source archive into it;
# Tools/test-homebrew.sh installs and tests it here with a stand-in for Homebrew's formula API.
class Statelint < Formula
  desc "Static analyzer for state and lifetime hazards in SwiftUI and Observation code"
  homepage "https://github.com/statelint/statelint"
  url "https://github.com/statelint/statelint/releases/download/0.2.0/statelint-0.2.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  license "Apache-2.0"
  head "https://github.com/statelint/statelint.git", branch: "main"

  depends_on xcode: ["16.0", :build]
  uses_from_macos "swift" => :build

  def install
    system "swift", "build", "-c", "release", "--disable-sandbox", "--product", "statelint"
    bin.install ".build/release/statelint"
  end

  test do
    (testpath/"Counter.swift").write <<~SWIFT
      import Observation

      @MainActor @Observable
      final class Counter {
          var count = 0
          var label = ""

          init(count: Int) {
              self.count = count
              label = "\\(self.count) items"
              print("counter ready")
              Task { self.count += 1 }
          }
      }
    SWIFT
    # A finding exits 1; the message names the rule and the property read in init.
    output = shell_output("#{bin}/statelint --format xcode #{testpath}/Counter.swift", 1)
    assert_match(/Counter\.swift:10:\d+: warning: .*'count'.*\[observable_init_access\]/, output)
    assert_equal version.to_s, shell_output("#{bin}/statelint --version").strip
  end
end
