/**
 * Vitest's projects (vite.config.ts `test.projects`), each with the isolation its files need. The
 * choices are measured on a 2-core machine (docs/architecture.md, 'Where the time goes'). Every
 * project runs on processes, not threads: the print agent's and the server's files share process
 * state (ports, environment variables, child processes) that threads would share between files
 * running at once.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { configDefaults, type TestProjectInlineConfiguration } from 'vitest/config'

/**
 * The client's `.test.ts` files that run with the screens, in a VM context each: those that need the
 * browser's objects, which say so on their first line (// @vitest-environment jsdom), and those of
 * the device's database (fake-indexeddb): Dexie keeps state in its module, and a file's live query
 * went unanswered after another file's databases in the same module (seen with shuffled files).
 */
function contextFiles(): string[] {
  return readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => join('src', file))
    .filter((file) => {
      const text = readFileSync(file, 'utf8')
      return text.startsWith('// @vitest-environment jsdom') || text.includes("'fake-indexeddb")
    })
}

/**
 * The packages every screen test loads, bundled once into a file each (Vitest's dependency
 * optimizer, esbuild): loaded as hundreds of ES modules in every test file, they were most of the
 * client project's import time (50 → 24 s).
 */
const SCREEN_DEPENDENCIES = [
  '@mantine/core',
  '@mantine/hooks',
  '@mantine/notifications',
  '@tabler/icons-react',
  '@tanstack/react-query',
  '@tanstack/react-router',
  '@testing-library/dom',
  '@testing-library/react',
  '@testing-library/user-event',
  'dexie',
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
]

/** Node-side tests: servers, processes and databases take longer than a screen's default 5 s. */
const node = { environment: 'node' as const, testTimeout: 30_000, hookTimeout: 60_000 }

export function testProjects(): TestProjectInlineConfiguration[] {
  const ownContext = contextFiles()
  return [
    {
      extends: true,
      test: {
        name: 'client',
        environment: 'jsdom',
        // Each file in a VM context of a reused process: jsdom, React and Mantine are loaded once per
        // process instead of once per file (111 → 75 s). tests/setup/vm-context.ts says what the
        // files then share, and how it is kept apart.
        pool: 'vmForks',
        include: ['src/**/*.test.tsx', 'tests/client/**/*.test.{ts,tsx}', ...ownContext],
        setupFiles: ['tests/setup/client.ts'],
        deps: { optimizer: { client: { enabled: true, include: SCREEN_DEPENDENCIES } } },
        // 5 s by default: the heavier screen tests need more on a loaded 2-core machine.
        testTimeout: 15_000,
      },
    },
    {
      // The client's pure code (models, scan rules, queues): no DOM to build for each file, nor
      // React DOM to load. Its files share their loaded modules, as the server's do: each file in a
      // context of its own (vmForks) loaded the contract, zod and the rules again, 39 of the
      // project's 45 core-seconds; sharing them, 11 (checked with shuffled files and tests). A file
      // that needs the browser's objects, or the device's database, runs with the screens
      // (contextFiles above).
      extends: true,
      test: {
        name: 'model',
        environment: 'node',
        pool: 'forks',
        isolate: false,
        include: ['src/**/*.test.ts'],
        exclude: [...configDefaults.exclude, ...ownContext],
        setupFiles: ['tests/setup/model.ts'],
        testTimeout: 15_000,
      },
    },
    {
      test: {
        ...node,
        name: 'server',
        include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
        globalSetup: ['tests/setup/server-db.ts'],
        // Each file makes its own app and databases, and leaves no module state behind it (checked
        // with --sequence.shuffle.files): sharing the loaded server code between files halves the
        // project's time.
        isolate: false,
      },
    },
    {
      // The print agent's tests drive the real qz-tray.js, whose connection is module state: a
      // file of its own each (Vitest's default isolation). No database.
      test: { ...node, name: 'agent', include: ['agent/**/*.test.ts'] },
    },
  ]
}
