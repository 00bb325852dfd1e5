-- Maintained stock balances (the table: migration 0004). stock_balances holds the quantity per
-- product and location, kept by these statement-level triggers on stock_movements in the same
-- transaction as the movements, whoever writes them (the endpoints, the seed, a test, psql): the
-- ledger stays the source of truth and the balance is its running sum. stock_balances' CHECK
-- (quantity >= 0) is a second line of defence behind the per-location advisory locks
-- (server/kernel/locks.ts): a movement that would take more than a location holds fails its statement.
--
-- One trigger per event (a trigger with transition tables may only have one), all three calling
-- one function that branches on TG_OP. Each branch reads only the transition tables its event has:
-- PL/pgSQL plans a statement when it first runs it, so an insert trigger never plans the branch
-- that names old_movements. A branch collects the movements' columns into arrays, with the
-- quantity negated for the old rows (a deleted movement undone, an updated one replaced), and the
-- one upsert below sums them from those arrays. It takes the arrays rather than the transition
-- tables because a statement cannot name a transition table its trigger lacks, and dynamic SQL
-- would lose the cached plan that is the point of a function here; nor is it a function of its
-- own called by each trigger, which would cost a call and a statement more per write for nothing.
-- An update's new and old rows go in one sum, so a change that moves no stock (the user_id set to
-- null when a user is deleted) writes no balance.
--
-- Balance rows are written in (product_id, location_id) order within a statement, so that on
-- PostgreSQL two concurrent writes lock the rows they share in the same order. enable_seqscan off
-- and one generic plan: the update looks rows up by key only, whatever the planner guesses of a
-- small table (see stock.sql).
create or replace function stock_balances_after_write() returns trigger language plpgsql
  set enable_seqscan = off set plan_cache_mode = force_generic_plan as $fn$
declare
  product_ids integer[];
  from_ids integer[];
  to_ids integer[];
  quantities integer[];
begin
  if TG_OP = 'INSERT' then
    select array_agg(product_id), array_agg(from_location_id), array_agg(to_location_id), array_agg(quantity)
      into product_ids, from_ids, to_ids, quantities
      from new_movements;
  elsif TG_OP = 'DELETE' then
    select array_agg(product_id), array_agg(from_location_id), array_agg(to_location_id), array_agg(-quantity)
      into product_ids, from_ids, to_ids, quantities
      from old_movements;
  else
    select array_agg(product_id), array_agg(from_location_id), array_agg(to_location_id), array_agg(quantity)
      into product_ids, from_ids, to_ids, quantities
      from (select product_id, from_location_id, to_location_id, quantity from new_movements
            union all
            select product_id, from_location_id, to_location_id, -quantity from old_movements) m;
  end if;
  -- +quantity into to_location_id, −quantity out of from_location_id.
  with d as (
    select m.product_id, side.location_id, sum(side.delta)::integer as delta
    from unnest(product_ids, from_ids, to_ids, quantities)
           m(product_id, from_location_id, to_location_id, quantity)
    cross join lateral (values (m.to_location_id, m.quantity), (m.from_location_id, -m.quantity))
           side(location_id, delta)
    where side.location_id is not null
    group by m.product_id, side.location_id
    having sum(side.delta) <> 0
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

create or replace trigger stock_balances_insert after insert on stock_movements
  referencing new table as new_movements
  for each statement execute function stock_balances_after_write();

create or replace trigger stock_balances_delete after delete on stock_movements
  referencing old table as old_movements
  for each statement execute function stock_balances_after_write();

-- The ledger is append-only, but deleting a user sets its movements' user_id to null: an update.
create or replace trigger stock_balances_update after update on stock_movements
  referencing old table as old_movements new table as new_movements
  for each statement execute function stock_balances_after_write();
