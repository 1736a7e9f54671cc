// jsdom lacks a few browser APIs antd relies on (Menu, Grid, Modal); the stubs below answer like a
// wide desktop window. Testing Library's cleanup runs after each test (vitest has no globals here).

import { afterEach, vi } from 'vitest'
import { cleanup, configure } from './render'

// a screen of antd takes seconds to render on a loaded 2-core machine: findBy and waitFor wait up to
// 15 s for what they wait for (they return as soon as it is there)
configure({ asyncUtilTimeout: 15_000 })

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  })
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub })
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub })
}

// jsdom does not implement pseudo-element styles; antd asks for them to measure scroll bars
const computedStyle = window.getComputedStyle.bind(window)
window.getComputedStyle = (element: Element, pseudo?: string | null) => computedStyle(element, pseudo ? undefined : pseudo)

window.scrollTo = vi.fn() as unknown as typeof window.scrollTo

afterEach(() => {
  cleanup()
  localStorage.clear()
})
