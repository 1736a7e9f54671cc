import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'
import { zhCN } from '../../packages/shared/src/messages/zh-CN.ts'

/**
 * The portal is served under /chinese/; the dev server forwards /api to the Fastify server.
 * `vite build` writes the browser's files to dist/ (with .vite/manifest.json: which files each
 * screen needs); `vite build --ssr` writes the page renderer the server runs (src/app/entry-server.tsx)
 * to dist-ssr/, every dependency bundled in.
 */
export default defineConfig(({ isSsrBuild }) => ({
  base: '/chinese/',
  plugins: [
    react(),
    {
      name: 'rs-app-name',
      transformIndexHtml: (html) => html.replaceAll('%APP_NAME%', zhCN.app.name),
    },
    {
      // main.tsx imports the app (start.tsx) only after the first paint; its chunks and styles are
      // still fetched with the page: stylesheet and modulepreload links in index.html
      name: 'rs-start-links',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler: (html, ctx) => {
          const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk')
          const start = chunks.find((c) => c.facadeModuleId?.endsWith('src/app/start.tsx'))
          if (!start) return html
          const files = new Set<string>()
          const css = new Set<string>()
          const visit = (name: string) => {
            const chunk = chunks.find((c) => c.fileName === name)
            if (!chunk || files.has(name)) return
            files.add(name)
            for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file)
            for (const imported of chunk.imports) visit(imported)
          }
          visit(start.fileName)
          const base = '/chinese/'
          const links = [
            ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
            ...[...files]
              .filter((file) => !html.includes(file))
              .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
          ]
          return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
        },
      },
    },
    // brotli (quality 11) and gzip copies next to each asset, served as they are by the server
    // (@fastify/static preCompressed) instead of being compressed again on every request
    !isSsrBuild &&
      compression({
        algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
        include: /\.(js|mjs|css|html|svg|json|wasm)$/,
        threshold: 1024,
      }),
  ],
  // satellite.js re-exports a WebAssembly propagator whose worker uses top-level await; only the
  // ES worker format can bundle it (the SGP4 functions the pages use tree-shake to ~25 kB)
  worker: { format: 'es' },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1200, manifest: true },
  ssr: { noExternal: true },
  // the renderer runs React and antd in production mode whatever NODE_ENV the server has, so its
  // markup and class names are those the browser's production build hydrates
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${process.env.API_PORT || 3000}`, changeOrigin: false },
    },
  },
}))
