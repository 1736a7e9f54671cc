import { BuildingPage } from '../../components/building-page'
import { CoveragePage } from '../../features/coverage/components/coverage-page'
import { useSiteConfig } from '../../features/site/api/fetch-site-config'
import type { ScreenProps } from '../screen-props'

/** 统计分析 (statices): coverage statistics (覆盖统计); push statistics are built by the rest of issue 23 and say 建设中 until then. */
export default function StaticesScreen({ route }: ScreenProps) {
  const site = useSiteConfig()
  if (route.name === 'coverageStatics') return <CoveragePage tiandituKey={site.data?.tiandituKey ?? ''} />
  return <BuildingPage route={route} />
}
