// libFuzzer target (Scripts/fuzz): see FuzzChecks.wav for what must hold for every input.
import FuzzChecks
import FuzzDriver

runFuzzer { data, size in
    FuzzChecks.wav(bytes(data, size))
    return 0
}
