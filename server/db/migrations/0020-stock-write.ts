/**
 * A stock write in one statement (issue 15, headroom on the API). A reception, a transfer of lines
 * or a scrap used to be BEGIN, claim of the key with the look-up, insert with the answer, COMMIT:
 * four round trips on PostgreSQL, each costing the server, the database and the pool. Now the
 * look-up (and a replay's stored answer) is one read, and the write one statement in its own
 * implicit transaction: stock_write takes the locations' locks, checks the stock, writes the
 * movements (stock_insert_movements, unchanged) and stores the answer under the Idempotency-Key.
 *
 * The key's record is inserted last, with its answer: a second request with the same key that runs
 * at the same moment blocks on the record's unique index until the first commits, then finds it
 * taken and raises EN001, which rolls its movements back; the server then answers it the first
 * one's stored answer (stock/idempotency.ts). A shortfall writes nothing and answers the quantities
 * available, as stock_insert_movements does.
 */
import { type Migration, sql } from 'kysely'

/** Raised by stock_write when the Idempotency-Key was taken by a request that committed meanwhile. */
export const KEY_TAKEN_SQLSTATE = 'EN001'

export const stockWriteFunction: Migration = {
  async up(db) {
    await sql`
      create function stock_write(
        movements jsonb, user_id integer, key text, method text, path text, request_hash text,
        parts text[], slots integer[], lock_class integer, lock_ids integer[],
        check_location integer, check_products integer[], check_quantities integer[])
        returns json language plpgsql volatile as $fn$
      declare
        done json;
        ids integer[];
      begin
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
