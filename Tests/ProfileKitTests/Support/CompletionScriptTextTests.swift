import Testing
import ShellCompletion

/// The completion scripts' rewrite, in process: where the safe candidate handling goes in each shell's
/// script (the shells themselves complete hostile names in CompletionQuotingTests).
@Suite("Completion scripts made safe")
struct CompletionScriptTextTests {
    @Test func bashCallsItsOwnEntryThatReadsTheLineFirst() {
        let generated = "#!/bin/bash\n_profile() {\n    COMPREPLY=($(compgen -W \"$words\"))\n}\ncomplete -F _profile profile"
        let script = CompletionScriptText.rewrite(generated, shell: "bash")
        #expect(script.contains("\n__profile_generated() {\n    COMPREPLY"))
        #expect(!script.contains("\n_profile() {\n    COMPREPLY"), "the generated entry is renamed")
        #expect(script.hasSuffix(CompletionScriptText.bashCandidates + "\n"))
        #expect(script.contains("complete -F _profile profile\n"))
    }

    @Test func zshDefinesItsHelperBeforeTheCallThatRunsIt() throws {
        let generated = "#compdef profile\n_profile() { _describe '' words }\n" + CompletionScriptText.zshCall + "\n  _profile \"$@\"\nfi"
        let script = CompletionScriptText.rewrite(generated, shell: "zsh")
        let helper = try #require(script.range(of: "__profile_complete() {"))
        let call = try #require(script.range(of: CompletionScriptText.zshCall))
        #expect(helper.lowerBound < call.lowerBound)
    }

    @Test func fishAndScriptsWithoutTheExpectedPartsAreHandledWhole() {
        #expect(CompletionScriptText.rewrite("complete -c profile", shell: "fish") == "complete -c profile\n")
        #expect(CompletionScriptText.rewrite("odd", shell: "bash") == "odd\n\n" + CompletionScriptText.bashCandidates + "\n")
    }
}
