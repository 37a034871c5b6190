/// The completion scripts `profile --generate-completion-script` prints, made safe: ArgumentParser's
/// script, with the parts that handle the program's candidates replaced so that a candidate is only ever
/// data. Pure text in, text out (the executable hands in ArgumentParser's script), so it is tested in
/// process.
///
/// The program prints candidates one a line (profile names, sounds, sit ids). ArgumentParser's bash
/// script hands them to `compgen -W`, which runs their expansions: a profile called `x$(cmd)y` runs
/// `cmd` on Tab, and `'` or `"` in a name are lost. Its zsh script hands them to `_describe`, which
/// reads a colon as the start of a description. Fish takes the lines literally and escapes them as it
/// inserts them, so its script is left as it is. The tests complete hostile names in each shell.
package enum CompletionScriptText {
    /// `generated`, ArgumentParser's script for the shell named `shell` (`bash`, `zsh`, `fish`), with
    /// its candidate handling replaced; other shells' scripts as they are.
    package static func rewrite(_ generated: String, shell: String) -> String {
        var generated = generated
        if !generated.hasSuffix("\n") { generated += "\n" }
        switch shell {
        case "bash":
            // ArgumentParser's `_profile` becomes `__profile_generated`, called by the `_profile` below,
            // which reads the line first; its helper defined later replaces the generated one.
            guard let entry = generated.ranges(of: bashEntry).first else {
                return generated + "\n" + bashCandidates + "\n"
            }
            return String(generated[..<entry.lowerBound]) + "\n__profile_generated() {\n" + String(generated[entry.upperBound...])
                + "\n" + bashCandidates + "\n"
        case "zsh":
            // The file is the body of `_profile`, which ends by calling it: the replacement must come first.
            guard let call = generated.ranges(of: zshCall).last else { return generated + "\n" + zshCandidates + "\n" }
            return String(generated[..<call.lowerBound]) + zshCandidates + "\n\n" + String(generated[call.lowerBound...])
        default:
            return generated
        }
    }

    /// Where ArgumentParser's bash script defines the function `complete` names.
    package static let bashEntry = "\n_profile() {\n"

    /// Where ArgumentParser's zsh script calls the function it has just defined.
    package static let zshCall = #"if [[ "${funcstack[1]}" = _profile ]]; then"#

    /// Bash: the line read into words as the shell reads them, word lists matched as plain lines and
    /// quoted for where the cursor is (no quote, in '…' or in "…"), matched as typed and, when nothing
    /// matches so, ignoring case; files through compgen with readline's quoting.
    package static let bashCandidates = #"""
# profile: a candidate is data, never code. ArgumentParser's `compgen -W` runs the expansions of the
# words it is given ($(…), `…`, globs), so a profile called x$(cmd)y would run cmd on Tab; and its
# COMP_WORDS are cut at every `:` and `=`. Here the line is read into words as the shell reads it,
# the word lists are matched as plain lines and quoted as the shell reads them back, and files and
# folders keep compgen, given the word's value, with readline quoting what it inserts.
_profile() {
    # What readline replaces: the word after its last word-break character or open quote.
    __profile_replaced="${2}"
    # COMP_POINT counts characters.
    local line
    line="${COMP_LINE:0:COMP_POINT}"
    __profile_read_word "${line}" split
    local -a COMP_WORDS=("${__profile_words[@]}")
    local -i COMP_CWORD=$((${#__profile_words[@]} - 1))
    __profile_generated "${1}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
}

__profile_add_completions() {
    # The word being completed, up to the cursor; its value so far is __profile_typed.
    local -r raw="${__profile_raw}" typed="${__profile_typed}"
    local -r replaced="${__profile_replaced}"
    if [[ "${1}" == -W ]]; then
        compopt +o filenames 2>/dev/null
        local base="${replaced}" candidate rest
        "${__profile_dangling}" && base="${base%\\}"
        # Text the shell would expand (`$`, a backquote, `!`, a pattern, a leading `~` or `#`) is not kept
        # as typed: the whole word is written anew from the name where readline replaces all of it (the
        # word, or the word after its opening quote); anywhere else nothing is offered.
        if "${__profile_expands}"; then
            [[ "${raw}" == "${__profile_open}${replaced}" ]] || return
            base=''
        fi
        # Names match as typed; when none does, they match ignoring case (`temple` is the Temple Bell),
        # and such a name is written anew whole, as for an expansion: its case is the name's.
        local -a matched=()
        local anew="${__profile_expands}" lowered="${typed,,}"
        while IFS='' read -r candidate; do
            [[ -n "${candidate}" && "${candidate}" == "${typed}"* ]] && matched+=("${candidate}")
        done <<< "${2}"
        if ((${#matched[@]} == 0)) && [[ "${raw}" == "${__profile_open}${replaced}" ]]; then
            while IFS='' read -r candidate; do
                [[ -n "${candidate}" && "${candidate,,}" == "${lowered}"* ]] && matched+=("${candidate}")
            done <<< "${2}"
            anew=true base=''
        fi
        for candidate in "${matched[@]}"; do
            if "${anew}"; then rest="${candidate}"; else rest="${candidate:${#typed}}"; fi
            __profile_quote "${rest}"
            # readline closes an open quote after a unique match unless the line already ends in that
            # character, as `"say \"om\"` does: such a word closes its quote itself.
            if [[ -n "${__profile_open}" && "${__profile_quoted}" == *"${__profile_open}" ]]; then
                __profile_quoted+="${__profile_open}"
            fi
            COMPREPLY+=("${base}${__profile_quoted}")
        done
    else
        compopt -o filenames 2>/dev/null
        # readline quotes and inserts what follows the text it keeps.
        __profile_read_word "${raw:0:${#raw}-${#replaced}}"
        local -r kept="${__profile_typed}"
        local completion
        while IFS='' read -r completion; do
            [[ "${completion}" == "${kept}"* ]] && COMPREPLY+=("${completion:${#kept}}")
        done < <(IFS=$'\n' compgen "${@}" -- "${typed}")
    fi
}

# __profile_read_word TEXT [split]: reads TEXT as the shell reads a word, setting __profile_typed (its
# value so far), __profile_open (the quote still open at its end: ', " or nothing) and
# __profile_dangling (whether it ends in a backslash that escapes nothing yet). With split, TEXT is a
# command line: __profile_words gets its words as typed, and the above are of the last, __profile_raw.
__profile_read_word() {
    local -r text="${1}"
    local character
    local -i index start=0
    __profile_typed='' __profile_open='' __profile_dangling=false __profile_expands=false __profile_words=()
    for ((index = 0; index < ${#text}; index++)); do
        character="${text:index:1}"
        case "${__profile_open}" in
        "'")
            if [[ "${character}" == "'" ]]; then __profile_open=''; else __profile_typed+="${character}"; fi
            ;;
        '"')
            if [[ "${character}" == '"' ]]; then
                __profile_open=''
            elif [[ "${character}" == '\' ]] && ((index + 1 == ${#text})); then
                __profile_dangling=true
            elif [[ "${character}" == '\' && "${text:index+1:1}" == [\$\`\"\\] ]]; then
                ((++index))
                __profile_typed+="${text:index:1}"
            else
                [[ "${character}" == [\$\`!] ]] && __profile_expands=true
                __profile_typed+="${character}"
            fi
            ;;
        *)
            if [[ "${character}" == "'" || "${character}" == '"' ]]; then
                __profile_open="${character}"
            elif [[ "${character}" == '\' ]] && ((index + 1 == ${#text})); then
                __profile_dangling=true
            elif [[ "${character}" == '\' ]]; then
                ((++index))
                __profile_typed+="${text:index:1}"
            elif [[ -n "${2-}" && ( "${character}" == ' ' || "${character}" == $'\t' ) ]]; then
                ((index > start)) && __profile_words+=("${text:start:index-start}")
                __profile_typed='' __profile_expands=false
                start=$((index + 1))
            else
                if [[ "${character}" == [\$\`!*?[{] ]] || { ((index == start)) && [[ "${character}" == [~#] ]]; }; then
                    __profile_expands=true
                fi
                __profile_typed+="${character}"
            fi
            ;;
        esac
    done
    __profile_raw="${text:start}"
    __profile_words+=("${__profile_raw}")
}

# __profile_quote TEXT: sets __profile_quoted to TEXT written to go on from where the word is, inside
# the quote that is open there.
__profile_quote() {
    local text="${1}"
    if [[ -z "${text}" ]]; then
        __profile_quoted=''
        return
    fi
    case "${__profile_open}" in
    "'")
        __profile_quoted="${text//\'/\'\\\'\'}"
        ;;
    '"')
        text="${text//\\/\\\\}"
        text="${text//\$/\\\$}"
        text="${text//\`/\\\`}"
        text="${text//\"/\\\"}"
        # History expansion sees ! even inside double quotes, so it is written outside them.
        __profile_quoted="${text//!/\"\\!\"}"
        ;;
    *)
        printf -v __profile_quoted %q "${text}"
        ;;
    esac
}
"""#

    /// Zsh: `_describe` with each candidate's colons escaped, matching ignoring case.
    package static let zshCandidates = #"""
# profile: a candidate is data. _describe reads `value:description`, so a name's own colons (and
# backslashes) are escaped; compadd then quotes the value as the shell reads it back. ArgumentParser's
# _profile turns history expansion off, and compadd would then leave a `!` unquoted that the line itself
# expands (`bang!!x` would run the previous command): it is on again while the candidates are added.
__profile_complete() {
    setopt local_options bang_hist
    local -a candidates=("${(@)@:#}")
    candidates=("${(@)candidates//\\/\\\\}")
    candidates=("${(@)candidates//:/\\:}")
    # A name matches ignoring case (`temple` completes to the Temple Bell).
    _describe -V '' candidates -M 'm:{[:lower:][:upper:]}={[:upper:][:lower:]}'
}
"""#
}
