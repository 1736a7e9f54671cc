import { type StatusKind, StatusPage } from '../../components/status-page'
import type { ScreenProps } from '../screen-props'

/** The standalone /401, /403 and /404 pages. */
export default function ErrorPageScreen({ route }: ScreenProps) {
  const kind = Number(route.path) as StatusKind
  return <StatusPage kind={kind === 401 || kind === 403 ? kind : 404} />
}
