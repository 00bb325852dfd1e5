// Lint rules, including the one-way import directions of ARCHITECTURE.md §2:
// routes -> features -> lib -> contract; features never import each other; hardware and storage
// packages each sit behind one door.
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
  { target: './contract', from: ['./src', './server', './agent', './sw'], message: 'contract/ imports only zod' },
  { target: './server', from: ['./src', './sw'], message: 'server/ never imports the client' },
  { target: './src', from: ['./server', './agent'], message: 'the app never imports the server: share through contract/' },
  { target: './sw', from: ['./src/app', './src/routes', './src/features'], message: 'sw/ imports no React code' },
  { target: './src/lib', from: ['./src/features', './src/app', './src/routes'], message: 'lib/ sits below features' },
  { target: './src/features', from: ['./src/app', './src/routes'], message: 'features sit below app and routes' },
  { target: './src/app', from: ['./src/routes'], message: 'app/ does not import route files' },
  // Scanning and printing are the platform every work screen stands on: any feature may use them
  // (through their index), and they themselves import no other feature.
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`, ...(PLATFORM.includes(name) ? [] : PLATFORM.map((p) => `./${p}`))],
    message: 'a feature never imports another feature (only scanning and printing): share through lib/ or contract/',
  })),
]

/** Packages that only one folder may import (hardware and storage doors). */
const doors = [
  ['qz-tray', 'src/features/printing'],
  ['dexie', 'src/lib/db'],
  ['@zxing', 'src/features/scanning'],
  ['@sentry', 'src/lib/monitoring'],
]
const doorRule = (except) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: doors
        .filter(([pkg]) => pkg !== except)
        .map(([pkg, folder]) => ({ group: [pkg, `${pkg}/*`], message: `${pkg} is only imported inside ${folder}` })),
    },
  ],
})
// One config for all of src, then one per door folder that lifts its own package: flat config
// replaces a rule's options wholesale, so the lists must be built, not stacked.
const doorConfigs = [
  { files: ['src/**/*.{ts,tsx}'], rules: doorRule(null) },
  ...doors.map(([pkg, folder]) => ({ files: [`${folder}/**/*.{ts,tsx}`], rules: doorRule(pkg) })),
]

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'src/routeTree.gen.ts', 'coverage', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.app.json', 'tsconfig.node.json'] })],
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
  // Files stay short (ARCHITECTURE.md §4 aims under 200 lines; 250 is the hard stop). Blank lines and
  // comments do not count: the house wants comments saying why, and a limit that charged for them would
  // push people to delete them. Tests are lists of cases read one at a time, so they are not limited;
  // benches are: they are programs with their own logic (servers, clients, timing) that people maintain.
  // The generated route tree is nobody's to split (it is also ignored as a whole above).
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['**/*.test.{ts,tsx}', 'tests/**', 'src/routeTree.gen.ts'],
    rules: { 'max-lines': ['error', { max: 250, skipBlankLines: true, skipComments: true }] },
  },
  ...doorConfigs,
)
