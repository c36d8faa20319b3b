/**
 * mulberry32: a small, fast PRNG that gives the same sequence for the same seed (the demo data
 * and the API fuzz test must be the same on every run). Returns numbers in [0, 1).
 */
export function seededRandom(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
