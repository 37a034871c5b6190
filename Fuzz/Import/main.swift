// libFuzzer target (Scripts/fuzz): see FuzzChecks.journalImport for what must hold for every input.
import FuzzChecks
import FuzzDriver

runFuzzer { data, size in
    FuzzChecks.journalImport(bytes(data, size))
    return 0
}
