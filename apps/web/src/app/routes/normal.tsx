import { BuildingPage } from '../../components/building-page'
import type { ScreenProps } from '../screen'

/** 影像查询 (normal): image query; reads the geojsonId an automatic login with code 2 brings. Built by a later issue; until then the honest 建设中 page names the module. */
export default function NormalScreen({ route }: ScreenProps) {
  return <BuildingPage route={route} />
}
