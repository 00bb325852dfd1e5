import { describe, expect, it } from 'vitest'
import { movementsOf, returnCount, returnsTestApp, SHELF, shippedOrder } from '../testing/returns.ts'
import { statusOf } from '../testing/packaging.ts'
import { movementCount } from '../testing/stock.ts'
import { bearer, removeShop, tokenFor } from '../testing/app.ts'

const ORIGINS = [
  'Retour client',
  'Refusé à la livraison',
  'Non distribuable',
  'Non réclamé',
  'Adresse erronée',
]
const WAIT_REASONS = [
  'Commande introuvable',
  'Article hors commande',
  'Décision de la boutique',
  'Contrôle qualité',
]

describe('return receipt: lists, checks, rights, idempotency', () => {
  const t = returnsTestApp()

  it('lists origins and wait reasons in display order, for any warehouse user only', async () => {
    const picker = bearer(await tokenFor(t.app, 'preparateur'))
    for (const [path, labels] of [
      ['returnorderorigin', ORIGINS],
      ['returnorderwaitreason', WAIT_REASONS],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/rest/warehouse/${path}/list`, headers: picker })
      expect(res.statusCode).toBe(200)
      expect((res.json() as { label: string }[]).map((r) => r.label)).toEqual(labels)
      const shopOnly = bearer(await tokenFor(t.app, 'boutique'))
      expect(
        (await t.app.inject({ method: 'GET', url: `/rest/warehouse/${path}/list`, headers: shopOnly }))
          .statusCode,
      ).toBe(403)
    }
  })

  it('checks every line, reference and order before writing anything', async () => {
    const order = await shippedOrder(t.db, { 'ML-0035': 3 })
    const ok = { code: 'ML-0035', quantity: 1, condition: 'new', disposition: 'restock', location: SHELF }
    const send = (over: object, lines: object[] = [ok]) =>
      t.api.receive({ order: order.name, origin: 1, lines, ...over })
    const count = await movementCount(t.db)
    const cases: [Awaited<ReturnType<typeof send>>, number, Record<string, string[]> | string][] = [
      [
        await send({}, [{ ...ok, location: undefined }]),
        400,
        { 'lines.0.location': ["Remise en stock : scannez l'emplacement de rangement."] },
      ],
      [
        await send({}, [{ ...ok, location: 'RECEPTION' }]),
        400,
        {
          'lines.0.location': [
            "RECEPTION n'est pas un emplacement de rangement : la remise en stock se fait dans un emplacement de stockage.",
          ],
        },
      ],
      [
        await send({}, [{ ...ok, location: 'Z-99' }]),
        404,
        { 'lines.0.location': ['Emplacement inconnu : Z-99'] },
      ],
      [
        await send({}, [{ ...ok, disposition: 'scrap' }]),
        400,
        { 'lines.0.rebutReason': ['Rebut : choisissez un motif de rebut.'] },
      ],
      [
        await send({}, [{ ...ok, disposition: 'scrap', rebutReason: 99 }]),
        404,
        { 'lines.0.rebutReason': ['Motif de rebut inconnu : 99'] },
      ],
      [await send({ origin: 99 }), 404, { origin: ['Origine de retour inconnue : 99'] }],
      [await send({ waitReason: 99 }), 404, { waitReason: ["Motif d'attente inconnu : 99"] }],
      [await send({}, []), 400, { lines: ['Aucun article reçu : scannez au moins un article.'] }],
      [
        await send({ order: 'NOPE-1' }),
        404,
        {
          order: [
            "Aucune commande ni numéro de suivi « NOPE-1 ». Si le colis n'a pas de commande, mettez-le en attente (sans commande) avec un motif d'attente.",
          ],
        },
      ],
    ]
    for (const [res, status, errors] of cases) {
      expect(res.statusCode).toBe(status)
      expect(res.json().fieldErrors).toEqual(errors)
    }
    const picked = await shippedOrder(t.db, { 'ML-0035': 1 }, { status: 'picked' })
    const early = await t.api.receive({ order: picked.name, origin: 1, lines: [ok] })
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toBe(
      `La commande ${picked.name} est « Préparée » : seule une commande expédiée peut être retournée.`,
    )
    expect(await movementCount(t.db)).toBe(count)
  })

  it('refuses a user without the role, and an order of a shop the user does not work for', async () => {
    const order = await shippedOrder(t.db, { 'AV-0001': 1 }, { shop: 'atelier-velo' })
    const payload = {
      order: order.name,
      origin: 1,
      lines: [{ code: 'AV-0001', quantity: 1, condition: 'new', disposition: 'quarantine' }],
    }
    expect((await t.api.receive(payload, undefined, bearer(await tokenFor(t.app, 'stock')))).statusCode).toBe(
      403,
    )
    await removeShop(t.db, 'retours', 'atelier-velo')
    const other = await t.api.receive(payload, undefined, bearer(await tokenFor(t.app, 'retours')))
    expect(other.statusCode).toBe(403)
    expect(other.json().message).toBe("Vous n'avez pas accès à la boutique « atelier-velo ».")
    expect(await statusOf(t.db, order.id)).toBe('shipped')
  })

  it('receives once per Idempotency-Key: the replay answers the same, writes nothing; another body is refused', async () => {
    const order = await shippedOrder(t.db, { 'ML-0036': 2 })
    const validatedAt = new Date(Date.now() - 3_600_000).toISOString()
    const payload = {
      order: order.name,
      origin: 1,
      validatedAt,
      lines: [{ code: 'ML-0036', quantity: 1, condition: 'damaged', disposition: 'scrap', rebutReason: 2 }],
    }
    const refused = await t.api.receive({ ...payload, origin: 99 }, 'ret-1')
    expect(refused.statusCode).toBe(404)
    const first = await t.api.receive(payload, 'ret-1')
    expect(first.statusCode).toBe(200)
    const [count, returns] = [await movementCount(t.db), await returnCount(t.db)]
    // The outbox's retry: the same write, sent later with another validatedAt.
    const again = await t.api.receive({ ...payload, validatedAt: new Date().toISOString() }, 'ret-1')
    expect(again.statusCode).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    expect([await movementCount(t.db), await returnCount(t.db)]).toEqual([count, returns])
    expect((await movementsOf(t.db, first.json().number)).map((m) => m.kind)).toEqual(['RETURN', 'REBUT'])

    const other = await t.api.receive({ ...payload, lines: [{ ...payload.lines[0], quantity: 2 }] }, 'ret-1')
    expect(other.statusCode).toBe(409)
    expect(other.json().message).toBe("Cette clé d'idempotence a déjà servi pour une autre requête.")

    // When the worker validated it: on the return and on its movements.
    const stamped = await t.db
      .selectFrom('stock_movements')
      .select('validated_at')
      .where('reason', 'like', `Retour ${first.json().number}%`)
      .execute()
    expect(stamped.map((m) => m.validated_at.toISOString())).toEqual([validatedAt, validatedAt])
    expect(first.json().receivedAt).toBe(validatedAt)
  })
})
