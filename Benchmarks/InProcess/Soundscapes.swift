import Glibc
import Sound

/// The CPU time of one process so far, in seconds.
func processSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Heap allocations made so far, counted by Benchmarks/AllocationCount when Scripts/bench preloads it;
/// nil without it.
func allocationsSoFar() -> Int? {
    guard let counter = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "profile_allocations") else { return nil }
    return Int(counter.load(as: UInt.self))
}

/// The memory this process has written, in kB: the `Anonymous:` of /proc/self/smaps_rollup (its heap,
/// stacks and other private pages), which the kernel counts by walking the page tables: where a leak
/// would grow. Not the whole resident set: that also counts the program's own code as it is first run
/// (clean pages of the binary; measured here, the first texture's 300 s added 384 kB of them and 32 kB
/// of anonymous memory, and none after), and VmRSS of /proc/self/status is inaccurate by proc(5)
/// ("because of a kernel-internal scalability optimization").
func anonymousKilobytes() -> Int {
    guard let file = fopen("/proc/self/smaps_rollup", "r") else { return -1 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("Anonymous:") { return Int(text.split(separator: " ").dropFirst().first ?? "") ?? -1 }
    }
    return -1
}

/// Issue 49's budget for the soundscapes, measured in process: each texture mixed by the stream's mixer
/// (``StreamMixer``, as a sit plays it, at 30 %) for `seconds` of sound in blocks of 2,048 frames (what
/// a stream writes at a time), after a warm-up minute; prints one JSON line a texture: the CPU time as a
/// share of one core at real time, the heap allocations made while rendering (after the warm-up) and
/// per block, and the memory written (anonymous) before and after.
func soundscapeBudget(seconds: Double) {
    let block = 2_048
    let blocks = Int(seconds * Double(StreamMixer.sampleRate)) / block
    let warmUp = Int(60 * Double(StreamMixer.sampleRate)) / block
    // The counter counts, or the zeros below would prove nothing: an array made here is one allocation.
    if let before = allocationsSoFar() {
        let probe = [Int](repeating: 1, count: 1_000)
        let counted = (allocationsSoFar() ?? before) - before
        print("{\"allocation_counter_counts\": \(counted >= 1), \"probe\": \(probe.count)}")
    }
    var out: [Int16] = []
    out.reserveCapacity(2 * block)
    for texture in Texture.allCases {
        var mixer = StreamMixer(ambience: .generated(texture, seed: 0xBE_0049), ambienceVolume: 0.3)
        mixer.fadeAmbience(true, seconds: 0)
        for _ in 0..<warmUp {
            out.removeAll(keepingCapacity: true)
            mixer.render(block, into: &out)
        }
        let memoryBefore = anonymousKilobytes()
        let (cpuBefore, allocationsBefore) = (processSeconds(), allocationsSoFar())
        var checksum = 0
        for _ in 0..<blocks {
            out.removeAll(keepingCapacity: true)
            mixer.render(block, into: &out)
            checksum &+= Int(out[0])
        }
        let (cpu, allocationsAfter) = (processSeconds() - cpuBefore, allocationsSoFar())
        let made = allocationsBefore.flatMap { before in allocationsAfter.map { $0 - before } }
        let memoryAfter = anonymousKilobytes()
        print("{\"texture\": \"\(texture)\", \"seconds_of_sound\": \(Double(blocks * block) / Double(StreamMixer.sampleRate)), "
              + "\"cpu_seconds\": \(cpu), \"core_share\": \(cpu / (Double(blocks * block) / Double(StreamMixer.sampleRate))), "
              + "\"allocations\": \(made.map(String.init) ?? "null"), \"allocations_per_block\": \(made.map { String(Double($0) / Double(max(1, blocks))) } ?? "null"), "
              + "\"anonymous_kb_before\": \(memoryBefore), \"anonymous_kb_after\": \(memoryAfter), \"checksum\": \(checksum)}")
    }
}
