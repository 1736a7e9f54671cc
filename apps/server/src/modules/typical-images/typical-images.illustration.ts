/**
 * The portal-made illustration of a typical-image sample: an SVG (960×600) drawn from the sample's
 * content (typical-images.content.ts, numbers from the satellite facts) that explains how such an
 * image is taken. It is clearly marked as an illustration, not a satellite image. Pure and cached,
 * once per language (the current one: lib/locale.ts).
 */
import { createHash } from 'node:crypto'
import type { TypicalImageKey } from '@rs/shared'
import { currentLocale, t } from '../../lib/locale'
import { escapeXml } from '../../lib/xml'
import { type Scene, type TypicalImageContent, typicalImageContent, type ViewDirection } from './typical-images.content'

const W = 960
const H = 600
const FONT_ATTR = "'Noto Sans CJK SC', 'Source Han Sans SC', 'Microsoft YaHei', 'PingFang SC', 'Hiragino Sans GB', sans-serif"

/** Text styles as presentation attributes (read by every SVG renderer, unlike a style sheet). */
const STYLE = {
  title: 'font-size="30" font-weight="700" fill="#ffffff"',
  subtitle: 'font-size="17" fill="#9ec9ff"',
  badge: 'font-size="18" font-weight="700" fill="#1c1400"',
  lead: 'font-size="15" fill="#e6f1ff"',
  note: 'font-size="14" fill="#e6f1ff"',
  accent: 'font-size="15" font-weight="700" fill="#ffd166"',
  tag: 'font-size="15" fill="#b8cde6"',
  'tag-hot': 'font-size="17" font-weight="700" fill="#ffc94d"',
  laser: 'font-size="14" font-weight="700" fill="#ff8a9b"',
  'fig-label': 'font-size="13" fill="#9ec9ff"',
  'fig-value': 'font-size="16" fill="#ffffff"',
  footer: 'font-size="12.5" fill="#c8d6e8"',
} as const
type TextStyle = keyof typeof STYLE

const label = (key: string, params?: Record<string, string>) => t(`typicalImage.illustration.${key}`, params)

/** A small deterministic generator, so the same sample always draws the same fields and speckle. */
function seeded(seed: string): () => number {
  let h = createHash('sha256').update(seed).digest().readUInt32LE(0) || 1
  return () => {
    h ^= h << 13
    h ^= h >>> 17
    h ^= h << 5
    return ((h >>> 0) % 10_000) / 10_000
  }
}

const f = (n: number) => Number(n.toFixed(1))

function text(x: number, y: number, content: string, style: TextStyle, anchor?: 'middle' | 'end'): string {
  const anchorAttr = anchor ? ` text-anchor="${anchor}"` : ''
  return `<text x="${f(x)}" y="${f(y)}" ${STYLE[style]}${anchorAttr}>${escapeXml(content)}</text>`
}

/** Rough width of a label in pixels: CJK characters take a full em, others a little over half. */
function textWidth(content: string, size: number): number {
  let em = 0
  for (const ch of content) em += /[\u2e80-\uffff]/.test(ch) ? 1 : 0.58
  return em * size
}

/** Splits a label into lines of at most `width` pixels: between CJK characters, or between words. */
function wrap(content: string, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  // a unit is one CJK character, or a word with the spaces after it
  for (const unit of content.match(/[\u2e80-\uffff]|[^\s\u2e80-\uffff]+\s*|\s+/g) ?? []) {
    // closing punctuation stays at the end of its line
    if (line && textWidth(line + unit.trimEnd(), size) > width && !/^[，。、；：）)]/.test(unit)) {
      lines.push(line.trimEnd())
      line = ''
    }
    line += unit
  }
  if (line.trimEnd()) lines.push(line.trimEnd())
  return lines
}

