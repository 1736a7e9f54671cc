import '../../features/auth/account.css'
import { FileTextOutlined, IdcardOutlined, ProfileOutlined, ShoppingCartOutlined } from '@ant-design/icons'
import { hasPermission, PERMISSION, tZh } from '@rs/shared'
import { Menu, Tabs } from 'antd'
import { useEffect } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { Link } from '../../components/link'
import '../../features/apply/apply.css'
import { MyApplyPage } from '../../features/apply/components/my-apply-page'
import { CodeSender } from '../../features/auth/components/code-sender'
import { useAuthStore } from '../../features/auth/state/auth-store'
import { refreshUser } from '../../features/auth/state/session'
import { CartPage } from '../../features/orders/components/cart-page'
import { OrderList } from '../../features/orders/components/order-list'
import { PersonInfoCard, type PersonSlots } from '../../features/personal/components/person-info-card'
import { UserInfoPanel } from '../../features/personal/components/user-info-panel'
import { RegionName } from '../../features/region/components/region-name'
import { RegionPicker } from '../../features/region/components/region-picker'
import { recordVisit } from '../../features/statistics/api/increment-visit'
import { useT } from '../../lib/i18n'
import type { ScreenProps } from '../screen-props'

const SECTIONS = [
  { key: 'info', icon: <IdcardOutlined /> },
  { key: 'shopping', icon: <ShoppingCartOutlined /> },
  { key: 'myOrder', icon: <ProfileOutlined /> },
  { key: 'myApply', icon: <FileTextOutlined /> },
] as const

const BASE = '/personal/personalCenter'

const regions = {
  renderPicker: ({ value, onChange }: { value: string; onChange: (code: string) => void }) => (
    <RegionPicker value={value} onChange={onChange} />
  ),
  renderName: (code: string) => <RegionName code={code} />,
}

const personSlots: PersonSlots = {
  ...regions,
  renderCodeSender: ({ purpose, channel, getAddress, onSent }) => (
    <CodeSender purpose={purpose} channel={channel} getAddress={getAddress} onSent={(captcha) => onSent(captcha.token)} />
  ),
  onAccountChanged: refreshUser,
}

/** The personal centre: a side menu; information, cart, orders (with 订单审核 for MOD_062) and applications. */
export default function PersonalScreen({ route }: ScreenProps) {
  const t = useT()
  const { user, areaRanges } = useAuthStore(useShallow((s) => ({ user: s.user, areaRanges: s.areaRanges })))
  const section = route.path.split('/')[2] ?? 'info'

  useEffect(() => {
    // counted once each time the personal centre opens, not per section
    void recordVisit('Personal', tZh('nav.personalCenter'))
  }, [])

  return (
    <div className="personal">
      <aside className="personal__side">
        <h2 className="personal__heading">{t('nav.personalCenter')}</h2>
        <Menu
          mode="inline"
          selectedKeys={[section]}
          items={SECTIONS.map((s) => ({
            key: s.key,
            icon: s.icon,
            label: <Link to={`${BASE}/${s.key}`}>{t(`nav.personal.${s.key}`)}</Link>,
          }))}
        />
      </aside>
      <section className="personal__main">
        {section === 'info' && user ? (
          <>
            <UserInfoPanel user={user} areaRanges={areaRanges} />
            <PersonInfoCard slots={personSlots} />
          </>
        ) : section === 'shopping' ? (
          <CartPage myOrdersPath={`${BASE}/myOrder`} />
        ) : section === 'myOrder' && user ? (
          hasPermission(user.permissions, PERMISSION.orderReview) ? (
            <Tabs
              items={[
                { key: 'mine', label: t('order.list.title'), children: <OrderList mode="mine" /> },
                { key: 'review', label: t('order.list.reviewTitle'), children: <OrderList mode="review" currentUser={user.username} /> },
              ]}
            />
          ) : (
            <OrderList mode="mine" />
          )
        ) : section === 'myApply' && user ? (
          <MyApplyPage
            regions={regions}
            onGranted={() => void refreshUser().catch((error) => console.error('user refresh failed', error))}
          />
        ) : null}
      </section>
    </div>
  )
}
