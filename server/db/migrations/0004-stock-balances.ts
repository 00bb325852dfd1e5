/**
 * Maintained stock balances. stock_levels used to sum the whole ledger on every read; the stock
 * writes read it inside their transaction, so every write paid for a scan of the ledger.
 *
 * stock_balances holds the quantity per product and location, kept by statement-level triggers
 * on stock_movements in the same transaction as the movements, whoever writes them (the
 * endpoints, the seed, a test, psql): the ledger stays the source of truth and the balance is its
 * running sum. CHECK (quantity >= 0) is a second line of defence against negative stock behind
 * the per-location advisory locks (server/stock/locks.ts): a movement that would take more than a
 * location holds fails its statement. The CHECK is added NOT VALID after the back-fill, so a
 * database whose ledger already went negative somewhere still migrates (those rows are then only
 * checked when they next change).
 *
 * stock_levels becomes a view over the balances (same columns, same "quantity <> 0" rows), so
 * every reader keeps working and gets the cheap read too.
 *
 * Balance rows are written in (product_id, location_id) order within a statement, so that on
 * PostgreSQL two concurrent writes lock the rows they share in the same order.
 */
import { type Migration, sql } from 'kysely'

/**
 * The signed movements of a set of ledger rows: +quantity into to_location_id, −quantity out of
 * from_location_id (`sign` -1 undoes them, for deleted rows).
 */
const deltasOf = (rows: string, sign: 1 | -1 = 1) => `
  select product_id, to_location_id as location_id, ${sign === 1 ? '' : '-'}quantity as delta
    from ${rows} where to_location_id is not null
  union all
  select product_id, from_location_id, ${sign === 1 ? '-' : ''}quantity
    from ${rows} where from_location_id is not null`

/** A trigger function adding the summed deltas to stock_balances, rows in key order. */
const balanceTrigger = (name: string, deltas: string) => `
  create function ${name}() returns trigger language plpgsql as $fn$
  begin
    with d as (
      select product_id, location_id, sum(delta)::integer as delta
      from (${deltas}) deltas
      group by product_id, location_id
      having sum(delta) <> 0
    ),
    updated as (
      update stock_balances b set quantity = b.quantity + d.delta
      from d
      where b.product_id = d.product_id and b.location_id = d.location_id
      returning b.product_id, b.location_id
    )
    insert into stock_balances (product_id, location_id, quantity)
    select d.product_id, d.location_id, d.delta
    from d
    where not exists (
      select 1 from updated u where u.product_id = d.product_id and u.location_id = d.location_id)
    order by d.product_id, d.location_id
    on conflict (product_id, location_id)
      do update set quantity = stock_balances.quantity + excluded.quantity;
    return null;
  end
  $fn$;`

