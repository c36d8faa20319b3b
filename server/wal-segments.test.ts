import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { lz4FrameLength, walGaps } from './wal-segments'

// Six WAL segments that Litestream 0.3.13 wrote for one generation (index 0), as they are in a
// replica: each starts where the one before ends.
const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'litestream-wal')
const SEGMENTS = fs.readdirSync(FIXTURES).sort()
const G = '5632334b139477da'
const names = (segments: string[], snapshot = true) => [
  ...(snapshot ? [`generations/${G}/snapshots/00000000.snapshot.lz4`] : []),
  ...segments.map((s) => `generations/${G}/wal/${s}`),
]
const read = async (name: string) => fs.readFileSync(path.join(FIXTURES, path.basename(name)))

describe('the WAL of a generation', () => {
  test("Litestream's own segments follow one another: no gap", async () => {
    expect(SEGMENTS).toHaveLength(6)
    expect(await walGaps(G, names(SEGMENTS), read)).toEqual([])
  })

  test('a segment missing in the middle is named, with where the next one starts', async () => {
    const without = SEGMENTS.filter((s) => s !== '00000000_00005098.wal.lz4')
    expect(await walGaps(G, names(without), read)).toEqual([
      `WAL of generation ${G} misses 00000000_00005098 (the next segment starts at 000060b0)`,
    ])
  })

  test('the first segment missing, a jump of index, no snapshot: each is a gap', async () => {
    expect(await walGaps(G, names(SEGMENTS.slice(1)), read)).toEqual([
      `WAL of generation ${G} misses 00000000_00000000 (the next segment starts at 00001038)`,
    ])
    const jumped = [...SEGMENTS, '00000002_00000000.wal.lz4']
    expect(
      await walGaps(G, names(jumped), async (n) => read(n.replace('00000002', '00000000'))),
    ).toEqual([`WAL of generation ${G} jumps from 00000000_000090f8 to 00000002_00000000`])
    expect(await walGaps(G, names(SEGMENTS, false), read)).toEqual([
      `generation ${G} has no snapshot`,
    ])
  })
})

describe('the length of an LZ4 frame', () => {
  const frame = (...blocks: Buffer[]) =>
    Buffer.concat([
      Buffer.from([0x04, 0x22, 0x4d, 0x18, 0x60, 0x70, 0x73]),
      ...blocks,
      Buffer.alloc(4),
    ])
  const block = (bytes: number[], stored = false) => {
    const size = Buffer.alloc(4)
    size.writeUInt32LE(bytes.length + (stored ? 0x80000000 : 0))
    return Buffer.concat([size, Buffer.from(bytes)])
  }

  test('counts literals and matches of compressed blocks, and stored blocks whole', () => {
    // "abcd", then 8 bytes copied from 4 back, then "x": 13 bytes.
    const compressed = block([0x44, 0x61, 0x62, 0x63, 0x64, 0x04, 0x00, 0x10, 0x78])
    expect(lz4FrameLength(frame(compressed))).toBe(13)
    expect(lz4FrameLength(frame(compressed, block([1, 2, 3], true)))).toBe(16)
    // A literal run of 15 + 255 + 10 bytes takes two extra length bytes.
    const long = block([0xf0, 0xff, 0x0a, ...Array(280).fill(0x61)])
    expect(lz4FrameLength(frame(long))).toBe(280)
  })

  test('refuses what is not an LZ4 frame', () => {
    expect(() => lz4FrameLength(Buffer.from('not a frame at all'))).toThrow('not an LZ4 frame')
  })
})
