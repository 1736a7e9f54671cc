import { ToolOutlined } from '@ant-design/icons'
import type { RouteNode } from '@rs/shared'
import { Button, Result } from 'antd'
import { useT } from '../lib/i18n'
import { Link } from './link'

/** The honest placeholder of a screen that a later issue builds: it names the module. */
export function BuildingPage({ route }: { route: Pick<RouteNode, 'title'> }) {
  const t = useT()
  const name = t(route.title)
  return (
    <div className="status-page" data-testid="page-building">
      <Result
        icon={<ToolOutlined className="building-icon" />}
        title={t('pages.buildingTitle', { name })}
        subTitle={t('pages.buildingDesc', { name })}
        extra={
          <Link to="/home">
            <Button type="primary">{t('pages.backHome')}</Button>
          </Link>
        }
      />
    </div>
  )
}
