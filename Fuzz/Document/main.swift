// libFuzzer target (Scripts/fuzz): see FuzzChecks.document for what must hold for every input.
import FuzzChecks
import FuzzDriver

runFuzzer { data, size in
    FuzzChecks.document(bytes(data, size))
    return 0
}
