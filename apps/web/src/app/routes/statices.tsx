import { BuildingPage } from '../../components/building-page'
import { CoveragePage } from '../../features/coverage/components/coverage-page'
import { PushStatisticsPage } from '../../features/push/components/push-statistics-page'
import { useSiteConfig } from '../../features/site/api/fetch-site-config'
import type { ScreenProps } from '../screen-props'

/** 统计分析 (statices): coverage statistics (覆盖统计) and push statistics (推送统计). */
export default function StaticesScreen({ route }: ScreenProps) {
  const site = useSiteConfig()
  if (route.name === 'coverageStatics') return <CoveragePage tiandituKey={site.data?.tiandituKey ?? ''} />
  if (route.name === 'pushStatics') return <PushStatisticsPage tiandituKey={site.data?.tiandituKey ?? ''} />
  return <BuildingPage route={route} />
}
