import { LogoutOutlined, ShoppingCartOutlined, UserOutlined } from '@ant-design/icons'
import { cartBadgeText } from '@rs/shared'
import { Badge, Button } from 'antd'
import { useShallow } from 'zustand/react/shallow'
import { Link } from '../../../components/link'
import { Interpolated, OwnText, useT } from '../../../lib/i18n'
import { openLogin, useAuthStore } from '../state/auth-store'
import { logout } from '../state/session'

/** The header's right side: login and register, or cart, personal centre and logout. */
export function AccountActions() {
  const t = useT()
  const { user, cartCount, status } = useAuthStore(useShallow((s) => ({ user: s.user, cartCount: s.cartCount, status: s.status })))

  if (!user) {
    if (status === 'loading') return <div className="account-actions" aria-busy="true" />
    return (
      <div className="account-actions">
        <Button type="primary" className="account-actions__login" onClick={() => openLogin(null)} data-testid="header-login">
          {t('header.login')}
        </Button>
        <Link to="/register" data-testid="header-register" className="account-actions__register">
          {t('header.register')}
        </Link>
      </div>
    )
  }

  const badge = cartBadgeText(cartCount)
  const name = user.personInfo?.realName || user.username
  return (
    <div className="account-actions">
      <span className="account-actions__welcome">
        <Interpolated template={t('header.welcome')} values={{ name: <OwnText>{name}</OwnText> }} />
      </span>
      <Link
        to="/personal/personalCenter/shopping"
        className="account-actions__icon"
        data-testid="header-cart"
        title={t('header.cart')}
        aria-label={badge ? `${t('header.cart')} ${badge}` : t('header.cart')}
      >
        <Badge count={badge || undefined} size="small" offset={[4, -2]}>
          <ShoppingCartOutlined className="account-actions__glyph" />
        </Badge>
      </Link>
      <Link
        to="/personal/personalCenter/info"
        className="account-actions__icon"
        data-testid="header-personal"
        title={t('header.personalCenter')}
        aria-label={t('header.personalCenter')}
      >
        <UserOutlined className="account-actions__glyph" />
      </Link>
      <Button
        type="text"
        className="account-actions__logout"
        icon={<LogoutOutlined />}
        onClick={() => void logout()}
        data-testid="header-logout"
      >
        {t('header.logout')}
      </Button>
    </div>
  )
}
