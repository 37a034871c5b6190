import Players
import ProfileKit
import Screens
import Sitting
import TableKit
import TextSupport

/// The session's pickers: which one the editor asked for opens over the profile, and what it chose is
/// made the profile's.
extension Session {
    /// Opens the picker the editor asked for: a bell's, or the ambience's sound's.
    func openPicker() {
        let model: SoundPickerModel
        switch editor.pickerSetting {
        case let .bell(slot):
            let picker = BellPickerViewModel(slot: slot, catalog: sounds(), current: { [unowned self] in editor.viewModel.bell(slot) },
                                             player: player, playsOnTap: mode == .interactive)
            picker.didPick = { [unowned self] choice in didPick { () throws(ScreenError) in try editor.setBell(choice) } }
            model = picker
        case .ambience(.sound):
            let picker = AmbiencePickerViewModel(catalog: sounds(), current: { [unowned self] in editor.profile.ambience.sound },
                                                 player: player, playsOnTap: mode == .interactive)
            picker.didPick = { [unowned self] sound in didPick { () throws(ScreenError) in try editor.setAmbienceSound(sound) } }
            model = picker
        case let setting:
            preconditionFailure("no picker chooses \(setting)")
        }
        let screen = SoundPickerScreen(model: model)
        stack.append(screen)
        pendingOutput += screen.render(options: options)
        if mode == .interactive { pendingOutput += screen.wayOut + "\n" }
    }

    /// Closes the picker and makes the change its choice asked for.
    func didPick(_ change: () throws(ScreenError) -> ScreenChange) {
        if top is SoundPickerScreen { stack.removeLast().close() }
        do throws(ScreenError) {
            pendingOutput += profileScreen.describe(try change(), options: options)
        } catch {
            pendingError = EditorError(error)
        }
    }
}
