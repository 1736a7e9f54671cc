/** The font stack of the chart images the server draws, so the export's text matches them. */
const CHART_FONT_FAMILY = '"Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif'

export interface ChartImageText {
  title: string
  /** Paragraphs under the chart: what is counted, the note and the attribution. */
  footer: string[]
}

const PAD = 16
const TITLE_HEIGHT = 40
const LINE_HEIGHT = 20
const TITLE_FONT = `600 16px ${CHART_FONT_FAMILY}`
const FOOTER_FONT = `12px ${CHART_FONT_FAMILY}`

/** Breaks a paragraph into lines no wider than maxWidth (Chinese text may break between any two characters). */
export function wrapText(text: string, maxWidth: number, measure: (text: string) => number): string[] {
  const lines: string[] = []
  let line = ''
  for (const char of text) {
    if (line && measure(line + char) > maxWidth) {
      lines.push(line)
      line = char.trim() ? char : ''
    } else {
      line += char
    }
  }
  if (line) lines.push(line)
  return lines
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image()
    image.decoding = 'async'
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error('chart image did not load'))
    image.src = src
  })
}

/**
 * A PNG of a chart with its title above and what is counted and the attribution below, so the
 * picture keeps its source wherever it is pasted. chartSrc is the chart's SVG image (same origin
 * and without foreignObject, so drawing it leaves the canvas readable); it is drawn at its own size
 * (`size`, else the image's natural size) times `pixelRatio`, sharp because it is vector.
 */
export async function composeChartImage(
  chartSrc: string,
  size: { width: number; height: number } | undefined,
  text: ChartImageText,
  pixelRatio = 2,
): Promise<string> {
  const chart = await loadImage(chartSrc)
  const chartWidth = size?.width ?? chart.naturalWidth
  const chartHeight = size?.height ?? chart.naturalHeight
  if (!chartWidth || !chartHeight) throw new Error('chart image has no size')
  const width = Math.max(chartWidth, 320)
  const canvas = document.createElement('canvas')
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('no 2D canvas')
  ctx.font = FOOTER_FONT
  const lines = text.footer.flatMap((paragraph) => wrapText(paragraph, width - 2 * PAD, (t) => ctx.measureText(t).width))
  const height = TITLE_HEIGHT + chartHeight + PAD + lines.length * LINE_HEIGHT + PAD

  // resizing the canvas resets the context's state
  canvas.width = Math.round(width * pixelRatio)
  canvas.height = Math.round(height * pixelRatio)
  ctx.scale(pixelRatio, pixelRatio)
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, width, height)
  ctx.textBaseline = 'middle'
  ctx.fillStyle = '#1f2933'
  ctx.font = TITLE_FONT
  ctx.fillText(text.title, PAD, TITLE_HEIGHT / 2 + 4, width - 2 * PAD)
  ctx.drawImage(chart, (width - chartWidth) / 2, TITLE_HEIGHT, chartWidth, chartHeight)
  ctx.fillStyle = '#6b7785'
  ctx.font = FOOTER_FONT
  lines.forEach((line, i) => {
    ctx.fillText(line, PAD, TITLE_HEIGHT + chartHeight + PAD + LINE_HEIGHT * i + LINE_HEIGHT / 2)
  })
  return canvas.toDataURL('image/png')
}
