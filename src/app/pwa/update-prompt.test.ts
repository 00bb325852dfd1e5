// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { showUpdatePrompt } from './update-prompt.ts'

afterEach(() => {
  document.body.innerHTML = ''
  vi.useRealTimers()
})

describe('the new version banner', () => {
  it('offers the update once, and hides for the session on "Plus tard"', async () => {
    const onUpdate = vi.fn()
    showUpdatePrompt(onUpdate)
    showUpdatePrompt(onUpdate)
    expect(screen.getAllByRole('status')).toHaveLength(1)
    expect(screen.getByRole('status')).toHaveTextContent('Nouvelle version disponible')
    await userEvent.click(screen.getByRole('button', { name: 'Plus tard' }))
    expect(screen.queryByRole('status')).toBeNull()
    expect(onUpdate).not.toHaveBeenCalled()
  })

  it('updates at once when nothing is being typed or scanned', async () => {
    const onUpdate = vi.fn()
    showUpdatePrompt(onUpdate)
    await userEvent.click(screen.getByRole('button', { name: 'Mettre à jour' }))
    expect(onUpdate).toHaveBeenCalledTimes(1)
  })

  it('waits while a field holds a scan in progress, and updates once it is emptied', () => {
    vi.useFakeTimers()
    const field = document.createElement('input')
    document.body.append(field)
    field.focus()
    field.value = '37600100'
    const onUpdate = vi.fn()
    showUpdatePrompt(onUpdate)
    screen.getByRole('button', { name: 'Mettre à jour' }).click()
    expect(onUpdate).not.toHaveBeenCalled()
    expect(screen.getByRole('status')).toHaveTextContent('Mise à jour dès la fin de la saisie en cours…')
    vi.advanceTimersByTime(1000)
    expect(onUpdate).not.toHaveBeenCalled()
    // The scan field clears itself after the scan, without an input event.
    field.value = ''
    vi.advanceTimersByTime(400)
    expect(onUpdate).toHaveBeenCalledTimes(1)
  })
})
