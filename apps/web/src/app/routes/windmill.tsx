import { BuildingPage } from '../../components/building-page'
import type { ScreenProps } from '../screen-props'

/** 风电监测 (windmill). Built by a later issue; until then the honest 建设中 page names the module. */
export default function WindmillScreen({ route }: ScreenProps) {
  return <BuildingPage route={route} />
}
