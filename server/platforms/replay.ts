/**
 * A delivery read again from the log (docs/platforms.md): once the reason it was refused is mended
 * (the SKU added to the catalogue, the address fixed in the store), an administrator has the body
 * the store sent read as if it came now. Its outcome is a new line of the log: the first one says
 * what happened then.
 */
import type { PlatformDelivery } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { notFound } from '../http/errors.ts'
import { receiveDelivery } from './receive.ts'
import { DELIVERY_NOT_FOUND, readPlatformDelivery } from './settings.ts'

export async function replayDelivery(db: Db, shopId: number, id: string): Promise<PlatformDelivery> {
  const row = await db
    .selectFrom('platform_deliveries as d')
    .innerJoin('shops as s', 's.id', 'd.shop_id')
    .select(['d.platform', 'd.topic', 'd.delivery_id', 'd.body', 's.slug', 's.code'])
    .where('d.shop_id', '=', shopId)
    .where('d.id', '=', id)
    .executeTakeFirst()
  if (!row) throw notFound(DELIVERY_NOT_FOUND)
  const received = await receiveDelivery(db, {
    shopId,
    shopSlug: row.slug,
    shopCode: row.code,
    platform: row.platform,
    topic: row.topic,
    deliveryId: row.delivery_id,
    payload: row.body,
  })
  return readPlatformDelivery(db, shopId, received.id)
}
