# A stand-in for the part of Homebrew's formula API that docs/homebrew/statelint.rb uses, so that the
# formula's own `install` and `test do` blocks run here as `brew install` and `brew test` would run them:
# fetch the url (file:// or a path), check the sha256, unpack, run `install` in the unpacked folder with
# a fresh prefix, then run `test do` in an empty test folder. Not Homebrew: its sandbox, audit and
# bottles are not imitated (`brew audit` and `brew style` need Homebrew itself).
#
#   ruby Tools/homebrew-standin.rb FORMULA WORKDIR
# Prints what it does; exits non-zero (with the reason) when any step fails.
require "digest"
require "fileutils"
require "open3"
require "pathname"

class Pathname
  # `bin.install "path"`: copies files (keeping their mode) into this folder.
  def install(*sources)
    mkpath
    sources.flatten.each { |source| FileUtils.cp(source, self / File.basename(source), preserve: true) }
  end

  def write(content)
    dirname.mkpath
    File.write(self, content)
  end
end

class Formula
  class << self
    attr_reader :spec, :test_block

    def spec_value(name, value)
      (@spec ||= {})[name] = value
    end

    %i[desc homepage license].each { |name| define_method(name) { |value| spec_value(name, value) } }
    def url(value, **_options) = spec_value(:url, value)
    def sha256(value) = spec_value(:sha256, value)
    def head(value, **_options) = spec_value(:head, value)
    def depends_on(*requirements) = ((@spec ||= {})[:depends_on] ||= []) << requirements
    def uses_from_macos(*requirements) = ((@spec ||= {})[:uses_from_macos] ||= []) << requirements
    def test(&block) = @test_block = block
  end

  attr_reader :prefix, :testpath

  def initialize(prefix, testpath)
    @prefix = Pathname(prefix)
    @testpath = Pathname(testpath)
  end

  def bin = prefix / "bin"

  # Homebrew takes the version from the url when the formula gives none.
  def version
    self.class.spec[:url][/-(\d+(?:\.\d+)+)\.tar/, 1] or raise "no version in the url #{self.class.spec[:url]}"
  end

  def system(*args)
    puts "==> #{args.join(' ')}"
    Kernel.system(*args) or raise "failed (#{$?.exitstatus}): #{args.join(' ')}"
  end

  def shell_output(command, expected_status = 0)
    output, status = Open3.capture2(command)
    raise "#{command} exited #{status.exitstatus}, expected #{expected_status}:\n#{output}" unless status.exitstatus == expected_status
    output
  end

  def assert_match(pattern, text)
    matched = pattern.is_a?(Regexp) ? pattern.match?(text) : text.include?(pattern)
    raise "assert_match: #{pattern.inspect} not in:\n#{text}" unless matched
  end

  def assert_equal(expected, actual)
    raise "assert_equal: expected #{expected.inspect}, got #{actual.inspect}" unless expected == actual
  end
end

formula_path, workdir = ARGV
abort "usage: ruby homebrew-standin.rb FORMULA WORKDIR" unless formula_path && workdir
workdir = Pathname(workdir).expand_path
load File.expand_path(formula_path)
klass = Formula.subclasses.first or abort "#{formula_path} defines no Formula subclass"
spec = klass.spec
%i[desc homepage url sha256 license].each { |key| abort "the formula has no #{key}" unless spec[key] }
abort "the formula has no `test do` block" unless klass.test_block

source = spec[:url].sub(%r{\Afile://}, "")
abort "only file:// urls can be fetched here: #{spec[:url]}" if source.include?("://")
actual = Digest::SHA256.file(source).hexdigest
abort "SHA256 mismatch for #{source}: the formula says #{spec[:sha256]}, the file is #{actual}" unless actual == spec[:sha256]
puts "==> #{File.basename(source)}: sha256 matches"

unpacked = workdir / "src"
FileUtils.rm_rf([unpacked, workdir / "prefix", workdir / "test"])
unpacked.mkpath
Kernel.system("tar", "-xzf", source, "-C", unpacked.to_s) or abort "cannot unpack #{source}"
top = unpacked.children.select(&:directory?)
abort "the archive should hold one folder, it holds #{top.map(&:basename).join(', ')}" unless top.size == 1

formula = klass.new(workdir / "prefix", workdir / "test")
begin
  Dir.chdir(top.first) { formula.install }
  puts "==> installed: #{formula.bin.children.map(&:to_s).join(', ')}"
  formula.testpath.mkpath
  Dir.chdir(formula.testpath) { formula.instance_eval(&klass.test_block) }
rescue StandardError => e
  abort "#{e.message}"
end
puts "==> test do: passed"