function satellite(x: number, y: number, options: { opacity?: number; scale?: number; glow?: boolean } = {}): string {
  const { opacity = 1, scale = 1, glow = false } = options
  const panel = (px: number) =>
    `<rect x="${px}" y="-9" width="38" height="18" rx="1.5" fill="url(#panel)" stroke="#9cc4ff" stroke-width="0.8"/>` +
    `<path d="M${px + 9.5} -9v18M${px + 19} -9v18M${px + 28.5} -9v18M${px} 0h38" stroke="#9cc4ff" stroke-width="0.5" opacity="0.7"/>`
  return (
    `<g transform="translate(${f(x)} ${f(y)}) scale(${scale})" opacity="${opacity}">` +
    (glow ? '<circle r="34" fill="url(#glow)"/>' : '') +
    panel(-62) +
    panel(24) +
    '<path d="M-24 0h10M14 0h10" stroke="#c9d3e0" stroke-width="2"/>' +
    '<rect x="-14" y="-14" width="28" height="28" rx="4" fill="url(#body)" stroke="#ffffff" stroke-opacity="0.5"/>' +
    '<circle cx="0" cy="16" r="5" fill="#1b2533" stroke="#8fd3ff" stroke-width="1.5"/>' +
    '</g>'
  )
}

function arrow(x1: number, y1: number, x2: number, y2: number, colour: string, width = 2.5): string {
  const angle = Math.atan2(y2 - y1, x2 - x1)
  const head = (a: number) => `${f(x2 - 12 * Math.cos(angle + a))},${f(y2 - 12 * Math.sin(angle + a))}`
  return (
    `<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"/>` +
    `<polygon points="${f(x2)},${f(y2)} ${head(0.45)} ${head(-0.45)}" fill="${colour}"/>`
  )
}

// -- a ground plane seen obliquely: u across (-1 left … 1 right), v from the far edge (0) to the near edge (1)
const PLANE = { cx: 330, halfWidth: 290, top: 360, depth: 200 }
function pt(u: number, v: number): [number, number] {
  const s = 0.45 + 0.55 * v
  return [PLANE.cx + u * PLANE.halfWidth * s, PLANE.top + PLANE.depth * v]
}
const quad = (corners: Array<[number, number]>) => corners.map(([u, v]) => pt(u, v).map(f).join(',')).join(' ')

function groundPlane(): string {
  return `<polygon points="${quad([
    [-1, 0],
    [1, 0],
    [1, 1],
    [-1, 1],
  ])}" fill="url(#ground)"/>`
}

/** Cells filling a band of the plane (clipped to it): fields in colour, grey levels, or radar speckle. */
function cells(
  id: string,
  random: () => number,
  band: { u0: number; u1: number; v0: number; v1: number },
  palette: string[],
  size: number,
): string {
  const clip = `<clipPath id="${id}"><polygon points="${quad([
    [band.u0, band.v0],
    [band.u1, band.v0],
    [band.u1, band.v1],
    [band.u0, band.v1],
  ])}"/></clipPath>`
  const [xa] = pt(band.u0, band.v1)
  const [xb] = pt(band.u1, band.v1)
  const [, ya] = pt(0, band.v0)
  const [, yb] = pt(0, band.v1)
  const rects: string[] = []
  for (let y = ya; y < yb; y += size * 0.8)
    for (let x = xa; x < xb; x += size) {
      const colour = palette[Math.floor(random() * palette.length)] as string
      rects.push(`<rect x="${f(x)}" y="${f(y)}" width="${f(size + 0.6)}" height="${f(size * 0.8 + 0.6)}" fill="${colour}"/>`)
    }
  return `<defs>${clip}</defs><g clip-path="url(#${id})">${rects.join('')}</g>`
}

const FIELDS = ['#3f8f4e', '#5fa84f', '#8dbb5e', '#b9c27a', '#c9ae7c', '#8a6f4d', '#3b6fa0', '#d9d3c5', '#6f9a3a']
const GREYS = ['#3e3e3e', '#575757', '#717171', '#8c8c8c', '#a6a6a6', '#c2c2c2', '#dadada']
const SPECKLE = ['#1f1f1f', '#2e2e2e', '#444444', '#5c5c5c', '#777777', '#959595', '#b7b7b7', '#e0e0e0']

