/// <reference types="vitest/config" />
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { testProjects } from './tests/setup/projects.ts'

/**
 * Writes .br and .gz beside every text asset of dist/, which the server sends as they are
 * (@fastify/static preCompressed): a handheld on a weak Wi-Fi gets a third of the bytes.
 */
function precompress(): Plugin {
  const textFile = /\.(?:js|css|html|svg|json|webmanifest|txt)$/
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? walk(path) : [path]
    })
  return {
    name: 'entrepot-precompress',
    apply: 'build',
    closeBundle() {
      for (const file of walk('dist').filter((f) => textFile.test(f))) {
        const data = readFileSync(file)
        if (data.length < 1024) continue
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }))
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
      }
    },
  }
}

/**
 * MantineProvider draws the theme's CSS variables only with withCssVariables, which the app turns
 * off (they ship as src/app/theme-variables.css), yet the module that draws them computes Mantine's
 * default variables as it loads: ~35 ms of the sign-in page's start on Lighthouse's 4× slowed CPU.
 * The production build takes a component that draws nothing in its place
 * (src/app/no-runtime-theme-variables.ts), and fails if Mantine stops importing it this way.
 */
function withoutRuntimeThemeVariables(): Plugin {
  const provider = /@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineProvider\.mjs$/
  let swapped = false
  return {
    name: 'entrepot-without-runtime-theme-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !provider.test(importer)) return null
      if (source !== './MantineCssVariables/MantineCssVariables.mjs') return null
      swapped = true
      return fileURLToPath(new URL('./src/app/no-runtime-theme-variables.ts', import.meta.url))
    },
    buildEnd(error) {
      // Every production build draws MantineProvider: no swap means Mantine moved a file.
      if (!error && !swapped)
        this.error(
          "Mantine's MantineProvider.mjs no longer imports './MantineCssVariables/MantineCssVariables.mjs' there: update withoutRuntimeThemeVariables",
        )
    },
  }
}

/**
 * The Tabler icons the dashboard shell draws (src/app/layout: nav-icons, header, nav-menu, status
 * indicators; the outbox indicator), for the 'shell-icons' chunk below. One left out still works:
 * it lands in its importer's chunk, or in a ~0.25 KB chunk of its own once a lazy screen uses it too.
 */
const SHELL_ICONS = [
  // nav-icons.tsx
  'Home|ListCheck|Scan|TruckDelivery|Package|FileInvoice|PackageImport|ClipboardList|ArrowsExchange|Trash',
  'InfoCircle|ArrowBackUp|Barcode|MapPin|Box',
  // header, nav menu, status indicators, outbox indicator
  'Menu2|Search|X|ChevronDown|Bug|DeviceDesktop|ExternalLink|Printer|Wifi|CloudUpload',
].join('|')

/** The framework's packages: React, TanStack Router and Query, Mantine's hooks and core. */
const FRAMEWORK =
  /node_modules[\\/](?:react|react-dom|scheduler|@tanstack|@mantine[\\/](?:hooks|store|core[\\/]esm[\\/]core))[\\/]/

/**
 * The modules of FRAMEWORK that no first screen (/login, the shell and its home screen) uses: the
 * focus trap and drag of modals and sliders, infinite queries… In the 'framework' chunk they were
 * 3.6 KB gzip of both first screens' JavaScript (issue 15). Listed from a build without the
 * framework group: the framework modules that landed outside the chunks the first screens load.
 * Either way a mistake is only bytes: a module missing here stays in 'framework'; one listed here
 * that a first screen comes to use makes that screen fetch 'framework-lazy' too (bench:bundle).
 */
const FRAMEWORK_LAZY = new RegExp(
  String.raw`node_modules[\\/](?:` +
    [
      // use-click-outside, use-long-press and the utils from close-on-escape to get-safe-id: the
      // admin area's dialogs, selects and tabs (issue 16).
      String.raw`@mantine[\\/]hooks[\\/]esm[\\/](?:use-(?:click-outside|color-scheme|debounced-callback|drag|focus-return|focus-trap|force-update|long-press|mounted|mutation-observer|shallow-effect|timeout)|utils[\\/](?:clamp|shallow-equal|use-callback-ref))[\\/]`,
      String.raw`@mantine[\\/]store[\\/]`,
      String.raw`@mantine[\\/]core[\\/]esm[\\/]core[\\/](?:DirectionProvider[\\/]|MantineProvider[\\/](?:use-mantine-color-scheme[\\/]use-mantine-color-scheme\.mjs$|color-functions[\\/]get-auto-contrast-value[\\/])|utils[\\/](?:close-on-escape|create-event-handler|create-scoped-keydown-handler|find-element-ancestor|find-element-in-shadow-dom|get-default-z-index|get-env|get-ref-prop|get-safe-id|get-single-element-child|is-element|noop|primitive)[\\/])`,
      String.raw`@tanstack[\\/](?:query-core|react-query)[\\/]build[\\/]modern[\\/](?:infiniteQueryObserver|infiniteQueryOptions|useInfiniteQuery)\.js$`,
    ].join('|') +
    ')',
)

/**
 * The lazy chunks on the way to a first screen: the shell (_app) and the sign-in page. Their
 * imports are fetched with them, in parallel (vite's preload lists); see modulePreload below.
 */
const FIRST_SCREEN_CHUNKS = /(?:^|\/)(?:_app|login)-[\w-]+\.js$/

// The reference server (npm run server) answers the API during `npm run dev`.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080'

