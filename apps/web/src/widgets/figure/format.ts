import { groupDigits } from '../../lib/format-number'

/** Width of a text in em: CJK and full-width characters count one, others about half. */
export function textEm(text: string): number {
  let em = 0
  for (const char of text) em += (char.codePointAt(0) ?? 0) > 0x2e7f ? 1 : 0.55
  return em
}

/** A number as people read it in Chinese pages (thousands separators). */
export function formatNumber(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—'
  return groupDigits(value, { max: 2 })
}