export const stockBalances: Migration = {
  async up(db) {
    await sql`
      create table stock_balances (
        product_id integer not null references products,
        location_id integer not null references locations,
        quantity integer not null,
        primary key (product_id, location_id)
      );
      create index stock_balances_location_idx on stock_balances (location_id, product_id);

      insert into stock_balances (product_id, location_id, quantity)
        select product_id, location_id, sum(delta)::integer
        from (${sql.raw(deltasOf('stock_movements'))}
        ) ledger
        group by product_id, location_id;

      alter table stock_balances
        add constraint stock_balances_quantity_check check (quantity >= 0) not valid;

      -- One trigger per event: a trigger with transition tables may only have one.
      ${sql.raw(balanceTrigger('stock_balances_after_insert', deltasOf('new_movements')))}
      create trigger stock_balances_insert after insert on stock_movements
        referencing new table as new_movements
        for each statement execute function stock_balances_after_insert();

      ${sql.raw(balanceTrigger('stock_balances_after_delete', deltasOf('old_movements', -1)))}
      create trigger stock_balances_delete after delete on stock_movements
        referencing old table as old_movements
        for each statement execute function stock_balances_after_delete();

      -- The ledger is append-only, but deleting a user sets its movements' user_id to null:
      -- an update, whose deltas cancel out unless a quantity, product or location changed.
      ${sql.raw(balanceTrigger('stock_balances_after_update', `${deltasOf('new_movements')} union all ${deltasOf('old_movements', -1)}`))}
      create trigger stock_balances_update after update on stock_movements
        referencing old table as old_movements new table as new_movements
        for each statement execute function stock_balances_after_update();

      create or replace view stock_levels as
        select product_id, location_id, quantity
        from stock_balances
        where quantity <> 0;

      -- Product resolution looks codes up by SKU alone (any shop); (shop_id, sku) cannot serve that.
      create index products_sku_idx on products (sku);

      -- What a stock write looks up before it writes (server/stock/resolve.ts: lookUpColumns):
      -- the products of the codes (SKU or EAN-13, any shop), the locations of the names and the
      -- scrap reason, as JSON. A function so that its queries' plans are cached for the session:
      -- on PGlite, planning the same joins on every request cost more than running them.
      create function stock_look_up(codes text[], names text[], reason_id integer)
        returns json language plpgsql stable as $fn$
      declare
        found json;
      begin
        select json_build_object(
          'products', (
            select json_agg(json_build_object(
                     'id', p.id, 'sku', p.sku, 'ean13', p.ean13, 'name', p.name, 'shopSlug', s.slug)
                   order by p.id)
            from products p join shops s on s.id = p.shop_id
            where p.sku = any(codes) or p.ean13 = any(codes)),
          'locations', (
            select json_agg(json_build_object('id', l.id, 'name', l.name))
            from locations l where l.name = any(names)),
          'reason', (
            select json_build_object('id', r.id, 'label', r.label)
            from rebut_reasons r where r.id = reason_id))
        into found;
        return found;
      end
      $fn$;

      -- The signed-in user (server/auth/user.ts) with the slugs of its shops, as JSON; null when
      -- the user no longer exists. A function for the same reason as stock_look_up.
      create function auth_user(user_id integer) returns json language plpgsql stable as $fn$
      declare
        found json;
      begin
        select json_build_object(
          'id', u.id, 'username', u.username, 'display_name', u.display_name, 'email', u.email,
          'debug', u.debug, 'admin_url', u.admin_url, 'warehouse_access', u.warehouse_access,
          'roles', u.roles,
          'shops', array(
            select s.slug from user_shops us join shops s on s.id = us.shop_id
            where us.user_id = u.id order by s.id))
        into found
        from users u where u.id = auth_user.user_id;
        return found;
      end
      $fn$;

      -- Claims an Idempotency-Key (server/stock/idempotency.ts): true when this call inserted
      -- the record, false when it exists (after waiting for the transaction that holds it).
      create function idempotency_claim(user_id integer, key text, method text, path text, request_hash text)
        returns boolean language plpgsql as $fn$
      begin
        insert into idempotency_records (user_id, key, method, path, request_hash, status, body)
        values (idempotency_claim.user_id, idempotency_claim.key, idempotency_claim.method,
                idempotency_claim.path, idempotency_claim.request_hash, 0, null)
        on conflict do nothing;
        return found;
      end
      $fn$;

      -- Appends movements (a JSON array of stock_movements rows) and answers {"ids": [...]}, their
      -- ids in the array's order. With a key, also stores the answer of that Idempotency-Key: the
      -- answer's JSON text cut into parts, parts[i] followed by the id of movement slots[i]
      -- (0-based). With a check (server/stock/locks.ts): first takes the advisory locks lock_ids
      -- (lock_class, in the given order), THEN reads check_location's quantities of
      -- check_products; when one is below its check_quantities, writes nothing and answers
      -- {"available": [[product_id, quantity], ...]}. The read is its own statement after the
      -- locks (a volatile function's statements each take a new snapshot), so it sees what the
      -- previous holder of a lock committed while this one waited.
      create function stock_insert_movements(
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
            (kind, product_id, from_location_id, to_location_id, quantity, user_id, order_id, reason)
          select m.kind, m.product_id, m.from_location_id, m.to_location_id, m.quantity, m.user_id,
                 m.order_id, m.reason
          from jsonb_to_recordset(movements) as m(
            kind text, product_id integer, from_location_id integer, to_location_id integer,
            quantity integer, user_id integer, order_id integer, reason text)
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

      -- Takes the advisory locks of server/stock/locks.ts (in the given order), THEN reads what
      -- the location holds (of the given products; null: all), quantity > 0, as
      -- [[product_id, quantity], …]. Volatile: each statement of the function takes a new
      -- snapshot, so the read sees what the previous holder of a lock committed while this one
      -- waited; a single SQL statement would not.
      create function stock_lock_and_read(lock_class integer, lock_ids integer[], location integer, products integer[])
        returns json language plpgsql volatile as $fn$
      declare
        lock_id integer;
        held json;
      begin
        foreach lock_id in array coalesce(lock_ids, '{}') loop
          perform pg_advisory_xact_lock(lock_class, lock_id);
        end loop;
        select coalesce(json_agg(json_build_array(b.product_id, b.quantity)), '[]')
        into held
        from stock_balances b
        where b.location_id = location and b.quantity > 0
          and (products is null or b.product_id = any(products));
        return held;
      end
      $fn$;
    `.execute(db)
  },
}
