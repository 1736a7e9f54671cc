import { type AdminUser, PERMISSION_CODE_PATTERN, permissionName } from '@rs/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Input, Popconfirm, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { OwnText, useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { ADMIN_KEY, useAdminUsers } from '../api/fetch-admin-users'
import { setUserDisabled } from '../api/manage-user'
import { unlockUser } from '../api/unlock-user'
import { formatTime } from '../utils/format-time'
import { type AdminRegionSlots, UserRightsEditor } from './user-rights-editor'

/** Module permissions by name; menu display keys (MOD_xxx_DISPLAY) are only counted. */
function PermissionTags({ user }: { user: AdminUser }) {
  const t = useT()
  const named = new Map(user.permissionNames.map((p) => [p.code, p.name]))
  const modules = user.permissions.filter((code) => !code.endsWith('_DISPLAY') && PERMISSION_CODE_PATTERN.test(code))
  const menuKeys = user.permissions.length - modules.length
  if (user.permissions.length === 0) return <span className="admin__muted">{t('admin.users.none')}</span>
  return (
    <Space size={[4, 4]} wrap>
      {modules.map((code) => (
        <Tooltip key={code} title={code}>
          <Tag color={code === 'MOD_001' ? 'red' : 'blue'}>{permissionName(t, code, named.get(code))}</Tag>
        </Tooltip>
      ))}
      {menuKeys > 0 ? <span className="admin__muted">{t('admin.users.menuKeys', { count: menuKeys })}</span> : null}
    </Space>
  )
}

function StateTags({ user }: { user: AdminUser }) {
  const t = useT()
  const tags = []
  if (user.lockedUntil)
    tags.push(
      <Tooltip key="locked" title={t('admin.users.lockedUntil', { time: formatTime(user.lockedUntil) })}>
        <Tag color="error" data-testid={`locked-${user.username}`}>
          {t('admin.users.locked')}
        </Tag>
      </Tooltip>,
    )
  if (user.disabled) tags.push(<Tag key="disabled">{t('admin.users.disabled')}</Tag>)
  if (user.mustChangePassword)
    tags.push(
      <Tag key="must" color="warning">
        {t('admin.users.mustChange')}
      </Tag>,
    )
  if (user.isServiceAccount) tags.push(<Tag key="service">{t('admin.users.service')}</Tag>)
  if (!user.lockedUntil && user.failedAttempts > 0)
    tags.push(
      <Tag key="failures" color="orange">
        {t('admin.users.failedAttempts', { count: user.failedAttempts })}
      </Tag>,
    )
  if (tags.length === 0)
    tags.push(
      <Tag key="normal" color="success">
        {t('admin.users.normal')}
      </Tag>,
    )
  return (
    <Space size={[4, 4]} wrap>
      {tags}
    </Space>
  )
}

/**
 * /admin/users: accounts found by name, with permissions by name, area ranges, lock and disabled
 * state; locks lifted, accounts disabled or enabled, permissions and area ranges edited.
 */
export function AdminUsersPage({ regions }: { regions: AdminRegionSlots }) {
  const t = useT()
  const [search, setSearch] = useState('')
  const users = useAdminUsers(search)
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<AdminUser | null>(null)

  const handleDisabled = async (user: AdminUser, disabled: boolean) => {
    try {
      await setUserDisabled(user.id, disabled)
      notify.success(t(disabled ? 'admin.users.disabledDone' : 'admin.users.enabledDone', { name: user.username }))
    } catch (error) {
      notify.error(errorMessage(error))
    }
    await queryClient.invalidateQueries({ queryKey: ADMIN_KEY })
  }

  const handleUnlock = async (user: AdminUser) => {
    try {
      await unlockUser(user.id)
      notify.success(t('admin.users.unlocked', { name: user.username }))
    } catch (error) {
      notify.error(errorMessage(error))
    }
    await queryClient.invalidateQueries({ queryKey: ADMIN_KEY })
  }

  const columns: TableColumnsType<AdminUser> = [
    { title: t('admin.users.username'), dataIndex: 'username', width: 130, fixed: 'left' },
    { title: t('admin.users.realName'), dataIndex: 'realName', width: 150, render: (name: string) => <OwnText>{name}</OwnText> },
    { title: t('admin.users.permissions'), key: 'permissions', render: (_, user) => <PermissionTags user={user} /> },
    {
      title: t('admin.users.regions'),
      dataIndex: 'regionIds',
      width: 150,
      render: (ids: string[]) =>
        ids.length > 0 ? (
          <Space size={[4, 4]} wrap>
            {ids.map((code) => (
              <Tag key={code}>{regions.renderName(code)}</Tag>
            ))}
          </Space>
        ) : (
          <span className="admin__muted">{t('admin.users.none')}</span>
        ),
    },
    { title: t('admin.users.state'), key: 'state', width: 200, render: (_, user) => <StateTags user={user} /> },
    {
      title: t('admin.users.actions'),
      key: 'actions',
      width: 230,
      render: (_, user) => (
        <Space size={4} wrap>
          {user.lockedUntil || user.failedAttempts > 0 ? (
            <Popconfirm
              title={t('admin.users.unlockConfirm', { name: user.username })}
              okText={t('upgrade.confirm')}
              cancelText={t('upgrade.cancel')}
              onConfirm={() => handleUnlock(user)}
            >
              <Button size="small" danger={!!user.lockedUntil} data-testid={`unlock-${user.username}`}>
                {t('admin.users.unlock')}
              </Button>
            </Popconfirm>
          ) : null}
          {user.isServiceAccount ? null : (
            <Button size="small" onClick={() => setEditing(user)} data-testid={`edit-${user.username}`}>
              {t('admin.users.edit')}
            </Button>
          )}
          <Popconfirm
            title={t(user.disabled ? 'admin.users.enableConfirm' : 'admin.users.disableConfirm', { name: user.username })}
            okText={t('upgrade.confirm')}
            cancelText={t('upgrade.cancel')}
            onConfirm={() => handleDisabled(user, !user.disabled)}
          >
            <Button size="small" danger={!user.disabled} data-testid={`${user.disabled ? 'enable' : 'disable'}-${user.username}`}>
              {t(user.disabled ? 'admin.users.enable' : 'admin.users.disable')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ]

  return (
    <section className="admin" data-testid="admin-users">
      <h1 className="admin__title">{t('admin.users.title')}</h1>
      <p className="admin__intro">{t('admin.users.intro')}</p>
      <Input.Search
        className="admin__search"
        allowClear
        placeholder={t('admin.users.search')}
        onSearch={(value) => setSearch(value.trim())}
        style={{ maxWidth: 360, marginBottom: 12 }}
        data-testid="admin-users-search"
      />
      {users.isError ? <Alert type="error" showIcon title={t('admin.users.loadFailed')} description={errorMessage(users.error)} /> : null}
      <Table<AdminUser>
        rowKey="id"
        size="middle"
        loading={users.isLoading}
        columns={columns}
        dataSource={users.data ?? []}
        pagination={false}
        scroll={{ x: 1100 }}
      />
      <UserRightsEditor
        user={editing}
        regions={regions}
        onClose={(saved) => {
          setEditing(null)
          if (saved) void queryClient.invalidateQueries({ queryKey: ADMIN_KEY })
        }}
      />
    </section>
  )
}
