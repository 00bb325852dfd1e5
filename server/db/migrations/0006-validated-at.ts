/**
 * validated_at: when the worker validated a stock write on the handheld, beside created_at (when
 * it reached the ledger). A write queued offline arrives minutes or hours after it was made; the
 * ledger must say when the goods were actually counted, received or moved.
 *
 * Rows already in the ledger get their created_at: that is all anyone knows of them. The default
 * is now(), the transaction's time, so every writer (the seed, a test, psql) keeps working.
 *
 * stock_insert_movements (migration 0004) is replaced with the same signature and body, plus the
 * `validated_at` field of each movement's JSON; absent, the transaction's time. It is capped at
 * the transaction's time: a handheld clock a little fast (contract/limits.ts tolerates 5 minutes)
 * must not put a validation after the arrival.
 */
import { type Migration, sql } from 'kysely'

export const validatedAt: Migration = {
  async up(db) {
    await sql`
      alter table stock_movements add column validated_at timestamptz;
      -- The balance trigger on update would add and take back every row's quantity: nothing to
      -- do for it here, so it is off for this one statement (the migration is one transaction).
      alter table stock_movements disable trigger stock_balances_update;
      update stock_movements set validated_at = created_at;
      alter table stock_movements enable trigger stock_balances_update;
      alter table stock_movements
        alter column validated_at set default now(),
        alter column validated_at set not null;

      create or replace function stock_insert_movements(
        movements jsonb, user_id integer, key text, parts text[], slots integer[],
        lock_class integer, lock_ids integer[],
        check_location integer, check_products integer[], check_quantities integer[])
        returns json language plpgsql volatile as $fn$
      declare
        ids integer[];
        lock_id integer;
        held json;
        short boolean;
      begin
        foreach lock_id in array coalesce(lock_ids, '{}') loop
          perform pg_advisory_xact_lock(lock_class, lock_id);
        end loop;
        if check_location is not null then
          select coalesce(json_agg(json_build_array(n.product_id, coalesce(b.quantity, 0))), '[]'),
                 coalesce(bool_or(coalesce(b.quantity, 0) < n.quantity), false)
          into held, short
          from unnest(check_products, check_quantities) as n(product_id, quantity)
          left join stock_balances b
            on b.location_id = check_location and b.product_id = n.product_id and b.quantity > 0;
          if short then
            return json_build_object('available', held);
          end if;
        end if;
        with inserted as (
          insert into stock_movements
            (kind, product_id, from_location_id, to_location_id, quantity, user_id, order_id, reason,
             validated_at)
          select m.kind, m.product_id, m.from_location_id, m.to_location_id, m.quantity, m.user_id,
                 m.order_id, m.reason, least(coalesce(m.validated_at, now()), now())
          from jsonb_to_recordset(movements) as m(
            kind text, product_id integer, from_location_id integer, to_location_id integer,
            quantity integer, user_id integer, order_id integer, reason text, validated_at timestamptz)
          returning id
        )
        -- Identity values follow the rows' order within one insert.
        select array_agg(id order by id) into ids from inserted;
        if key is not null and parts is not null then
          update idempotency_records r
          set status = 200,
              body = (
                select string_agg(p.part || coalesce(ids[p.slot + 1]::text, ''), '' order by p.n)
                from unnest(parts, slots) with ordinality as p(part, slot, n)
              )::jsonb
          where r.user_id = stock_insert_movements.user_id and r.key = stock_insert_movements.key;
        end if;
        return json_build_object('ids', to_json(ids));
      end
      $fn$;
    `.execute(db)
  },
}
