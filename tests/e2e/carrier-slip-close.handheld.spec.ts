/**
 * Issue 31 on a 360x640 touch handheld, against the real server and its seeded slips: the close
 * question is a dialog inside the screen, and a tap on 'Clôturer avec les N colis chargés' closes
 * the slip with those parcels (slip-close-real.ts). The desktop 1366x768 window is
 * carrier-slip-close.spec.ts.
 */
import { test } from '@playwright/test'
import { closeWithLoaded } from './slip-close-real.ts'

test.describe.configure({ timeout: 120_000 })

test('handheld 360x640: the close question is inside the screen, and a tap closes with the parcels loaded', async ({
  page,
}) => {
  await closeWithLoaded(page, { rank: 0, tap: true })
})
