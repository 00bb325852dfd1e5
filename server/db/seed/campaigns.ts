/**
 * Demo campaigns, the same four in every shop: three with orders waiting to be picked, and one
 * already over (Black Friday: every order of it has left), which the campaign list leaves out.
 */
import type { Db } from '../connect.ts'

export const DEMO_CAMPAIGNS = [
  { code: 'noel', name: 'Noël', over: false },
  { code: 'soldes-hiver', name: "Soldes d'hiver", over: false },
  { code: 'fete-des-meres', name: 'Fête des mères', over: false },
  { code: 'black-friday', name: 'Black Friday', over: true },
] as const

export interface SeededCampaign {
  id: number
  code: string
  /** Over: its orders are all shipped. */
  over: boolean
}

/** The campaigns of each shop (by shop id), in DEMO_CAMPAIGNS order. */
export async function seedCampaigns(
  trx: Db,
  shopIds: readonly number[],
): Promise<Map<number, SeededCampaign[]>> {
  const rows = await trx
    .insertInto('campaigns')
    .values(shopIds.flatMap((shop_id) => DEMO_CAMPAIGNS.map(({ code, name }) => ({ shop_id, code, name }))))
    .returning(['id', 'shop_id', 'code'])
    .execute()
  const byShop = new Map<number, SeededCampaign[]>()
  for (const shopId of shopIds) {
    byShop.set(
      shopId,
      DEMO_CAMPAIGNS.map((c) => {
        const row = rows.find((r) => r.shop_id === shopId && r.code === c.code) as (typeof rows)[number]
        return { id: row.id, code: c.code, over: c.over }
      }),
    )
  }
  return byShop
}
