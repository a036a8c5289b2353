import Combine

// The class and its `cancellables` are declared in another file.
extension ProfileModel {
    func bind() {
        $name
            .map { String($0.prefix(1)) }
            .sink { self.initials = $0 }
            .store(in: &cancellables) // expect: subscription_retains_self
    }

    func bindWeakly() {
        settings.$theme
            .sink { [weak self] _ in self?.objectWillChange.send() }
            .store(in: &cancellables)
    }

    #if DEBUG
    func bindDebug() {
        settings.$theme.sink { _ in print(self.name) }.store(in: &cancellables) // expect: subscription_retains_self
    }
    #endif
}
