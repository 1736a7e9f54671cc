import type { DataOf, satelliteList } from '@rs/shared'
import type { Translate } from '../../../lib/i18n'

type SatelliteSummary = DataOf<typeof satelliteList>[number]

export interface SatelliteOptionGroup {
  label: string
  options: Array<{ label: string; value: string }>
}

/** Select options of the satellite series: Chinese ones first, then the others, each by its Chinese name. */
export function satelliteOptions(list: readonly SatelliteSummary[] | undefined, t: Translate): SatelliteOptionGroup[] {
  if (!list) return []
  const option = (s: SatelliteSummary) => ({ label: s.nameZh, value: s.slug })
  return [
    { label: t('newsPage.satelliteChinese'), options: list.filter((s) => s.country === 'CN').map(option) },
    { label: t('newsPage.satelliteGlobal'), options: list.filter((s) => s.country !== 'CN').map(option) },
  ].filter((group) => group.options.length > 0)
}

/** The Chinese name of each series by slug. */
export function satelliteNames(list: readonly SatelliteSummary[] | undefined): Map<string, string> {
  return new Map((list ?? []).map((s) => [s.slug, s.nameZh]))
}
