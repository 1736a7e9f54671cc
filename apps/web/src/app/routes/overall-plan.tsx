import { BuildingPage } from '../../components/building-page'
import { LocalDataPage } from '../../features/province-feedback/components/local-data-page'
import { RegionPicker } from '../../features/region/components/region-picker'
import { SharingPage } from '../../features/sharing/components/sharing-page'
import { useSiteConfig } from '../../features/site/api/fetch-site-config'
import { recentPeriods } from '../../lib/period'
import type { ScreenProps } from '../screen-props'

/** 统筹共享 (OverallPlan): the sharing overview (共享概况) and local data (本地数据); the procurement analysis is the next issue's and says 建设中. */
export default function OverallPlanScreen({ route }: ScreenProps) {
  const site = useSiteConfig()
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
  return <BuildingPage route={route} />
}
