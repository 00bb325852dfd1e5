/**
 * stock_write answers a key already answered with its stored outcome (`{"stored": …}`), having
 * done nothing (issue 15): once the server keeps the look-ups (server/stock/catalogue.ts) a replay
 * is the write statement alone, where it was the look-up that carried the stored answer. Without
 * this, a replay wrote its movements and rolled them back on the key's unique index (EN001).
 * The rest is migration 0020's function as it was; replacing a function drops its settings, so
 * 0021's are given again.
 */
import { type Migration, sql } from 'kysely'
import { KEY_TAKEN_SQLSTATE } from './0020-stock-write.ts'

export const stockWriteReplays: Migration = {
  async up(db) {
    await sql`
      create or replace function stock_write(
        movements jsonb, user_id integer, key text, method text, path text, request_hash text,
        parts text[], slots integer[], lock_class integer, lock_ids integer[],
        check_location integer, check_products integer[], check_quantities integer[])
        returns json language plpgsql volatile
        set enable_seqscan = off
        set plan_cache_mode = force_generic_plan
        as $fn$
      declare
        done json;
        ids integer[];
        prior json;
      begin
        -- A key already answered: its stored outcome, and nothing done (a replay).
        if key is not null then
          select json_build_object('request_hash', r.request_hash, 'status', r.status, 'body', r.body)
          into prior
          from idempotency_records r where r.user_id = stock_write.user_id and r.key = stock_write.key;
          if prior is not null then
            return json_build_object('stored', prior);
          end if;
        end if;
        done := stock_insert_movements(movements, user_id, null, null, null, lock_class, lock_ids,
          check_location, check_products, check_quantities);
        if key is null or done->'available' is not null then
          return done;
        end if;
        -- No movement (a count that changes nothing) answers {"ids": null}.
        select coalesce(array_agg(v::integer order by n), '{}') into ids
        from json_array_elements_text(
          case when json_typeof(done->'ids') = 'array' then done->'ids' else '[]'::json end
        ) with ordinality as i(v, n);
        insert into idempotency_records (user_id, key, method, path, request_hash, status, body)
        values (stock_write.user_id, stock_write.key, stock_write.method, stock_write.path,
                stock_write.request_hash, 200,
                (select string_agg(p.part || coalesce(ids[p.slot + 1]::text, ''), '' order by p.n)
                 from unnest(parts, slots) with ordinality as p(part, slot, n))::jsonb)
        on conflict do nothing;
        if not found then
          raise exception 'Idempotency-Key % already used', key using errcode = ${sql.lit(KEY_TAKEN_SQLSTATE)};
        end if;
        return done;
      end
      $fn$;
    `.execute(db)
  },
}