function pushBroom(scene: Extract<Scene, { kind: 'push-broom' }>, random: () => number): string {
  const strip = { u0: -0.3, u1: 0.3 }
  const scanV = 0.42
  const [sx, sy] = [pt(0, scanV)[0], 215]
  const [l1x, l1y] = pt(strip.u0, scanV)
  const [r1x, r1y] = pt(strip.u1, scanV)
  const parts = [
    groundPlane(),
    `<polygon points="${quad([
      [strip.u0, 0],
      [strip.u1, 0],
      [strip.u1, scanV],
      [strip.u0, scanV],
    ])}" fill="#ffffff" fill-opacity="0.06" stroke="#d6ecff" stroke-opacity="0.6" stroke-dasharray="6 5"/>`,
    cells('imaged', random, { ...strip, v0: scanV, v1: 1 }, scene.look === 'pan' ? GREYS : FIELDS, 15),
    `<polygon points="${quad([
      [strip.u0, scanV],
      [strip.u1, scanV],
      [strip.u1, 1],
      [strip.u0, 1],
    ])}" fill="none" stroke="#ffffff" stroke-width="1.5"/>`,
    `<polygon points="${f(sx)},${sy + 22} ${f(l1x)},${f(l1y)} ${f(r1x)},${f(r1y)}" fill="url(#beam)" stroke="#8fe3ff" stroke-opacity="0.7"/>`,
    `<line x1="${f(l1x)}" y1="${f(l1y)}" x2="${f(r1x)}" y2="${f(r1y)}" stroke="#7df9ff" stroke-width="4" stroke-linecap="round"/>`,
    satellite(sx, sy, { glow: true }),
    text(l1x - 12, l1y + 5, label('scanLine'), 'note', 'end'),
    text(pt(strip.u0, 0.75)[0] - 14, pt(0, 0.75)[1], label('imaged'), 'note', 'end'),
    arrow(...pt(0.62, 0.78), ...pt(0.62, 0.12), '#ffd166'),
    text(pt(0.62, 0.12)[0] + 14, pt(0, 0.12)[1] + 6, label('flight'), 'accent'),
    text(40, 160, label('pushBroom'), 'lead'),
  ]
  if (scene.swathLabel) {
    const [ax, ay] = pt(strip.u0, 0.93)
    const [bx] = pt(strip.u1, 0.93)
    parts.push(
      `<path d="M${f(ax)} ${f(ay)}H${f(bx)}M${f(ax)} ${f(ay - 7)}v14M${f(bx)} ${f(ay - 7)}v14" stroke="#ffd166" stroke-width="2"/>`,
      text(bx + 12, ay + 6, `${label('figures.swath')} ${scene.swathLabel}`, 'accent'),
    )
  }
  return parts.join('')
}

const VIEW_X: Record<ViewDirection, number> = { forward: 140, nadir: 330, backward: 520 }

function stereo(scene: Extract<Scene, { kind: 'stereo' }>): string {
  const target: [number, number] = [330, 452]
  const parts = [
    `<path d="M0 472 Q${W / 2} 452 ${W} 472 V${H} H0 Z" fill="url(#ground)"/>`,
    `<path d="M30 226 Q330 208 630 226" fill="none" stroke="#d6ecff" stroke-opacity="0.55" stroke-width="1.5" stroke-dasharray="7 6"/>`,
    arrow(40, 300, 130, 300, '#ffd166'),
    text(40, 290, label('flight'), 'accent'),
    // the target: a hill with its snow cap
    `<path d="M278 472 L318 418 L334 434 L350 414 L392 472 Z" fill="#6f8d54" stroke="#c7dca8" stroke-width="1"/>`,
    `<path d="M310 429 L318 418 L326 428 Z M343 423 L350 414 L357 424 Z" fill="#f4f7fb"/>`,
    text(target[0], 500, label('target'), 'note', 'middle'),
    text(40, 160, label('stereoNote'), 'lead'),
  ]
  for (const view of scene.views) {
    const x = VIEW_X[view]
    const y = 218
    const isShown = view === scene.highlight
    parts.push(
      isShown
        ? `<polygon points="${x},${y + 22} ${target[0] - 16},${target[1] - 20} ${target[0] + 16},${target[1] - 20}" fill="url(#beamHot)" stroke="#ffc94d" stroke-width="1.5"/>`
        : `<polygon points="${x},${y + 22} ${target[0] - 12},${target[1] - 20} ${target[0] + 12},${target[1] - 20}" fill="#8fb8e0" fill-opacity="0.12" stroke="#8fb8e0" stroke-opacity="0.7" stroke-dasharray="6 5"/>`,
      satellite(x, y, { opacity: isShown ? 1 : 0.5, scale: isShown ? 1 : 0.8, glow: isShown }),
      text(x, y - 30, label(view), isShown ? 'tag-hot' : 'tag', 'middle'),
    )
  }
  if (scene.laser) {
    const x = VIEW_X.nadir
    parts.push(
      satellite(x, 250, { opacity: 0.55, scale: 0.65 }),
      `<path d="M${x - 4} 262 L${x - 20} 472 M${x + 4} 262 L${x + 20} 472" stroke="#ff5d73" stroke-width="1.6" stroke-dasharray="4 4"/>`,
      `<ellipse cx="${x - 20}" cy="474" rx="6" ry="2.5" fill="#ff5d73"/><ellipse cx="${x + 20}" cy="474" rx="6" ry="2.5" fill="#ff5d73"/>`,
      text(x, 530, label('labelled', { label: label('laser'), value: scene.laser }), 'laser', 'middle'),
    )
  }
  return parts.join('')
}

