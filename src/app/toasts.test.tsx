import { MantineProvider } from '@mantine/core'
import { act, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type * as ToastModule from '@/lib/ui/toast'

const load = vi.hoisted(() => ({ fail: true, calls: 0 }))

vi.mock('@/lib/ui/toast', async (importOriginal) => {
  const actual = await importOriginal<typeof ToastModule>()
  return {
    ...actual,
    loadToasts: () => {
      load.calls += 1
      return load.fail
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : actual.loadToasts()
    },
  }
})

const { showToast } = await import('@/lib/ui/toast')
const { Toasts } = await import('./toasts.tsx')

describe('the toast container (issue 31)', () => {
  beforeEach(() => {
    load.fail = true
    load.calls = 0
  })

  it('keeps the app on screen when its chunk cannot load (offline before the service worker held it), and tries again when back online', async () => {
    // Inside the provider, as the shell mounts it: once the chunk loads, the container renders.
    render(
      <MantineProvider>
        <p>Liste ML-MONO-0001</p>
        <Toasts />
      </MantineProvider>,
    )
    await act(async () => {
      showToast({ message: 'Emplacement A-01-01-01 confirmé.' })
      await Promise.resolve()
    })
    expect(load.calls).toBe(1)
    // The screen is still there: the failure did not unmount the tree.
    expect(screen.getByText('Liste ML-MONO-0001')).toBeTruthy()

    load.fail = false
    await act(async () => {
      window.dispatchEvent(new Event('online'))
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    expect(load.calls).toBe(2)
    expect(screen.getByText('Liste ML-MONO-0001')).toBeTruthy()
  })
})
