/** /installer on a server without HTTPS (TLS=off): it says so, and has no root to hand out. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/app.ts'

describe('the installer without HTTPS', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('says the server speaks plain HTTP, refuses the root in French, and reports no certificate', async () => {
    const page = await t.app.inject({ url: '/installer' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Ce serveur ne sert pas encore en HTTPS')
    for (const url of ['/installer/entrepot-racine.crt', '/installer/entrepot-racine.pem']) {
      const root = await t.app.inject({ url })
      expect(root.statusCode, url).toBe(404)
      expect(root.json(), url).toMatchObject({
        code: 'not_found',
        message: 'Aucune racine à installer sur ce serveur.',
      })
    }
    const state = await t.app.inject({ url: '/installer/etat.json' })
    expect(state.json()).toMatchObject({ https: false, certificate: null, qr: null })
  })
})