function staring(scene: Extract<Scene, { kind: 'staring' }>): string {
  const [ex, ey, r] = [250, 400, 160]
  const sat: [number, number] = [560, 200]
  const area = [
    [262, 298],
    [338, 288],
    [346, 352],
    [270, 362],
  ] as const
  const graticule = [-0.6, -0.2, 0.2, 0.6]
    .map(
      (k) => `<ellipse cx="${ex}" cy="${f(ey + k * r)}" rx="${f(r * Math.sqrt(1 - k * k))}" ry="${f(r * 0.16 * Math.sqrt(1 - k * k))}"/>`,
    )
    .concat([0.35, 0.75].map((k) => `<ellipse cx="${ex}" cy="${ey}" rx="${f(r * k)}" ry="${r}"/>`))
    .join('')
  return [
    `<circle cx="${ex}" cy="${ey}" r="${r + 10}" fill="#5fb4ff" fill-opacity="0.12"/>`,
    `<circle cx="${ex}" cy="${ey}" r="${r}" fill="url(#earth)"/>`,
    `<g fill="none" stroke="#d6ecff" stroke-opacity="0.25" stroke-width="1">${graticule}</g>`,
    `<path d="M205 330 q30 -40 80 -30 q40 10 55 40 q-20 30 -60 25 q-40 5 -75 -35z" fill="#7fae62" fill-opacity="0.85"/>`,
    text(ex, ey + r - 22, label('earth'), 'note', 'middle'),
    (() => {
      // the geostationary orbit passes through the satellite: a dashed arc around the Earth
      const radius = Math.hypot(sat[0] - ex, sat[1] - ey)
      const at = (deg: number) => `${f(ex + radius * Math.cos((deg * Math.PI) / 180))} ${f(ey - radius * Math.sin((deg * Math.PI) / 180))}`
      return `<path d="M${at(64)} A ${f(radius)} ${f(radius)} 0 0 1 ${at(8)}" fill="none" stroke="#d6ecff" stroke-opacity="0.5" stroke-dasharray="7 6"/>`
    })(),
    ...area.map(([x, y]) => `<line x1="${sat[0]}" y1="${sat[1] + 20}" x2="${x}" y2="${y}" stroke="#ffc94d" stroke-opacity="0.55"/>`),
    `<polygon points="${area.map((p) => p.join(',')).join(' ')}" fill="#ffc94d" fill-opacity="0.35" stroke="#ffc94d" stroke-width="2"/>`,
    satellite(sat[0], sat[1], { glow: true }),
    text(sat[0] + 50, sat[1] - 40, `${label('geo')} ${scene.altitudeLabel}`, 'accent', 'end'),
    text(262, 388, label('aside', { label: label('staringArea'), value: scene.areaLabel }), 'note'),
    // the same area again and again: a stack of frames
    [0, 1, 2]
      .map(
        (i) =>
          `<rect x="${470 + i * 14}" y="${400 - i * 14}" width="110" height="72" rx="4" fill="#1d4a6b" stroke="#ffc94d" stroke-opacity="${0.4 + i * 0.3}"/>`,
      )
      .join(''),
    `<path d="M${508 + 28} ${380} q20 -14 40 4 q10 20 -10 30 q-30 8 -40 -12z" fill="#7fae62"/>`,
    text(545, 500, label('staringNote'), 'note', 'middle'),
  ].join('')
}

