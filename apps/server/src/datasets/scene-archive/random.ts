/** Seeded randomness: the archive is a function of its settings, never of the clock or Math.random. */

/** A 32-bit hash of a string (FNV-1a), to derive per-item seeds from ids. */
export function hash32(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h >>> 0
}

/** mulberry32: a small, fast generator of uniform numbers in [0, 1) from a 32-bit seed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const smooth = (t: number) => t * t * (3 - 2 * t)

/** Value at an integer lattice point, uniform in [0, 1). */
function lattice(seed: number, x: number, y: number, z: number): number {
  let h = (seed ^ Math.imul(x, 0x27d4eb2d) ^ Math.imul(y, 0x165667b1) ^ Math.imul(z, 0x9e3779b1)) >>> 0
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b) >>> 0
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296
}

/** Smooth value noise in three dimensions, in [0, 1): trilinear over a seeded lattice with smoothstep weights. */
export function valueNoise3(seed: number, x: number, y: number, z: number): number {
  const x0 = Math.floor(x)
  const y0 = Math.floor(y)
  const z0 = Math.floor(z)
  const fx = smooth(x - x0)
  const fy = smooth(y - y0)
  const fz = smooth(z - z0)
  const lerp = (a: number, b: number, t: number) => a + (b - a) * t
  const plane = (zz: number) =>
    lerp(
      lerp(lattice(seed, x0, y0, zz), lattice(seed, x0 + 1, y0, zz), fx),
      lerp(lattice(seed, x0, y0 + 1, zz), lattice(seed, x0 + 1, y0 + 1, zz), fx),
      fy,
    )
  return lerp(plane(z0), plane(z0 + 1), fz)
}

/** Fractal noise (octaves of value noise, each twice as fine and half as strong), in [0, 1). */
export function fractalNoise(seed: number, x: number, y: number, z = 0, octaves = 4): number {
  let sum = 0
  let weight = 0
  let amp = 1
  let freq = 1
  for (let o = 0; o < octaves; o++) {
    sum += amp * valueNoise3(seed + o * 1013, x * freq, y * freq, z * freq)
    weight += amp
    amp /= 2
    freq *= 2
  }
  return sum / weight
}
