import Observation
import SwiftUI

// A coordinator view passes its own model (never replaced: only its properties change, some through
// `$model.flag` bindings) and `let`s of it: the same values for the coordinator's identity. No finding.

protocol RegistrationOutput: AnyObject {
    func registrationFinished()
}

struct RegistrationStart: Sendable {
    let email: String
    let referral: String
}

@Observable final class RegistrationCoordinatorModel: RegistrationOutput {
    let start: RegistrationStart
    let details = RegistrationDetails()
    var showsHelp = false
    var step = 0
    init(start: RegistrationStart) { self.start = start }
    func registrationFinished() { step += 1 }
}

final class RegistrationDetails {
    let createdAt = 0
}

@Observable final class RegistrationFormModel {
    weak var output: (any RegistrationOutput)?
    var email: String
    var createdAt: Int
    init(output: (any RegistrationOutput)?, email: String, createdAt: Int) {
        self.output = output
        self.email = email
        self.createdAt = createdAt
    }
}

struct RegistrationForm: View {
    @State private var model: RegistrationFormModel

    init(output: (any RegistrationOutput)?, email: String, createdAt: Int) {
        _model = State(initialValue: RegistrationFormModel(output: output, email: email, createdAt: createdAt))
    }

    var body: some View { TextField("Email", text: $model.email) }
}

struct RegistrationCoordinator: View {
    @State private var model = RegistrationCoordinatorModel(start: RegistrationStart(email: "", referral: ""))

    var body: some View {
        RegistrationForm(output: model, email: model.start.email, createdAt: model.details.createdAt)
            .sheet(isPresented: $model.showsHelp) { Text("Help") }
            .onAppear { model.step += 1 }
    }
}

// The contrast: a `var` of the same model that its code changes is a witness.
@Observable final class RegistrationStepModel {
    var step = 0
}

struct StepBadge: View {
    @State private var shown: Int

    init(step: Int) {
        _shown = State(initialValue: step) // expect: state_injected_value "read-only copy of the init parameter 'step'"
    }

    var body: some View { Text("\(shown)") }
}

struct StepCoordinator: View {
    @State private var model = RegistrationStepModel()

    var body: some View {
        VStack {
            StepBadge(step: model.step)
            Button("Next") { model.step += 1 }
        }
    }
}

// A computed property over `let`s of the model is one value too.
@Observable final class WorkspaceModel {
    let info: WorkspaceInfo
    var spaceId: String { info.accountSpaceId }
    var banner = ""
    init(info: WorkspaceInfo) { self.info = info }
}

struct WorkspaceInfo: Sendable {
    let accountSpaceId: String
}

@Observable final class WallpaperModel {
    var spaceId: String
    init(spaceId: String) { self.spaceId = spaceId }
}

struct WorkspaceWallpaper: View {
    @State private var model: WallpaperModel
    init(spaceId: String) {
        _model = State(initialValue: WallpaperModel(spaceId: spaceId))
    }
    var body: some View { Text(model.spaceId) }
}

struct WorkspaceHome: View {
    @State private var model = WorkspaceModel(info: WorkspaceInfo(accountSpaceId: "a"))
    var body: some View {
        VStack {
            WorkspaceWallpaper(spaceId: model.spaceId)
            TextField("Banner", text: $model.banner)
        }
    }
}
