import { BuildingPage } from '../../components/building-page'
import type { ScreenProps } from '../screen'

/** 典型影像 (typicalImage): sample images per sensor. Built by a later issue; until then the honest 建设中 page names the module. */
export default function TypicalImageScreen({ route }: ScreenProps) {
  return <BuildingPage route={route} />
}
