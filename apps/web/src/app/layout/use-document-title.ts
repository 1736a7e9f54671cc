import { useEffect } from 'react'
import { useMatches } from 'react-router'
import { useT } from '../../lib/i18n'
import type { RouteHandle } from '../route-tree'

/** "页面标题 - 平台名称" in the browser tab. */
export function useDocumentTitle(): void {
  const t = useT()
  const matches = useMatches()
  const node = (matches.at(-1)?.handle as RouteHandle | undefined)?.node
  useEffect(() => {
    const app = t('app.name')
    document.title = node && node.name !== 'Home' ? `${t(node.title)} - ${app}` : app
  }, [node, t])
}
