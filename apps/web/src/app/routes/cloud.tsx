import { BuildingPage } from '../../components/building-page'
import type { ScreenProps } from '../screen-props'

/** 云服务大图 (cloud). Built by a later issue; until then the honest 建设中 page names the module. */
export default function CloudScreen({ route }: ScreenProps) {
  return <BuildingPage route={route} />
}
