import { BuildingPage } from '../../components/building-page'
import type { ScreenProps } from '../screen-props'

/** 应用服务 (monitor): land cover, non-agricultural use and planting structure monitoring. Built by a later issue; until then the honest 建设中 page names the module. */
export default function MonitorScreen({ route }: ScreenProps) {
  return <BuildingPage route={route} />
}
