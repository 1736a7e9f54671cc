import { randomInt } from 'node:crypto'
import { createRequire } from 'node:module'
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas'

/** Letters and digits without look-alikes (0/O/o, 1/I/l/i); the answer is case-insensitive. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789'
const LENGTH = 4
/** Size shown in the page (CSS pixels); the picture is drawn at twice this for sharp screens. */
const WIDTH = 150
const HEIGHT = 50
const SCALE = 2
const FONT = 'CaptchaDejaVuSans'

// A Latin font shipped with the server (no system or Chinese font needed), registered once.
const fontFile = createRequire(import.meta.url).resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff2')
GlobalFonts.registerFromPath(fontFile, FONT)

const rand = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min)

function randomColor(lightness: [number, number], alpha = 1): string {
  return `hsla(${randomInt(0, 360)}, ${randomInt(45, 85)}%, ${randomInt(lightness[0], lightness[1])}%, ${alpha})`
}

function noiseCurve(ctx: SKRSContext2D, w: number, h: number, width: number, color: string) {
  ctx.beginPath()
  ctx.moveTo(rand(-10, w * 0.2), rand(0, h))
  ctx.bezierCurveTo(
    rand(w * 0.2, w * 0.5),
    rand(-h / 2, h * 1.5),
    rand(w * 0.5, w * 0.8),
    rand(-h / 2, h * 1.5),
    rand(w * 0.8, w + 10),
    rand(0, h),
  )
  ctx.strokeStyle = color
  ctx.lineWidth = width
  ctx.stroke()
}

/**
 * Draws the text, each character turned, sized and placed at random, on its own layer; the
 * layer is then warped by two random sine waves (no two pictures share glyph outlines).
 */
function drawWarpedText(text: string, w: number, h: number) {
  const layer = createCanvas(w, h)
  const ctx = layer.getContext('2d')
  const step = (w - 24 * SCALE) / text.length
  for (const [i, char] of [...text].entries()) {
    const size = rand(28, 36) * SCALE
    ctx.save()
    ctx.translate(12 * SCALE + step * i + step / 2 + rand(-4, 4) * SCALE, h / 2 + rand(-4, 4) * SCALE)
    ctx.rotate(rand(-0.45, 0.45))
    ctx.transform(1, rand(-0.2, 0.2), rand(-0.35, 0.35), 1, 0, 0)
    ctx.font = `${size}px ${FONT}`
    ctx.textAlign = 'center'
    ctx.textBaseline = 'middle'
    ctx.fillStyle = randomColor([18, 38])
    ctx.fillText(char, 0, 0)
    ctx.restore()
  }
  const source = ctx.getImageData(0, 0, w, h)
  const target = ctx.createImageData(w, h)
  const ax = rand(2.5, 4.5) * SCALE
  const ay = rand(2, 4) * SCALE
  const fx = rand(0.035, 0.06) / SCALE
  const fy = rand(0.05, 0.09) / SCALE
  const px = rand(0, Math.PI * 2)
  const py = rand(0, Math.PI * 2)
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sx = Math.round(x + ax * Math.sin(y * fy + px))
      const sy = Math.round(y + ay * Math.sin(x * fx + py))
      if (sx < 0 || sy < 0 || sx >= w || sy >= h) continue
      const from = (sy * w + sx) * 4
      const to = (y * w + x) * 4
      target.data[to] = source.data[from] as number
      target.data[to + 1] = source.data[from + 1] as number
      target.data[to + 2] = source.data[from + 2] as number
      target.data[to + 3] = source.data[from + 3] as number
    }
  }
  ctx.putImageData(target, 0, 0)
  return layer
}

/**
 * A captcha: random text rasterised with distortion, noise curves and dots into a PNG, wrapped
 * in SVG markup (SPEC.md §7: the image answer is SVG). No glyph outline reaches the client, so
 * matching a font's shapes does not read it.
 */
export async function createCaptchaImage(): Promise<{ text: string; svg: string }> {
  const text = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('')
  const w = WIDTH * SCALE
  const h = HEIGHT * SCALE
  const canvas = createCanvas(w, h)
  const ctx = canvas.getContext('2d')

  const background = ctx.createLinearGradient(0, 0, w, h)
  background.addColorStop(0, randomColor([90, 97]))
  background.addColorStop(1, randomColor([88, 96]))
  ctx.fillStyle = background
  ctx.fillRect(0, 0, w, h)
  for (let i = 0; i < 120; i++) {
    ctx.fillStyle = randomColor([40, 80], rand(0.3, 0.8))
    ctx.beginPath()
    ctx.arc(rand(0, w), rand(0, h), rand(0.6, 2) * SCALE, 0, Math.PI * 2)
    ctx.fill()
  }
  for (let i = 0; i < 3; i++) noiseCurve(ctx, w, h, rand(1, 2) * SCALE, randomColor([45, 75], 0.7))

  ctx.drawImage(drawWarpedText(text, w, h), 0, 0)

  // lines and dots over the text, in the text's darkness, so they cannot be filtered by colour alone
  for (let i = 0; i < 2; i++) noiseCurve(ctx, w, h, rand(1.2, 2) * SCALE, randomColor([20, 45], 0.85))
  for (let i = 0; i < 60; i++) {
    ctx.fillStyle = randomColor([15, 55], rand(0.4, 0.9))
    ctx.fillRect(rand(0, w), rand(0, h), rand(1, 2.5) * SCALE, rand(1, 2.5) * SCALE)
  }

  // encoded on libuv's thread pool, off the event loop
  const png = (await canvas.encode('png')).toString('base64')
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<image width="${WIDTH}" height="${HEIGHT}" href="data:image/png;base64,${png}"/></svg>`
  return { text, svg }
}
