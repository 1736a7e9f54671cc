/**
 * A number as zh-CN writes it: digits grouped by thousands ('12,345.6'), rounded half away from
 * zero to at most `max` decimals and padded to at least `min` — what
 * `toLocaleString('zh-CN', { minimumFractionDigits, maximumFractionDigits })` gives (format-number.test.ts
 * compares the two). Written out because the first use of Intl's number formatting loads the
 * locale's ICU data: 25 ms in this machine's Chromium, about 100 ms on a mid-range phone, inside
 * the first render of the home page.
 */
export function groupDigits(value: number, { max = 3, min = 0 }: { max?: number; min?: number } = {}): string {
  if (!Number.isFinite(value)) return value.toLocaleString('zh-CN')
  const abs = Math.abs(value)
  // exponent notation rounds the decimal digits as written, not their binary approximation (1.005 → 1.01)
  const rounded =
    abs >= 1e21 || abs < 1e-6 ? Math.round(abs * 10 ** max) / 10 ** max : Number(`${Math.round(Number(`${abs}e${max}`))}e-${max}`)
  let text = rounded.toFixed(max)
  if (max > min) text = text.replace(new RegExp(`\\.?0{1,${max - min}}$`), '')
  const [whole = '0', fraction] = text.split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const sign = value < 0 && rounded !== 0 ? '-' : ''
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`
}

/** "1.5 MB" or "320 KB": a file's size for messages and lists. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}
