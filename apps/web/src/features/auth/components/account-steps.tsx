import { Grid, Steps } from 'antd'

/** The three steps of the account screens; titles under the numbers on narrow screens, so they do not wrap. */
export function AccountSteps({ current, titles }: { current: number; titles: string[] }) {
  const screens = Grid.useBreakpoint()
  return (
    <Steps
      className="account-steps"
      current={current}
      responsive={false}
      size="small"
      titlePlacement={screens.sm === false ? 'vertical' : 'horizontal'}
      items={titles.map((title) => ({ title }))}
    />
  )
}
