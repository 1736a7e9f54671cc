import { Menu, type MenuProps } from 'antd'
import { useMemo } from 'react'
import { Link } from '../../../components/link'
import { type Translate, useT } from '../../../lib/i18n'
import { type NavEntry, selectedNavKeys } from '../utils/nav-entries'

type Items = NonNullable<MenuProps['items']>

function toMenuItems(entries: readonly NavEntry[], t: Translate): Items {
  return entries.map((entry) => {
    const label = t(entry.title)
    if (entry.children) {
      return { key: entry.key, label, children: toMenuItems(entry.children, t), popupClassName: 'main-nav__popup' }
    }
    if (entry.href) {
      return {
        key: entry.key,
        label: (
          <a href={entry.href} target="_blank" rel="noopener noreferrer">
            {label}
          </a>
        ),
      }
    }
    return { key: entry.key, label: <Link to={entry.to}>{label}</Link> }
  })
}

/** The main navigation: a horizontal menu with dropdowns; entries wrap instead of folding into "…". */
export function MainNav({ entries, pathname }: { entries: readonly NavEntry[]; pathname: string }) {
  const t = useT()
  const items = useMemo(() => toMenuItems(entries, t), [entries, t])
  const selectedKeys = useMemo(() => selectedNavKeys(entries, pathname), [entries, pathname])
  return (
    <nav className="main-nav" data-testid="main-nav" aria-label={t('header.mainNav')}>
      <Menu mode="horizontal" theme="dark" items={items} selectedKeys={selectedKeys} className="main-nav__menu" disabledOverflow />
    </nav>
  )
}
