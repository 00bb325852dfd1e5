// Lint rules, including the one-way import directions of docs/architecture.md "Layout":
// routes -> features -> lib -> contract; features never import each other; server domains ->
// server/kernel; hardware and storage packages each sit behind one door.
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)

const PLATFORM = ['scanning', 'printing', 'outbox']

const restrictedPaths = [
  {
    target: './contract',
    from: ['./src', './server', './agent', './sw'],
    message: 'contract/ imports only zod',
  },
  { target: './server', from: ['./src', './sw'], message: 'server/ never imports the client' },
  {
    target: './src',
    from: ['./server', './agent'],
    message: 'the app never imports the server: share through contract/',
  },
  {
    target: './sw',
    from: ['./src/app', './src/routes', './src/features'],
    message: 'sw/ imports no React code',
  },
  // The server's shared kernel (refusals, idempotency keys, locks) sits below every server domain:
  // each may import it, and it imports none of them, only the http/ and db/ plumbing and contract/.
  {
    target: './server/kernel',
    from: './server',
    except: ['./kernel', './http', './db'],
    message: 'server/kernel/ imports no server domain: a domain imports the kernel, never the other way',
  },
  {
    target: './src/lib',
    from: ['./src/features', './src/app', './src/routes'],
    message: 'lib/ sits below features',
  },
  {
    target: './src/features',
    from: ['./src/app', './src/routes'],
    message: 'features sit below app and routes',
  },
  { target: './src/app', from: ['./src/routes'], message: 'app/ does not import route files' },
  // Scanning and printing are the platform every work screen stands on: any feature may use them
  // (through their index), and they themselves import no other feature.
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`, ...(PLATFORM.includes(name) ? [] : PLATFORM.map((p) => `./${p}`))],
    message:
      'a feature never imports another feature (only scanning and printing): share through lib/ or contract/',
  })),
]

/** Packages that only one folder may import (hardware and storage doors). */
const doors = [
  ['qz-tray', 'src/features/printing'],
  ['dexie', 'src/lib/db'],
  ['@zxing', 'src/features/scanning'],
  ['@sentry', 'src/lib/monitoring'],
  // The documents' PDF writer and font: the server's alone, never in the app's JavaScript.
  ['pdfkit', 'server/documents'],
  ['fontkit', 'server/documents'],
]
/** The doors' rule for files of `folder`: every package whose door is elsewhere is refused. */
const doorRule = (folder) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: doors
        .filter(([, door]) => door !== folder)
        .map(([pkg, door]) => ({
          group: [pkg, `${pkg}/*`],
          message: `${pkg} is only imported inside ${door}`,
        })),
    },
  ],
})
// One config for all of src, then one per door folder of src that lifts its own packages: flat
// config replaces a rule's options wholesale, so the lists must be built, not stacked. A server
// door only keeps its package out of src (the server's own files are not under this rule).
const doorConfigs = [
  { files: ['src/**/*.{ts,tsx}'], rules: doorRule(null) },
  ...[...new Set(doors.map(([, folder]) => folder).filter((f) => f.startsWith('src/')))].map((folder) => ({
    files: [`${folder}/**/*.{ts,tsx}`],
    rules: doorRule(folder),
  })),
]

/**
 * APIs browsers give only to secure contexts (https, localhost). A handheld may open the site by its
 * LAN address over plain HTTP (docs/architecture.md, secure contexts), where these are undefined and a call throws
 * ('crypto.randomUUID is not a function' lost a reception, issue 30). Each is used only behind the
 * guard of the files named in `where`, which lift it; everything else goes through them.
 * [object, property, where to go instead]
 */
