/** The boxes antd scrolls inside: a table with a fixed header or wider than its place. */
const SCROLL_BOXES = '.ant-table-body:not([tabindex]), .ant-table-content:not([tabindex])'

/**
 * Gives every scrolling table box a tab stop, so a keyboard can reach it and scroll it with the
 * arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable): antd renders the box and takes no
 * attribute for it. Watches the page for boxes that appear later, at most once a frame. Started
 * after React has taken the page over, so the server's markup is hydrated as it was sent.
 */
export function focusScrollRegions(root: HTMLElement = document.body): () => void {
  let queued = false
  const mark = () => {
    queued = false
    for (const box of root.querySelectorAll(SCROLL_BOXES)) box.setAttribute('tabindex', '0')
  }
  mark()
  const observer = new MutationObserver(() => {
    if (queued) return
    queued = true
    requestAnimationFrame(mark)
  })
  observer.observe(root, { childList: true, subtree: true })
  return () => observer.disconnect()
}
