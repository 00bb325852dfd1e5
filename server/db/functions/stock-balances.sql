-- Maintained stock balances (the table: migration 0004). stock_balances holds the quantity per
-- product and location, kept by these statement-level triggers on stock_movements in the same
-- transaction as the movements, whoever writes them (the endpoints, the seed, a test, psql): the
-- ledger stays the source of truth and the balance is its running sum. stock_balances' CHECK
-- (quantity >= 0) is a second line of defence behind the per-location advisory locks
-- (server/stock/locks.ts): a movement that would take more than a location holds fails its statement.
--
-- One trigger per event: a trigger with transition tables may only have one. The three functions
-- differ only in the rows they sum: a trigger function cannot be given its transition table, and
-- dynamic SQL would lose the cached plan that is the point of a function here. Balance rows are
-- written in (product_id, location_id) order within a statement, so that on PostgreSQL two
-- concurrent writes lock the rows they share in the same order. enable_seqscan off and one generic
-- plan: the update looks rows up by key only, whatever the planner guesses of a small table (see
-- stock.sql).

-- +quantity into to_location_id, −quantity out of from_location_id.
create or replace function stock_balances_after_insert() returns trigger language plpgsql
  set enable_seqscan = off set plan_cache_mode = force_generic_plan as $fn$
begin
  with d as (
    select product_id, location_id, sum(delta)::integer as delta
    from (
      select product_id, to_location_id as location_id, quantity as delta
        from new_movements where to_location_id is not null
      union all
      select product_id, from_location_id, -quantity
        from new_movements where from_location_id is not null) deltas
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
$fn$;
drop trigger if exists stock_balances_insert on stock_movements;
create trigger stock_balances_insert after insert on stock_movements
  referencing new table as new_movements
  for each statement execute function stock_balances_after_insert();

-- Deleted rows undone: −quantity from to_location_id, +quantity back to from_location_id.
create or replace function stock_balances_after_delete() returns trigger language plpgsql
  set enable_seqscan = off set plan_cache_mode = force_generic_plan as $fn$
begin
  with d as (
    select product_id, location_id, sum(delta)::integer as delta
    from (
      select product_id, to_location_id as location_id, -quantity as delta
        from old_movements where to_location_id is not null
      union all
      select product_id, from_location_id, quantity
        from old_movements where from_location_id is not null) deltas
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
$fn$;
drop trigger if exists stock_balances_delete on stock_movements;
create trigger stock_balances_delete after delete on stock_movements
  referencing old table as old_movements
  for each statement execute function stock_balances_after_delete();

-- The ledger is append-only, but deleting a user sets its movements' user_id to null: an update,
-- whose deltas (the new rows' minus the old rows') cancel out unless a quantity, product or
-- location changed.
create or replace function stock_balances_after_update() returns trigger language plpgsql
  set enable_seqscan = off set plan_cache_mode = force_generic_plan as $fn$
begin
  with d as (
    select product_id, location_id, sum(delta)::integer as delta
    from (
      select product_id, to_location_id as location_id, quantity as delta
        from new_movements where to_location_id is not null
      union all
      select product_id, from_location_id, -quantity
        from new_movements where from_location_id is not null
      union all
      select product_id, to_location_id as location_id, -quantity as delta
        from old_movements where to_location_id is not null
      union all
      select product_id, from_location_id, quantity
        from old_movements where from_location_id is not null) deltas
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
$fn$;
drop trigger if exists stock_balances_update on stock_movements;
create trigger stock_balances_update after update on stock_movements
  referencing old table as old_movements new table as new_movements
  for each statement execute function stock_balances_after_update();
