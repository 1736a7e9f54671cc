import type { UserInfo } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { render, screen } from '../../../test/render'
import { UserInfoPanel } from './user-info-panel'

const admin: UserInfo = {
  id: 1,
  username: 'admin',
  accountType: 1,
  telephone: null,
  email: null,
  permissions: ['MOD_001', 'MOD_002', 'MOD_002_DISPLAY', 'MOD_055_DISPLAY', 'MOD_061', 'MOD_061_DISPLAY'],
  lastModifyTime: new Date().toISOString(),
  isServiceAccount: false,
  personInfo: null,
}

describe('UserInfoPanel', () => {
  it('lists each permission once by its Chinese name, without the menu display keys', () => {
    render(<UserInfoPanel user={admin} areaRanges={[]} />)
    const tags = screen.getAllByTestId('personal-permission').map((el) => el.textContent)
    expect(tags).toEqual(['系统管理MOD_001', '内容管理（新闻、典型影像）MOD_002', '购物车与订单数据MOD_061'])
    expect(screen.getByTestId('personal-info').textContent).not.toContain('DISPLAY')
  })
})
