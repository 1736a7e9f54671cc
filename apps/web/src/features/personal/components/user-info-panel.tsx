import { type AreaRange, isPasswordStale, type UserInfo } from '@rs/shared'
import { Card, Descriptions, Tag } from 'antd'
import { OwnText, useLocale, useT } from '../../../lib/i18n'
import { permissionEntries, regionEntries } from '../utils/permission-labels'

const LABEL_STYLES = { label: { width: 150, whiteSpace: 'nowrap' as const } }

/** The personal centre's account information: contact data as the server masked it, permissions and area ranges. */
export function UserInfoPanel({ user, areaRanges }: { user: UserInfo; areaRanges: readonly AreaRange[] }) {
  const t = useT()
  const locale = useLocale()
  const none = <span className="muted">{t('personal.none')}</span>
  const permissions = permissionEntries(user.permissions)
  const regions = regionEntries(areaRanges)
  const changedAt = new Date(user.lastModifyTime)
  const accountType = user.isServiceAccount
    ? t('personal.serviceAccount')
    : user.accountType === 0
      ? t('personal.personAccount')
      : t('personal.otherAccount')

  return (
    <div className="user-info" data-testid="personal-info">
      <Card title={t('personal.account')} className="user-info__card">
        <Descriptions
          column={2}
          bordered
          size="middle"
          styles={LABEL_STYLES}
          items={[
            { key: 'username', label: t('personal.username'), children: <span data-testid="personal-username">{user.username}</span> },
            {
              key: 'realName',
              label: t('personal.realName'),
              children: user.personInfo?.realName ? <OwnText>{user.personInfo.realName}</OwnText> : none,
            },
            {
              key: 'organization',
              label: t('personal.organization'),
              children: user.personInfo?.organization ? <OwnText>{user.personInfo.organization}</OwnText> : none,
            },
            { key: 'accountType', label: t('personal.accountType'), children: accountType },
            {
              key: 'telephone',
              label: t('personal.telephone'),
              children: user.telephone ? <a href={user.telephone.uri}>{user.telephone.value}</a> : none,
            },
            { key: 'email', label: t('personal.email'), children: user.email ? <a href={user.email.uri}>{user.email.value}</a> : none },
            {
              key: 'lastModifyTime',
              label: t('personal.lastModifyTime'),
              span: 2,
              children: (
                <span>
                  {Number.isNaN(changedAt.getTime()) ? none : changedAt.toLocaleString(locale, { hour12: false })}
                  {isPasswordStale(user.lastModifyTime) && (
                    <Tag color="warning" className="user-info__tag">
                      {t('personal.passwordStaleTag')}
                    </Tag>
                  )}
                </span>
              ),
            },
          ]}
        />
      </Card>
      <Card title={t('personal.access')} className="user-info__card">
        <Descriptions
          column={1}
          bordered
          size="middle"
          styles={LABEL_STYLES}
          items={[
            {
              key: 'permissions',
              label: t('personal.permissions'),
              children:
                permissions.length === 0
                  ? none
                  : permissions.map((p) => (
                      <Tag key={p.code} color="blue" className="user-info__tag" data-testid="personal-permission">
                        {t(p.titleKey) === p.titleKey ? (
                          p.code
                        ) : (
                          <>
                            {t(p.titleKey)}
                            <span className="user-info__code">{p.code}</span>
                          </>
                        )}
                      </Tag>
                    )),
            },
            {
              key: 'areaRanges',
              label: t('personal.areaRanges'),
              children:
                regions.length === 0
                  ? none
                  : regions.map((r) => (
                      <Tag key={r.regionId} className="user-info__tag">
                        {r.level ? t(`personal.regionLevel.${r.level}`) : ''} {r.regionId}
                      </Tag>
                    )),
            },
            {
              key: 'pushNodes',
              label: t('personal.pushNodes'),
              children:
                user.personInfo && user.personInfo.relatePushNodeInfo.length > 0
                  ? user.personInfo.relatePushNodeInfo.map((n) => (
                      <Tag key={n.id} className="user-info__tag">
                        {t('personal.region', { name: n.name, code: n.regionId })}
                      </Tag>
                    ))
                  : none,
            },
          ]}
        />
      </Card>
    </div>
  )
}
