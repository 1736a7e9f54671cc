// Sums the gzip size of the JavaScript the home page loads: the entry, everything it imports
// statically, and the home screen chunk with its static imports. Run after `vite build`.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist')
const html = readFileSync(path.join(dist, 'index.html'), 'utf8')
const entry = html.match(/<script type="module"[^>]*src="\/chinese\/(assets\/[^"]+\.js)"/)?.[1]
if (!entry) throw new Error('entry script not found in dist/index.html')

const seen = new Set()
function staticImports(file) {
  const code = readFileSync(path.join(dist, file), 'utf8')
  const found = new Set()
  // static import/export ... from "./x.js" and bare import "./x.js"; dynamic import("./x.js") is skipped
  for (const m of code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) found.add(m[1])
  return [...found].map((rel) => path.posix.join(path.posix.dirname(file), rel))
}
function walk(file) {
  if (seen.has(file)) return
  seen.add(file)
  for (const dep of staticImports(file)) walk(dep)
}
walk(entry)
const entryFiles = new Set(seen)
let homeFile
for (const file of entryFiles) {
  homeFile ??= readFileSync(path.join(dist, file), 'utf8').match(/assets\/home-[\w-]+\.js/)?.[0]
}
if (!homeFile) throw new Error('home chunk not found')
walk(homeFile)

let total = 0
const rows = [...seen].map((file) => {
  const gz = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length
  total += gz
  return { file, kB: (gz / 1024).toFixed(2), from: entryFiles.has(file) ? 'entry' : 'home' }
})
rows.sort((a, b) => Number(b.kB) - Number(a.kB))
console.table(rows)
console.log(`home page JavaScript: ${(total / 1024).toFixed(1)} kB gzip (${rows.length} files)`)
