import SwiftUI

// The View conformance is declared in CrossFileConformanceExtension.swift; the index joins them.
struct Split {
    var title: String
}