function sarStrip(scene: Extract<Scene, { kind: 'sar-strip' }>, random: () => number): string {
  const track = -0.45
  const strip = { u0: 0.05, u1: 0.62 }
  const lookV = 0.42
  const [ax, ay] = [pt(track, lookV)[0], 215]
  const [n1x, n1y] = pt(strip.u0, lookV)
  const [f1x, f1y] = pt(strip.u1, lookV)
  const [mx, my] = [(ax + (n1x + f1x) / 2) / 2, (ay + (n1y + f1y) / 2) / 2]
  const pulses = [0.3, 0.5, 0.7]
    .map((t) => {
      const cx = ax + ((n1x + f1x) / 2 - ax) * t
      const cy = ay + ((n1y + f1y) / 2 - ay) * t
      return `<path d="M${f(cx - 18)} ${f(cy + 14)} Q${f(cx + 6)} ${f(cy + 6)} ${f(cx + 14)} ${f(cy - 18)}" fill="none" stroke="#b8f3ff" stroke-width="2" stroke-opacity="${1 - t * 0.6}"/>`
    })
    .join('')
  const parts = [
    groundPlane(),
    `<line x1="${f(pt(track, 0)[0])}" y1="${f(pt(track, 0)[1])}" x2="${f(pt(track, 1)[0])}" y2="${f(pt(track, 1)[1])}" stroke="#ffffff" stroke-opacity="0.8" stroke-width="2" stroke-dasharray="8 6"/>`,
    text(pt(track, 0.97)[0] - 10, pt(track, 0.97)[1] - 8, label('groundTrack'), 'note', 'end'),
    `<polygon points="${quad([
      [strip.u0, 0],
      [strip.u1, 0],
      [strip.u1, lookV],
      [strip.u0, lookV],
    ])}" fill="#ffffff" fill-opacity="0.05" stroke="#d6ecff" stroke-opacity="0.6" stroke-dasharray="6 5"/>`,
    cells('speckle', random, { ...strip, v0: lookV, v1: 1 }, SPECKLE, 7),
    `<polygon points="${quad([
      [strip.u0, lookV],
      [strip.u1, lookV],
      [strip.u1, 1],
      [strip.u0, 1],
    ])}" fill="none" stroke="#ffffff" stroke-width="1.5"/>`,
    text(pt(strip.u1, 0.9)[0] + 12, pt(0, 0.9)[1], label('strip'), 'note'),
    `<polygon points="${f(ax + 6)},${ay + 20} ${f(n1x)},${f(n1y)} ${f(f1x)},${f(f1y)}" fill="url(#beam)" stroke="#8fe3ff" stroke-opacity="0.7"/>`,
    `<line x1="${f(n1x)}" y1="${f(n1y)}" x2="${f(f1x)}" y2="${f(f1y)}" stroke="#7df9ff" stroke-width="4" stroke-linecap="round"/>`,
    pulses,
    text(mx + 34, my - 8, label('sideLooking'), 'accent'),
    text(mx + 34, my + 14, label('radarPulse'), 'note'),
    arrow(...pt(-0.85, 0.92), ...pt(-0.85, 0.2), '#ffd166'),
    text(pt(-0.85, 0.2)[0] - 8, pt(0, 0.2)[1] - 10, label('flight'), 'accent'),
    satellite(ax, ay, { glow: true }),
    text(ax, ay - 30, label('satelliteA'), 'tag-hot', 'middle'),
  ]
  if (scene.pair) {
    const [bx, by] = [pt(track, 0.85)[0] - 30, 282]
    parts.push(
      `<line x1="${f(bx)}" y1="${by}" x2="${f(ax)}" y2="${ay}" stroke="#ffd166" stroke-opacity="0.8" stroke-dasharray="3 5"/>`,
      satellite(bx, by, { opacity: 0.9, scale: 0.85 }),
      text(bx - 70, by + 6, label('satelliteB'), 'tag-hot', 'end'),
      text(40, 160, label('pursuit'), 'lead'),
    )
  }
  return parts.join('')
}

