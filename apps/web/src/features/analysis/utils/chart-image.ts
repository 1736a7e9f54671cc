import { CHART_FONT_FAMILY } from '../../../charts/portal-theme'

export interface ChartImageText {
  title: string
  /** Lines under the chart: what is counted and the attribution. */
  footer: string[]
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image()
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error('chart image did not load'))
    image.src = src
  })
}

/**
 * A PNG of a chart with its title above and the attribution below, so the picture keeps its
 * source wherever it is pasted. chartPng is ECharts' data URL at `pixelRatio`.
 */
export async function composeChartImage(chartPng: string, chartWidth: number, text: ChartImageText, pixelRatio = 2): Promise<string> {
  const chart = await loadImage(chartPng)
  const pad = 16
  const titleHeight = 40
  const lineHeight = 20
  const width = Math.max(chartWidth, 320)
  const chartHeight = chart.height / pixelRatio
  const height = titleHeight + chartHeight + pad + text.footer.length * lineHeight + pad
  const canvas = document.createElement('canvas')
  canvas.width = Math.round(width * pixelRatio)
  canvas.height = Math.round(height * pixelRatio)
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('no 2D canvas')
  ctx.scale(pixelRatio, pixelRatio)
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, width, height)
  ctx.textBaseline = 'middle'
  ctx.fillStyle = '#1f2933'
  ctx.font = `600 16px ${CHART_FONT_FAMILY}`
  ctx.fillText(text.title, pad, titleHeight / 2 + 4, width - 2 * pad)
  ctx.drawImage(chart, 0, titleHeight, chart.width / pixelRatio, chartHeight)
  ctx.fillStyle = '#6b7785'
  ctx.font = `12px ${CHART_FONT_FAMILY}`
  text.footer.forEach((line, i) => {
    ctx.fillText(line, pad, titleHeight + chartHeight + pad + lineHeight * i + lineHeight / 2, width - 2 * pad)
  })
  return canvas.toDataURL('image/png')
}
