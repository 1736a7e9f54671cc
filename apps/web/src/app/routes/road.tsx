import { BuildingPage } from '../../components/building-page'
import type { ScreenProps } from '../screen-props'

/** 道路监测 (road). Built by a later issue; until then the honest 建设中 page names the module. */
export default function RoadScreen({ route }: ScreenProps) {
  return <BuildingPage route={route} />
}
