import { type RenderOptions, render as renderPure } from '@testing-library/react/pure'
import { ConfigProvider, type ThemeConfig } from 'antd'
import type { ReactElement, ReactNode } from 'react'

export * from '@testing-library/react/pure'

/**
 * Testing Library for the portal's components: `render` puts the UI inside antd's provider in
 * zero-runtime mode, as the portal runs (app/theme.ts), so jsdom is not given antd's CSS-in-JS to
 * parse and cascade on every render (the component tests' summed time 99 s → 55 s). The tests
 * assert roles, text and calls, never antd's look; setup-dom.ts cleans up after each test.
 */
const THEME: ThemeConfig = { zeroRuntime: true, cssVar: { key: 'rs-theme' } }

function Antd({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={THEME}>{children}</ConfigProvider>
}

export function render(ui: ReactElement, options?: RenderOptions) {
  const Outer = options?.wrapper
  return renderPure(ui, { ...options, wrapper: ({ children }) => <Antd>{Outer ? <Outer>{children}</Outer> : children}</Antd> })
}
