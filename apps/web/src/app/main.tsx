/**
 * The page's entry. A page the server rendered (data-prerendered) is painted first: the app's
 * code (start.tsx, fetched meanwhile through the modulepreload links) runs only after that first
 * frame, so the visitor sees the page while React and antd start. Any other page starts at once.
 */
const prerendered = document.getElementById('root')?.hasAttribute('data-prerendered') ?? false
const painted = prerendered ? new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))) : Promise.resolve()
void painted.then(() => import('./start'))
