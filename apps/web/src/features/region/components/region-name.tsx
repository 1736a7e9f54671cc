import { WHOLE_COUNTRY_CODE } from '@rs/shared'
import { useT } from '../../../lib/i18n'
import { useRegionDetail } from '../api/fetch-region-detail'

/** A region's name for its six-digit code (全国 for 100000); the code itself while loading or when unknown. */
export function RegionName({ code }: { code: string }) {
  const t = useT()
  const region = useRegionDetail(code)
  if (code === WHOLE_COUNTRY_CODE) return <>{t('picker.country')}</>
  return <>{region.data?.name ?? code}</>
}
