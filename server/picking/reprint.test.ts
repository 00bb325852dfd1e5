import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PICKING_COMMANDS, type PickingPrint, type PrintDocument } from '../../contract/index.ts'
import { pdfStructureProblems } from '../testing/pdf-check.ts'
import { barRuns, code128Modules } from '../documents/code128.ts'
import { MM } from '../documents/pdf.ts'
import { pdfBarRows, pdfPageCount, pdfTexts } from '../testing/pdf-text.ts'
import { bearer, createTestApp, removeShop, type TestApp, tokenFor } from '../testing/app.ts'

describe('picking lists: reprint and the commands sheet', () => {
  let t: TestApp
  const as: Record<string, Record<string, string>> = {}
  beforeAll(async () => {
    t = await createTestApp()
    await removeShop(t.db, 'debug', 'papeterie-du-port')
    for (const user of ['demo', 'preparateur', 'stock', 'debug'])
      as[user] = bearer(await tokenFor(t.app, user))
  })
  afterAll(() => t.close())

  const get = (url: string, user = 'preparateur', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...as[user], ...headers } })
  const fetchDocument = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname })
  const readyCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', 'to_pick')
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('prints a batch again, by its name in any case, logged as a reprint and claiming nothing', async () => {
    const printed = (
      await get('/rest/papeterie-du-port/picking/print/multi_gift?limit=3', 'demo', {
        'idempotency-key': 'p1',
      })
    ).json() as PickingPrint
    const before = await readyCount()
    const res = await get(`/rest/picking/batch/${printed.batch.name.toLowerCase()}/print`)
    expect(res.statusCode, res.body).toBe(200)
    const again = res.json() as PickingPrint
    expect(again.batch).toEqual(printed.batch)
    expect(again.elements.map((e) => e.title)).toEqual([`Liste de picking ${printed.batch.name}`])
    expect(pdfTexts((await fetchDocument(again.elements[0]?.url as string)).rawPayload)).toContain(
      printed.batch.name,
    )
    expect(await readyCount()).toBe(before)
    const log = await t.db
      .selectFrom('picking_print_log')
      .innerJoin('users', 'users.id', 'picking_print_log.user_id')
      .select(['users.username', 'reprint', 'picking_type', 'title'])
      .where('batch_id', '=', printed.batch.id)
      .orderBy('picking_print_log.id')
      .execute()
    expect(log).toEqual([
      {
        username: 'demo',
        reprint: false,
        picking_type: 'multi_gift',
        title: `Liste de picking ${printed.batch.name}`,
      },
      {
        username: 'preparateur',
        reprint: true,
        picking_type: 'multi_gift',
        title: `Liste de picking ${printed.batch.name}`,
      },
    ])
  })

  it('refuses an unknown batch (404) and a batch of a shop the user cannot see (403), in French', async () => {
    const unknown = await get('/rest/picking/batch/ML-MONO-9999/print')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('Liste de picking inconnue : ML-MONO-9999')
    const printed = (
      await get('/rest/papeterie-du-port/picking/print/mono_classic?limit=1', 'demo')
    ).json() as PickingPrint
    const foreign = await get(`/rest/picking/batch/${printed.batch.name}/print`, 'debug')
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json().message).toBe("Vous n'avez pas accès à la boutique « papeterie-du-port ».")
    expect((await get(`/rest/picking/batch/${printed.batch.name}/print`, 'stock')).statusCode).toBe(403)
  })

  it('serves the commands sheet: one A4 page with the three command codes and their French captions', async () => {
    const res = await get('/rest/picking-session/commands')
    expect(res.statusCode).toBe(200)
    const doc = res.json() as PrintDocument
    expect(doc).toMatchObject({ title: 'Codes de commande du picking', format: 'pdf' })
    const file = await fetchDocument(doc.url)
    expect(file.headers['content-type']).toBe('application/pdf')
    expect(pdfStructureProblems(file.rawPayload)).toEqual([])
    expect(pdfPageCount(file.rawPayload)).toBe(1)
    const text = pdfTexts(file.rawPayload)
    for (const caption of ['Passer', 'Manquant', 'Clôturer']) expect(text).toContain(caption)
    for (const code of Object.values(PICKING_COMMANDS)) expect(text).toContain(code)
    // The bars read back as the three codes (positions rounded to modules), in page order.
    const symbols = pdfBarRows(file.rawPayload, 20 * MM).filter((bars) => bars.length > 10)
    const decoded = symbols.map((bars) => {
      const [x0] = bars[0] as [number, number]
      const [xn, wn] = bars[bars.length - 1] as [number, number]
      const reads = (code: string) => {
        const module = (xn + wn - x0) / code128Modules(code).length
        const runs = bars.map(([x, w]) => [Math.round((x - x0) / module), Math.round(w / module)])
        return JSON.stringify(runs) === JSON.stringify(barRuns(code128Modules(code)))
      }
      return Object.values(PICKING_COMMANDS).find(reads) ?? null
    })
    expect(decoded).toEqual(Object.values(PICKING_COMMANDS))
    expect((await get('/rest/picking-session/commands', 'stock')).statusCode).toBe(403)
  })
})
