// libFuzzer target (Scripts/fuzz): see FuzzChecks.commands for what must hold for every input.
import FuzzChecks
import FuzzDriver

runFuzzer { data, size in
    FuzzChecks.commands(bytes(data, size))
    return 0
}
