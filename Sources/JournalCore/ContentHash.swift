/// XXH64 (seed 0) over a growing prefix of one buffer: how `status`'s cache proves a journal by its
/// content. The hash of the first `n` bytes is taken on the way to the hash of the first `m > n`, in one
/// pass, so that an append is proven (its old bytes unchanged) and hashed anew for the next time at the
/// cost of reading the file once.
///
/// XXH64 rather than the store's FNV-1a (``Revision``): it takes 32 bytes a step where FNV takes one, so
/// a journal of many megabytes is hashed in a few milliseconds, and it mixes better.
///
/// - Complexity: O(n) in the bytes hashed, each byte once however many prefixes are asked for.
package struct ContentHash {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    private var v1 = prime1 &+ prime2
    private var v2 = prime2
    private var v3: UInt64 = 0
    private var v4: UInt64 = 0 &- prime1
    /// The bytes taken into the four lanes so far: a multiple of 32.
    package private(set) var consumed = 0

    package init() {}

    /// The XXH64 hash of `bytes`.
    package static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            var hash = ContentHash()
            return hash.digest(raw, length: raw.count)
        }
    }

    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 { (value << count) | (value >> (64 - count)) }

    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }

    private static func merge(_ accumulator: UInt64, _ lane: UInt64) -> UInt64 {
        (accumulator ^ round(0, lane)) &* prime1 &+ prime4
    }

    private static func word(_ raw: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The hash of `raw`'s first `length` bytes (at least ``consumed``); the stripes before it are taken
    /// in, so that a later call for a longer prefix of the same bytes goes on from there.
    package mutating func digest(_ raw: UnsafeRawBufferPointer, length: Int) -> UInt64 {
        precondition(length >= consumed && length <= raw.count, "a prefix not yet hashed, within the bytes")
        let stripes = length - length % 32
        var offset = consumed
        while offset < stripes {
            v1 = Self.round(v1, Self.word(raw, offset))
            v2 = Self.round(v2, Self.word(raw, offset + 8))
            v3 = Self.round(v3, Self.word(raw, offset + 16))
            v4 = Self.round(v4, Self.word(raw, offset + 24))
            offset += 32
        }
        consumed = stripes
        var hash: UInt64
        if length >= 32 {
            hash = Self.rotate(v1, 1) &+ Self.rotate(v2, 7) &+ Self.rotate(v3, 12) &+ Self.rotate(v4, 18)
            hash = Self.merge(hash, v1)
            hash = Self.merge(hash, v2)
            hash = Self.merge(hash, v3)
            hash = Self.merge(hash, v4)
        } else {
            hash = Self.prime5
        }
        hash &+= UInt64(length)
        while offset + 8 <= length {
            hash ^= Self.round(0, Self.word(raw, offset))
            hash = Self.rotate(hash, 27) &* Self.prime1 &+ Self.prime4
            offset += 8
        }
        if offset + 4 <= length {
            hash ^= UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) &* Self.prime1
            hash = Self.rotate(hash, 23) &* Self.prime2 &+ Self.prime3
            offset += 4
        }
        while offset < length {
            hash ^= UInt64(raw[offset]) &* Self.prime5
            hash = Self.rotate(hash, 11) &* Self.prime1
            offset += 1
        }
        hash ^= hash >> 33
        hash &*= Self.prime2
        hash ^= hash >> 29
        hash &*= Self.prime3
        hash ^= hash >> 32
        return hash
    }
}
