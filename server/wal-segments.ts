/**
 * Checks a Litestream generation's WAL segments for gaps, which `litestream restore` passes over
 * without a word (it applies what it finds and reports success). Each segment is an LZ4 frame
 * named `<index>_<offset>.wal.lz4`: within an index the segments must follow one another, each
 * starting where the one before ends (its offset plus its uncompressed length), the first at 0;
 * and the indexes must follow one another from the snapshot the restore starts from. A segment
 * missing at the very end cannot be told from one not yet written.
 */

/** The uncompressed length of an LZ4 frame, read from its blocks (nothing is decompressed). */
export function lz4FrameLength(frame: Buffer): number {
  if (frame.readUInt32LE(0) !== 0x184d2204) throw new Error('not an LZ4 frame')
  const flags = frame[4]!
  const blockChecksums = Boolean(flags & 0x10)
  const contentSize = Boolean(flags & 0x08)
  const dictionary = Boolean(flags & 0x01)
  let at = 6 + (contentSize ? 8 : 0) + (dictionary ? 4 : 0) + 1
  let length = 0
  for (;;) {
    const word = frame.readUInt32LE(at)
    at += 4
    if (word === 0) return length
    const size = word & 0x7fffffff
    if (word & 0x80000000) length += size
    else length += lz4BlockLength(frame, at, at + size)
    at += size + (blockChecksums ? 4 : 0)
  }
}

/** The uncompressed length of one LZ4 block (its sequences' literals and matches). */
function lz4BlockLength(data: Buffer, start: number, end: number) {
  let at = start
  let length = 0
  const extended = (n: number) => {
    if (n !== 15) return n
    for (;;) {
      const more = data[at++]!
      n += more
      if (more !== 255) return n
    }
  }
  while (at < end) {
    const token = data[at++]!
    const literals = extended(token >> 4)
    at += literals
    length += literals
    if (at >= end) break
    at += 2 // the match's offset
    length += extended(token & 15) + 4
  }
  return length
}

/** A WAL segment of a generation, by its name under `generations/<id>/wal/`. */
type Segment = { index: number; offset: number; name: string }

/**
 * The gaps of a generation: `names` are the replica's file names (under `db/`), `read` gives a
 * segment's bytes. Empty when its WAL is whole as far as can be known.
 */
export async function walGaps(
  generation: string,
  names: Iterable<string>,
  read: (name: string) => Promise<Buffer>,
): Promise<string[]> {
  const prefix = `generations/${generation}/`
  const segments: Segment[] = []
  const snapshots: number[] = []
  for (const name of names) {
    const local = name.split('\\').join('/')
    if (!local.startsWith(prefix)) continue
    const wal = /^wal\/([0-9a-f]{8})_([0-9a-f]{8})\.wal\.lz4$/.exec(local.slice(prefix.length))
    if (wal) segments.push({ index: parseInt(wal[1]!, 16), offset: parseInt(wal[2]!, 16), name })
    const snapshot = /^snapshots\/([0-9a-f]{8})\.snapshot\.lz4$/.exec(local.slice(prefix.length))
    if (snapshot) snapshots.push(parseInt(snapshot[1]!, 16))
  }
  if (snapshots.length === 0) return [`generation ${generation} has no snapshot`]
  // The restore starts from the latest snapshot and replays the WAL from its index on.
  const from = Math.max(...snapshots)
  const replayed = segments
    .filter((s) => s.index >= from)
    .sort((a, b) => a.index - b.index || a.offset - b.offset)
  const gaps: string[] = []
  const hex = (n: number) => n.toString(16).padStart(8, '0')
  let index = from
  let offset = 0
  for (const segment of replayed) {
    if (segment.index !== index) {
      if (segment.index !== index + 1 || segment.offset !== 0) {
        gaps.push(
          `WAL of generation ${generation} jumps from ${hex(index)}_${hex(offset)} to ${hex(segment.index)}_${hex(segment.offset)}`,
        )
      }
      index = segment.index
      offset = segment.offset
    } else if (segment.offset !== offset) {
      gaps.push(
        `WAL of generation ${generation} misses ${hex(index)}_${hex(offset)} (the next segment starts at ${hex(segment.offset)})`,
      )
      offset = segment.offset
    }
    offset += lz4FrameLength(await read(segment.name))
  }
  return gaps
}
