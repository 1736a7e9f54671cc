import { describe, expect, it } from 'vitest'
import {
  canAsk,
  PROVINCE_MINISTRY_EVENTS,
  PROVINCE_MINISTRY_STATES,
  provinceMinistryActions,
  provinceMinistryMachine,
  provinceMinistryRole,
  replyEventOf,
} from './province-ministry'

const machine = provinceMinistryMachine

describe('the 省部协同 state machine', () => {
  it('answers an open request, opens it again on a follow-up, and closes it from either state', () => {
    expect(machine.next('open', 'answer')).toBe('answered')
    expect(machine.next('answered', 'followUp')).toBe('open')
    expect(machine.next('open', 'close')).toBe('closed')
    expect(machine.next('answered', 'close')).toBe('closed')
  })

  it('refuses a second answer, a follow-up before the answer, and anything once closed', () => {
    expect(machine.next('answered', 'answer')).toBeNull()
    expect(machine.next('open', 'followUp')).toBeNull()
    for (const event of machine.events) expect(machine.next('closed', event), event).toBeNull()
    expect(machine.isFinal('closed')).toBe(true)
    expect(machine.events).toEqual(PROVINCE_MINISTRY_EVENTS)
    expect(PROVINCE_MINISTRY_STATES.filter((s) => machine.isFinal(s))).toEqual(['closed'])
  })

  it('lets the ministry answer, the province follow up, and both close', () => {
    expect(machine.rolesOf('answer')).toEqual(['ministry'])
    expect(machine.rolesOf('followUp')).toEqual(['province'])
    expect(machine.rolesOf('close')).toEqual(['province', 'ministry'])
    expect(machine.eventsFor('open', ['ministry'])).toEqual(['answer', 'close'])
    expect(machine.eventsFor('open', ['province'])).toEqual(['close'])
    expect(machine.eventsFor('answered', ['province'])).toEqual(['followUp', 'close'])
    expect(machine.eventsFor('answered', ['ministry'])).toEqual(['close'])
    expect(replyEventOf('ministry')).toBe('answer')
    expect(replyEventOf('province')).toBe('followUp')
  })

  it('never lets the asker answer their own request, even once given the whole country', () => {
    expect(machine.separationConflict('answer', 7, { asker: 7 })).toBe('asker')
    expect(machine.separationConflict('answer', 8, { asker: 7 })).toBeNull()
    expect(machine.separationConflict('close', 7, { asker: 7 })).toBeNull()
    expect(provinceMinistryActions('open', 'ministry', { userId: 7, askerId: 7 })).toEqual(['close'])
    expect(provinceMinistryActions('open', 'ministry', { userId: 8, askerId: 7 })).toEqual(['answer', 'close'])
    expect(provinceMinistryActions('closed', 'province', { userId: 7, askerId: 7 })).toEqual([])
  })
})

describe('roles of 省部协同', () => {
  it('are the ministry with the whole country, a province with a narrower range, none without one', () => {
    expect(provinceMinistryRole(['100000'])).toBe('ministry')
    expect(provinceMinistryRole(['150000', '100000'])).toBe('ministry')
    expect(provinceMinistryRole(['150000'])).toBe('province')
    expect(provinceMinistryRole(['150100', '130000'])).toBe('province')
    expect(provinceMinistryRole([])).toBeNull()
  })

  it('let only a province ask', () => {
    expect(canAsk('province')).toBe(true)
    expect(canAsk('ministry')).toBe(false)
    expect(canAsk(null)).toBe(false)
  })
})
