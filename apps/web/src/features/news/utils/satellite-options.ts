import type { DataOf, Locale, satelliteList } from '@rs/shared'
import type { Translate } from '../../../lib/i18n'

type SatelliteSummary = DataOf<typeof satelliteList>[number]

export interface SatelliteOptionGroup {
  label: string
  options: Array<{ label: string; value: string }>
}

/** A series' name in the screen's language: its English name on an English screen, else its Chinese one. */
export function seriesName(s: SatelliteSummary, locale: Locale): string {
  return locale === 'en-US' ? s.nameEn || s.nameZh : s.nameZh
}

/** Select options of the satellite series: Chinese ones first, then the others, each by its name in the screen's language. */
export function satelliteOptions(
  list: readonly SatelliteSummary[] | undefined,
  t: Translate,
  locale: Locale = 'zh-CN',
): SatelliteOptionGroup[] {
  if (!list) return []
  const option = (s: SatelliteSummary) => ({ label: seriesName(s, locale), value: s.slug })
  return [
    { label: t('newsPage.satelliteChinese'), options: list.filter((s) => s.country === 'CN').map(option) },
    { label: t('newsPage.satelliteGlobal'), options: list.filter((s) => s.country !== 'CN').map(option) },
  ].filter((group) => group.options.length > 0)
}

/** The name of each series by slug, in the screen's language. */
export function satelliteNames(list: readonly SatelliteSummary[] | undefined, locale: Locale = 'zh-CN'): Map<string, string> {
  return new Map((list ?? []).map((s) => [s.slug, seriesName(s, locale)]))
}
