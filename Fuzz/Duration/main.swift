// libFuzzer target (Scripts/fuzz): see FuzzChecks.duration for what must hold for every input.
import FuzzChecks
import FuzzDriver

runFuzzer { data, size in
    FuzzChecks.duration(bytes(data, size))
    return 0
}