const secureOnly = [
  [null, 'randomUUID', 'use randomUuid() from @/lib/random-id (crypto.getRandomValues works on any page)'],
  [null, 'subtle', 'hash on the server, or add a guarded helper in src/lib'],
  [
    'navigator',
    'mediaDevices',
    'cameras go through src/features/scanning/camera (cameraUnavailableReason says why not)',
  ],
  [
    'navigator',
    'serviceWorker',
    'only src/app/pwa and the outbox (submit.ts, start.ts) touch it, each behind a guard',
  ],
  ['navigator', 'clipboard', 'check it exists and offer another way (a selectable field) where it does not'],
  [
    'navigator',
    'storage',
    'only the outbox asks for persistence and estimates, behind `navigator.storage?.`',
  ],
  ['navigator', 'locks', 'only the outbox engine takes the Web Lock, and works without it'],
  ['navigator', 'wakeLock', 'check it exists: the screen may sleep on an http page'],
  ['navigator', 'share', 'check it exists and offer another way'],
  ['navigator', 'credentials', 'check it exists and offer another way'],
]
const secureOnlyRule = (allowed = []) => ({
  'no-restricted-properties': [
    'error',
    ...secureOnly
      .filter(([, property]) => !allowed.includes(property))
      .map(([object, property, where]) => ({
        ...(object ? { object } : {}),
        property,
        message: `${object ?? 'crypto'}.${property} exists only on secure pages (https): ${where}. docs/architecture.md, secure contexts.`,
      })),
  ],
  'no-restricted-globals': [
    'error',
    {
      name: 'caches',
      message: 'CacheStorage exists only on secure pages (https): the service worker (sw/) owns the caches.',
    },
  ],
})
/** The guarded doors: each file or folder lifts only what it guards. */
const secureDoors = [
  [['src/app/pwa/**/*.{ts,tsx}'], ['serviceWorker']],
  [
    ['src/features/outbox/submit.ts', 'src/features/outbox/start.ts'],
    ['serviceWorker', 'storage'],
  ],
  [['src/features/outbox/components/outbox-screen.tsx'], ['storage']],
  [['src/features/outbox/engine.ts'], ['locks']],
  [['src/features/scanning/camera/**/*.{ts,tsx}'], ['mediaDevices']],
]
// Tests stub and delete these APIs on purpose (to play an http page); they run in Node, not on one.
const secureConfigs = [
  { files: ['src/**/*.{ts,tsx}'], ignores: ['**/*.test.{ts,tsx}'], rules: secureOnlyRule() },
  ...secureDoors.map(([files, allowed]) => ({
    files,
    ignores: ['**/*.test.{ts,tsx}'],
    rules: secureOnlyRule(allowed),
  })),
]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'src/routeTree.gen.ts',
      'coverage',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['tsconfig.app.json', 'tsconfig.node.json'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: restrictedPaths }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Hooks live in `.ts` files too (use-*.ts, a feature's api.ts): the hook rules only look at functions
  // named use* and components, so they cover all of src; jsx-a11y only has JSX to read in `.tsx`.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y },
    rules: jsxA11y.flatConfigs.recommended.rules,
  },
  // Files stay short (docs/architecture.md's house style aims under 200 lines; 250 is the hard stop). Blank lines and
  // comments do not count: the house wants comments saying why, and a limit that charged for them would
  // push people to delete them. Tests are lists of cases read one at a time, so they are not limited;
  // benches are: they are programs with their own logic (servers, clients, timing) that people maintain.
  // The generated route tree is nobody's to split (it is also ignored as a whole above).
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['**/*.test.{ts,tsx}', 'tests/**', 'src/routeTree.gen.ts'],
    rules: { 'max-lines': ['error', { max: 250, skipBlankLines: true, skipComments: true }] },
  },
  // server/testing/ and src/testing/ are the test helpers' folders: no file that runs on a site or
  // in the app may import them (the benches of server/perf do, to start an app on a test database).
  // The zones are built, not stacked, as the doors above.
  {
    files: ['server/**/*.ts', 'src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'server/testing/**', 'server/perf/**', 'src/testing/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...restrictedPaths,
            {
              target: './server',
              from: './server/testing',
              message: 'server/testing/ holds test helpers: only tests import it',
            },
            {
              target: './src',
              from: './src/testing',
              message: 'src/testing/ holds test helpers: only tests import it',
            },
          ],
        },
      ],
    },
  },
  ...doorConfigs,
  ...secureConfigs,
)
