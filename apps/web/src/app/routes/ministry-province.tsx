import { allowedRegionIds, planUnitTypeOf } from '@rs/shared'
import { useShallow } from 'zustand/react/shallow'
import { AoiUpload } from '../../features/aoi/components/aoi-upload'
import { DrawToolbar } from '../../features/aoi/components/draw-toolbar'
import { useAuthStore } from '../../features/auth/state/auth-store'
import { PlanFillPage } from '../../features/plans/components/plan-fill-page'
import { PlanPublishPage } from '../../features/plans/components/plan-publish-page'
import type { PlanSlots } from '../../features/plans/components/plan-slots'
import { RegionName } from '../../features/region/components/region-name'
import { RegionPicker } from '../../features/region/components/region-picker'
import { useSiteConfig } from '../../features/site/api/fetch-site-config'
import type { ScreenProps } from '../screen-props'

/** What the plan screens take from the region, area-upload and draw features. */
const slots: PlanSlots = {
  regionPicker: ({ value, onChange, within }) => <RegionPicker value={value} onChange={onChange} within={within ? [within] : undefined} />,
  regionName: (code) => <RegionName code={code} />,
  areaUpload: ({ current, onUploaded }) => <AoiUpload current={current} onUploaded={onUploaded} />,
  drawToolbar: ({ active, onChoose, onClear }) => <DrawToolbar active={active} onChoose={onChoose} onClear={onClear} />,
}

/** 部省协同 (MinistryProvince): 规划填报 (planFill, a unit's plan) and 规划发布 (planPublish: years, list, summary sheet); the route's name tells them apart. */
export default function MinistryProvinceScreen({ route }: ScreenProps) {
  const site = useSiteConfig()
  const areaRanges = useAuthStore(useShallow((s) => s.areaRanges))
  const tiandituKey = site.data?.tiandituKey ?? ''
  if (route.name === 'planPublish') return <PlanPublishPage slots={slots} tiandituKey={tiandituKey} />
  // the units a user fills for: the provinces, cities and counties of their area ranges (the whole country is none)
  const units = allowedRegionIds(areaRanges).filter((code) => planUnitTypeOf(code) !== null)
  return <PlanFillPage units={units} slots={slots} tiandituKey={tiandituKey} />
}
