import Combine

extension ThemeSettings: ObservableObject {}
