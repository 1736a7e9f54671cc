import { Menu, type MenuProps } from 'antd'
import { useMemo } from 'react'
import { Link } from '../../../components/link'
import { useT } from '../../../lib/i18n'
import { navTitleKey, type SatelliteSectionId, satellitePath, sectionGroups } from '../utils/sections'

type Items = NonNullable<MenuProps['items']>

const INDEX_KEY = '__index'

/** Every satellite of the section (global ones under their kind), on every page of the section. */
export function SatelliteSideNav({ section, slug }: { section: SatelliteSectionId; slug?: string }) {
  const t = useT()
  const items = useMemo<Items>(() => {
    const link = (s: string) => ({ key: s, label: <Link to={satellitePath(section, s)}>{t(navTitleKey(section, s))}</Link> })
    const groups = sectionGroups(section)
    const entries: Items = [
      { key: INDEX_KEY, label: <Link to={satellitePath(section)}>{t('satellitePage.nav.overview')}</Link> },
      { type: 'divider' },
    ]
    for (const group of groups) {
      if (group.titleKey)
        entries.push({ type: 'group', key: `group-${group.key}`, label: t(group.titleKey), children: group.slugs.map(link) })
      else entries.push(...group.slugs.map(link))
    }
    return entries
  }, [section, t])

  return (
    <nav className="satellite-side-nav" data-testid="satellite-side-nav" aria-label={t('satellitePage.nav.title')}>
      <div className="satellite-side-nav__title">{t(`satellitePage.sections.${section}`)}</div>
      <Menu mode="inline" items={items} selectedKeys={[slug ?? INDEX_KEY]} className="satellite-side-nav__menu" />
    </nav>
  )
}