export default defineConfig({
  plugins: [
    // Must come before react(): it generates src/routeTree.gen.ts and splits each route's
    // component into its own chunk, so a screen's code loads only when it is visited.
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single', semicolons: false }),
    react(),
    withoutRuntimeThemeVariables(),
    // The service worker (sw/sw.ts -> /sw.js) and /manifest.webmanifest; docs/offline.md.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false, // src/app/pwa/register.ts registers it, lazily, in production builds
      registerType: 'prompt',
      // Its closeBundle (build sw.js, inject the precache list) runs before precompress()'s, so the
      // .br/.gz of sw.js are made from the finished file and none of them is in the list.
      integration: {
        closeBundleOrder: 'pre',
        // The plugin still asks the worker's build for `inlineDynamicImports`, which Rolldown has
        // renamed: same single-file output, without the deprecation warning.
        configureCustomSWViteBuild(config) {
          const output = config.build?.rollupOptions?.output
          if (output && !Array.isArray(output) && 'inlineDynamicImports' in output) {
            delete output.inlineDynamicImports
            Object.assign(output, { codeSplitting: false })
          }
        },
      },
      injectManifest: {
        // The shell and every route chunk; never the source maps nor the precompressed copies.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        // manifest.webmanifest and the manifest's icons are added by the plugin itself (once).
        globIgnores: ['**/*.map', '**/*.br', '**/*.gz', 'sw.js', 'manifest.webmanifest', 'icons/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      includeAssets: [],
      manifest: {
        id: '/',
        name: 'Entrepôt — opérations',
        short_name: 'Entrepôt',
        description: "Opérations d'entrepôt : picking, expédition, stock, retours et impression.",
        lang: 'fr',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#D71921',
        background_color: '#ffffff',
        // Made from public/favicon.svg by scripts/make-icons.mjs.
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  define: {
    // Tells builds apart: the kept query cache of an older build is dropped (src/app/query-persistence.ts).
    'import.meta.env.VITE_BUILD_ID': JSON.stringify(process.env.VITE_BUILD_ID ?? new Date().toISOString()),
  },
  resolve: {
    alias: {
      '@contract': fileURLToPath(new URL('./contract/index.ts', import.meta.url)),
      '@/': fileURLToPath(new URL('./src/', import.meta.url)),
    },
  },
  server: {
    proxy: { '/rest': apiTarget, '/api': apiTarget, '/admin/api': apiTarget, '/installer': apiTarget },
  },
  build: {
    sourcemap: true,
    target: 'es2022',
    modulePreload: {
      // Every lazy import carries the list of the files its chunk needs, so they are fetched in
      // parallel rather than as the chunk is parsed. For the thirty screens behind the menu those
      // lists were 2.5 KB gzip of the first screen's JavaScript (file names with hashes do not
      // compress), fetched by every cold start, for a round trip or two saved on a screen's first visit
      // only: once installed, the service worker serves every chunk from the device. They are kept
      // where a first screen waits on them.
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === 'html' || FIRST_SCREEN_CHUNKS.test(file) ? deps : [],
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The framework every screen needs, as one cacheable chunk: left to itself the bundler
          // cuts it into a dozen small shared chunks, each compressed (and fetched) on its own.
          // Mantine's components stay split, so a screen brings only the ones it uses; its core
          // (provider, styles system, utilities) is needed by all of them. zod stays out: zod/mini is
          // a function per check, and in this group every function any lazy screen's contract uses
          // (z.extend, z.omit…) was fetched with the first screen. Since issue 15 only the sign-in form
          // uses zod before a first screen (the shell checks its answers with contract/light-calls.ts).
          groups: [
            {
              name: 'framework',
              test: (id) => FRAMEWORK.test(id) && !FRAMEWORK_LAZY.test(id),
            },
            {
              // The framework's parts only lazy screens use, as one chunk of their own (see FRAMEWORK_LAZY).
              name: 'framework-lazy',
              test: FRAMEWORK_LAZY,
            },
            {
              // The Mantine components both first screens (/login and the shell) show, as one chunk:
              // as a dozen files each is compressed alone, which costs the first screen ~2 KB gzip.
              name: 'ui-basics',
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:Transition|ActionIcon|Title|Loader|Paper|UnstyledButton|Group|Card|Badge|CloseButton|Alert|Anchor)[\\/]/,
            },
            {
              // The input /login shows, with the InputBase it wraps: alone, TextInput is a 0.3 KB gzip
              // chunk of its own (it is shared with the scan screens) for 0.2 KB of code.
              name: 'input-base',
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:Input|InputBase|TextInput)[\\/]/,
            },
            {
              // The shell's icons as one chunk: each icon a lazy screen also uses (printer, trash, map
              // pin, scan) would otherwise be a chunk of its own, fetched with the shell, ~0.25 KB each.
              name: 'shell-icons',
              test: new RegExp(
                `node_modules[\\\\/]@tabler[\\\\/]icons-react[\\\\/]dist[\\\\/]esm[\\\\/](?:createReactComponent|defaultAttributes|icons[\\\\/]Icon(?:${SHELL_ICONS}))\\.mjs$`,
              ),
            },
          ],
        },
      },
    },
  },
  test: {
    // Vitest's default, one worker fewer than the cores, is a single worker on a 2-core machine: two
    // nearly halve the unit step there, the test files waiting on databases, child processes and
    // timers as much as on the CPU. A third fills what the two left idle (the cores 84–90 % busy
    // for a third of the step, 99 % with three): the step in `npm test` went from 310–320 to 300 s.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    projects: testProjects(),
  },
})
