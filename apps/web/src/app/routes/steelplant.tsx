import { BuildingPage } from '../../components/building-page'
import type { ScreenProps } from '../screen-props'

/** 钢铁厂监测 (steelplant). Built by a later issue; until then the honest 建设中 page names the module. */
export default function SteelplantScreen({ route }: ScreenProps) {
  return <BuildingPage route={route} />
}
