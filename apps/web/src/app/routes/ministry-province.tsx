import { BuildingPage } from '../../components/building-page'
import type { ScreenProps } from '../screen-props'

/** 部省协同 (MinistryProvince): plan filling and publishing. Built by a later issue; until then the honest 建设中 page names the module. */
export default function MinistryProvinceScreen({ route }: ScreenProps) {
  return <BuildingPage route={route} />
}
