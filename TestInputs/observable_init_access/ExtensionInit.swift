import Observation

// The class's only init is in an extension in another file (ExtensionInit+Init.swift): still checked.
@Observable
final class Tally {
    var count = 0
}
