import { allowedRegionIds, beijingMonth } from '@rs/shared'
import { useShallow } from 'zustand/react/shallow'
import { BuildingPage } from '../../components/building-page'
import { useAuthStore } from '../../features/auth/state/auth-store'
import { PlanAnalysisPage } from '../../features/plan-analysis/components/plan-analysis-page'
import { LocalDataPage } from '../../features/province-feedback/components/local-data-page'
import { RegionPicker } from '../../features/region/components/region-picker'
import { SharingPage } from '../../features/sharing/components/sharing-page'
import { useSiteConfig } from '../../features/site/api/fetch-site-config'
import { recentPeriods } from '../../lib/period'
import type { ScreenProps } from '../screen-props'

/** 统筹共享 (OverallPlan): the sharing overview (共享概况), local data (本地数据) and the overall analysis of the plans (统筹分析). */
export default function OverallPlanScreen({ route }: ScreenProps) {
  const site = useSiteConfig()
  const areaRanges = useAuthStore(useShallow((s) => s.areaRanges))
  const tiandituKey = site.data?.tiandituKey ?? ''
  if (route.name === 'regionPush') return <SharingPage tiandituKey={tiandituKey} periods={recentPeriods(Date.now())} />
  if (route.name === 'provinceFeedback')
    return (
      <LocalDataPage
        tiandituKey={tiandituKey}
        imageryTiles={site.data?.provinceImageryTiles ?? ''}
        cityEyeUrl={site.data?.externalLinks.cityEye ?? ''}
        regionPicker={(value, onChange) => (
          <RegionPicker value={value ?? '100000'} onChange={(code) => onChange(code === '100000' ? undefined : code)} />
        )}
      />
    )
  if (route.name === 'overallAnalysis')
    return (
      <PlanAnalysisPage
        tiandituKey={tiandituKey}
        areaRegionIds={allowedRegionIds(areaRanges)}
        thisYear={Math.floor(beijingMonth(Date.now()) / 100)}
        regionPicker={(value, onChange) => <RegionPicker value={value} onChange={onChange} />}
      />
    )
  return <BuildingPage route={route} />
}
