import { existsSync } from 'node:fs'
import { createCanvas, GlobalFonts } from '@napi-rs/canvas'
import { fractalNoise, hash32 } from '../../datasets/scene-archive/random'
import { taskWithUserErrors } from '../../lib/workers/task'
import { quicklookShape } from './scene-sql'

/**
 * Runs in a worker thread (lib/workers): draws the illustrative quicklook of a generated scene,
 * deterministically from its id. A land texture (seeded fractal noise through a palette of water,
 * fields, forest, bare soil and rock) under clouds whose share of the footprint's pixels is the
 * scene's cloud_percent: a second seeded noise field is thresholded at the quantile that leaves
 * exactly that share above it. Drawn in the footprint's lon/lat box (the box filled exactly, see
 * quicklookShape), transparent outside the footprint, with a 示意 label. Noise coordinates are
 * relative to the box, so every size shows the same picture.
 */

export interface QuicklookInput {
  id: string
  cloudPercent: number
  /** The footprint, a GeoJSON MultiPolygon or Polygon in lon/lat. */
  footprint: string
  bbox: [number, number, number, number]
  size: number
  /** the 示意 label in the caller's language (a thread has none); part of the picture's ETag */
  label: string
}

/** Brightest a land pixel's darkest channel may be; every cloud pixel's darkest channel is above CLOUD_MIN. */
export const LAND_MAX = 170
/** Noise grid points along the longer side of a picture. */
const GRID = 96
export const CLOUD_MIN = 200

// Debian's fonts-noto-cjk (scripts/ensure-system-deps.sh); the label needs two Chinese glyphs
const FONT = 'QuicklookNotoSansCJK'
const FONT_FILES = ['/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc']
let fontReady = false
function ensureFont() {
  if (fontReady) return
  const file = FONT_FILES.find((f) => existsSync(f))
  if (!file) throw new Error(`no CJK font for the quicklook label: install fonts-noto-cjk (${FONT_FILES[0]})`)
  GlobalFonts.registerFromPath(file, FONT)
  fontReady = true
}

/** Land palette by elevation-like noise value (0–1): water, wet fields, fields, forest, dry land, rock. */
const PALETTE: Array<[number, [number, number, number]]> = [
  [0.0, [38, 70, 96]],
  [0.3, [52, 92, 110]],
  [0.34, [86, 120, 72]],
  [0.45, [112, 140, 78]],
  [0.55, [70, 104, 58]],
  [0.66, [146, 136, 96]],
  [0.78, [160, 142, 112]],
  [1.0, [128, 120, 112]],
]

function landColour(v: number): [number, number, number] {
  for (let i = 1; i < PALETTE.length; i++) {
    const [b, cb] = PALETTE[i] as [number, [number, number, number]]
    if (v <= b || i === PALETTE.length - 1) {
      const [a, ca] = PALETTE[i - 1] as [number, [number, number, number]]
      const t = Math.min(1, Math.max(0, (v - a) / (b - a)))
      return [ca[0] + (cb[0] - ca[0]) * t, ca[1] + (cb[1] - ca[1]) * t, ca[2] + (cb[2] - ca[2]) * t]
    }
  }
  return PALETTE[0]?.[1] ?? [0, 0, 0]
}

type Ring = number[][]

function polygonsOf(footprint: string): Ring[][] {
  const g = JSON.parse(footprint) as { type: string; coordinates: unknown }
  if (g.type === 'Polygon') return [g.coordinates as Ring[]]
  if (g.type === 'MultiPolygon') return g.coordinates as Ring[][]
  return []
}

