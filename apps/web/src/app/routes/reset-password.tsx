import { BuildingPage } from '../../components/building-page'
import type { ScreenProps } from '../screen-props'

/** 重置密码 (resetPassword). Built by a later issue; until then the honest 建设中 page names the module. */
export default function ResetPasswordScreen({ route }: ScreenProps) {
  return <BuildingPage route={route} />
}
