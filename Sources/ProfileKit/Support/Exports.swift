// The table vocabulary (index paths, rows, sections, updates, box tables) lives in TableKit, which the
// editor's screens use without seeing the model; ProfileKit's users get it with ProfileKit.
@_exported import TableKit
