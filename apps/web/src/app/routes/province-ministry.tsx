import '../../features/province-ministry/province-ministry.css'
import { allowedRegionIds, provinceMinistryRole } from '@rs/shared'
import { useMemo } from 'react'
import { useAuthStore } from '../../features/auth/state/auth-store'
import { ProvinceMinistryPage } from '../../features/province-ministry/components/province-ministry-page'
import { RegionPicker } from '../../features/region/components/region-picker'
import type { ScreenProps } from '../screen-props'

/** 省部协同 (ProvinceMinistry, MOD_090): a province's requests to the ministry, composed with the session's area ranges and the region picker limited to them. */
export default function ProvinceMinistryScreen(_: ScreenProps) {
  const areaRanges = useAuthStore((s) => s.areaRanges)
  const regionIds = useMemo(() => allowedRegionIds(areaRanges), [areaRanges])
  return (
    <ProvinceMinistryPage
      role={provinceMinistryRole(regionIds)}
      regionIds={regionIds}
      regionPicker={(value, onChange) => <RegionPicker value={value} onChange={onChange} within={regionIds} />}
    />
  )
}
