import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from './auth/password.ts'
import type { Db } from './db/connect.ts'
import { demoExposure, openDemoAccounts } from './demo-exposure.ts'
import { createTestDb } from './testing/app.ts'

const DEMO = ['boutique', 'debug', 'demo', 'expedition', 'preparateur', 'retours', 'stock']

describe('demo accounts on a server the network reaches', () => {
  let seeded: Db
  let empty: Db
  beforeAll(async () => {
    seeded = await createTestDb()
    empty = await createTestDb({ seed: false })
  })
  afterAll(async () => {
    await seeded.destroy()
    await empty.destroy()
  })

  it('says nothing on a loopback server: the demo is the point of npm start', async () => {
    expect(await demoExposure({ host: '127.0.0.1', seedAsked: false }, seeded)).toBeNull()
    expect(await demoExposure({ host: '::1', seedAsked: false }, seeded)).toBeNull()
  })

  it('refuses to start, in French and naming them, when demo accounts nobody asked for are open', async () => {
    await expect(demoExposure({ host: '0.0.0.0', seedAsked: false }, seeded)).rejects.toThrow(
      `Serveur joignable depuis le réseau (HOST=0.0.0.0) : la base contient des comptes de démonstration dont le mot de passe est l'identifiant (${DEMO.join(', ')}).`,
    )
  })

  it('starts with a warning when SEED=on asked for them', async () => {
    expect(await demoExposure({ host: '0.0.0.0', seedAsked: true }, seeded)).toMatch(
      /^Attention : serveur joignable depuis le réseau \(0\.0\.0\.0\) avec les comptes de démonstration/,
    )
  })

  it('says there are none on an empty database, and counts an account whose password was changed as closed', async () => {
    expect(await demoExposure({ host: '192.168.1.20', seedAsked: false }, empty)).toBe(
      'Serveur joignable depuis le réseau (192.168.1.20) : pas de comptes de démonstration (SEED=on pour les créer).',
    )
    await seeded
      .updateTable('users')
      .set({ password_hash: await hashPassword('un mot de passe choisi') })
      .where('username', '=', 'demo')
      .execute()
    expect(await openDemoAccounts(seeded)).toEqual(DEMO.filter((name) => name !== 'demo'))
  })
})