/** The PNG of a quicklook. */
export async function drawQuicklook(input: QuicklookInput): Promise<Uint8Array> {
  const [height, width] = quicklookShape(input.bbox, input.size)
  const [minx, miny, maxx, maxy] = input.bbox
  const sx = width / Math.max(maxx - minx, 1e-9)
  const sy = height / Math.max(maxy - miny, 1e-9)

  // the footprint's mask (antialiased alpha), drawn by Skia
  const maskCanvas = createCanvas(width, height)
  const mctx = maskCanvas.getContext('2d')
  mctx.fillStyle = '#000'
  mctx.beginPath()
  for (const polygon of polygonsOf(input.footprint))
    for (const ring of polygon) {
      ring.forEach((p, i) => {
        const x = ((p[0] as number) - minx) * sx
        const y = (maxy - (p[1] as number)) * sy
        if (i === 0) mctx.moveTo(x, y)
        else mctx.lineTo(x, y)
      })
      mctx.closePath()
    }
  mctx.fill('evenodd')
  const mask = mctx.getImageData(0, 0, width, height).data

  const seed = hash32(input.id)
  const landSeed = seed ^ 0x5bd1e995
  const cloudSeed = (seed * 31 + 7) >>> 0
  // noise in units of the box: about 3 land features and 2.5 weather cells across the longer side,
  // computed on a grid of at most GRID + 1 points a side and interpolated, so a large picture costs
  // little more than a small one (and every size shows the same picture)
  const n = width * height
  const land = new Float32Array(n)
  const cloud = new Float32Array(n)
  const step = Math.max(width, height) / GRID
  const gw = Math.ceil(width / step) + 2
  const gh = Math.ceil(height / step) + 2
  const gLand = new Float32Array(gw * gh)
  const gCloud = new Float32Array(gw * gh)
  for (let j = 0; j < gh; j++)
    for (let k = 0; k < gw; k++) {
      const u = k / GRID
      const v = j / GRID
      gLand[j * gw + k] = fractalNoise(landSeed, u * 3, v * 3, 0.5, 4)
      gCloud[j * gw + k] = fractalNoise(cloudSeed, u * 2.5, v * 2.5, 0.5, 4)
    }
  const at = (grid: Float32Array, gx: number, gy: number) => {
    const k = Math.floor(gx)
    const j = Math.floor(gy)
    const fx = gx - k
    const fy = gy - j
    const a = grid[j * gw + k] as number
    const b = grid[j * gw + k + 1] as number
    const c = grid[(j + 1) * gw + k] as number
    const d = grid[(j + 1) * gw + k + 1] as number
    return (a + (b - a) * fx) * (1 - fy) + (c + (d - c) * fx) * fy
  }
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x
      const gx = (x + 0.5) / step
      const gy = (y + 0.5) / step
      // fine grain of fields and roofs: a seeded jitter per grid cell of the picture
      const grain =
        (((Math.imul((Math.floor(gx * 4) * 73856093) ^ (Math.floor(gy * 4) * 19349663), landSeed | 1) >>> 0) % 1000) / 1000 - 0.5) * 0.04
      land[i] = at(gLand, gx, gy) + grain
      cloud[i] = at(gCloud, gx, gy)
    }

  // the cloud threshold: the quantile of the footprint's pixels that leaves cloudPercent above it
  const inside: number[] = []
  for (let i = 0; i < n; i++) if ((mask[i * 4 + 3] as number) >= 128) inside.push(cloud[i] as number)
  inside.sort((a, b) => a - b)
  const share = Math.min(1, Math.max(0, input.cloudPercent / 100))
  const cloudyCount = Math.round(share * inside.length)
  const threshold = cloudyCount === 0 ? Number.POSITIVE_INFINITY : (inside[inside.length - cloudyCount] as number)

  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  const image = ctx.createImageData(width, height)
  const out = image.data
  for (let i = 0; i < n; i++) {
    const alpha = mask[i * 4 + 3] as number
    if (alpha === 0) continue
    // stretch the noise (about 0.2–0.8) to 0–1 for the palette
    let [r, g, b] = landColour(Math.min(1, Math.max(0, ((land[i] as number) - 0.2) / 0.6)))
    const c = cloud[i] as number
    if (c >= threshold) {
      // thick in the core, never thinner than 85 % at the edge: a cloud pixel stays bright
      const opacity = 0.86 + 0.14 * Math.min(1, (c - threshold) / 0.06)
      r = r * (1 - opacity) + 248 * opacity
      g = g * (1 - opacity) + 249 * opacity
      b = b * (1 - opacity) + 252 * opacity
    }
    out[i * 4] = Math.round(r)
    out[i * 4 + 1] = Math.round(g)
    out[i * 4 + 2] = Math.round(b)
    out[i * 4 + 3] = alpha
  }
  ctx.putImageData(image, 0, 0)

  // the 示意 label at the middle of the footprint's box, yellow on a dark outline (neither land nor cloud)
  ensureFont()
  const fontPx = Math.max(11, Math.round(Math.min(width, height) * 0.09))
  ctx.font = `bold ${fontPx}px ${FONT}`
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.lineJoin = 'round'
  ctx.lineWidth = Math.max(2, fontPx / 6)
  ctx.strokeStyle = 'rgba(20, 20, 20, 0.9)'
  ctx.fillStyle = 'rgb(255, 214, 0)'
  const label = input.label
  ctx.strokeText(label, width / 2, height / 2)
  ctx.fillText(label, width / 2, height / 2)
  return canvas.encode('png')
}

export const quicklookTask = taskWithUserErrors(drawQuicklook)

export const QUICKLOOK_WORKER = new URL(import.meta.url).href