function figurePanel(content: TypicalImageContent): string {
  const x = 650
  const y = 150
  const width = 280
  const rows: string[] = []
  let cursor = y + 34
  for (const [key, value] of content.figures) {
    rows.push(text(x + 18, cursor, label(`figures.${key}`), 'fig-label'))
    cursor += 22
    for (const line of wrap(value, 16, width - 36)) {
      rows.push(text(x + 18, cursor, line, 'fig-value'))
      cursor += 21
    }
    cursor += 12
  }
  const height = cursor - y - 4
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="14" fill="#0b1a30" fill-opacity="0.72" stroke="#9ec9ff" stroke-opacity="0.35"/>${rows.join('')}`
}

function stars(random: () => number): string {
  const dots: string[] = []
  for (let i = 0; i < 70; i++) {
    const x = random() * W
    const y = 130 + random() * 220
    dots.push(
      `<circle cx="${f(x)}" cy="${f(y)}" r="${f(0.5 + random() * 1.2)}" fill="#ffffff" fill-opacity="${f(0.25 + random() * 0.6)}"/>`,
    )
  }
  return dots.join('')
}

function render(key: TypicalImageKey): string {
  const content = typicalImageContent(key, currentLocale())
  const random = seeded(key)
  const scene = content.scene
  const drawing =
    scene.kind === 'push-broom'
      ? pushBroom(scene, random)
      : scene.kind === 'stereo'
        ? stereo(scene)
        : scene.kind === 'staring'
          ? staring(scene)
          : sarStrip(scene, random)
  const badge = label('badge')
  const badgeWidth = Math.ceil(textWidth(badge, 18) + 28)
  const footer = wrap(label('footer'), 12.5, W - 64)
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="${FONT_ATTR}" role="img" aria-label="${escapeXml(`${badge} ${content.title}`)}">`,
    `<title>${escapeXml(`${content.title} · ${badge}`)}</title>`,
    `<desc>${escapeXml(content.howTaken)}</desc>`,
    '<defs>',
    '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#07142a"/><stop offset="0.55" stop-color="#10305a"/><stop offset="1" stop-color="#1b4a7a"/></linearGradient>',
    '<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2f5d45"/><stop offset="1" stop-color="#1e4030"/></linearGradient>',
    '<radialGradient id="earth" cx="0.38" cy="0.35" r="0.75"><stop offset="0" stop-color="#3b8fd0"/><stop offset="0.7" stop-color="#1f5f99"/><stop offset="1" stop-color="#0f3560"/></radialGradient>',
    '<linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fe3ff" stop-opacity="0.55"/><stop offset="1" stop-color="#8fe3ff" stop-opacity="0.12"/></linearGradient>',
    '<linearGradient id="beamHot" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffc94d" stop-opacity="0.6"/><stop offset="1" stop-color="#ffc94d" stop-opacity="0.15"/></linearGradient>',
    '<linearGradient id="panel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a6fc4"/><stop offset="1" stop-color="#1c3f7c"/></linearGradient>',
    '<linearGradient id="body" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f2d488"/><stop offset="1" stop-color="#b98b2e"/></linearGradient>',
    '<radialGradient id="glow"><stop offset="0" stop-color="#8fe3ff" stop-opacity="0.45"/><stop offset="1" stop-color="#8fe3ff" stop-opacity="0"/></radialGradient>',
    '</defs>',
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    stars(random),
    `<rect x="32" y="24" width="${badgeWidth}" height="34" rx="17" fill="#ffb020"/>`,
    text(32 + badgeWidth / 2, 47, badge, 'badge', 'middle'),
    text(32, 98, content.title, 'title'),
    text(32, 126, `${content.satellite} · ${content.sensor}`, 'subtitle'),
    `<g>${drawing}</g>`,
    figurePanel(content),
    `<rect x="0" y="${H - 18 - footer.length * 17}" width="${W}" height="${18 + footer.length * 17}" fill="#041020" fill-opacity="0.78"/>`,
    ...footer.map((line, i) => text(32, H - 10 - (footer.length - 1 - i) * 17, line, 'footer')),
    '</svg>',
  ].join('')
}

const cache = new Map<string, { svg: string; version: string }>()

/** The illustration of a sample in the current language and its version (hash of the SVG), built once per process and language. */
export function illustration(key: TypicalImageKey): { svg: string; version: string } {
  const cacheKey = `${currentLocale()} ${key}`
  let entry = cache.get(cacheKey)
  if (!entry) {
    const svg = render(key)
    entry = { svg, version: `i${createHash('sha256').update(svg).digest('hex').slice(0, 12)}` }
    cache.set(cacheKey, entry)
  }
  return entry
}
