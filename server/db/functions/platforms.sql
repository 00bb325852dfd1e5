-- Shipments sent back to a shop's Shopify or WooCommerce store (issue 34, docs/platforms.md).

-- platform_fulfilments_on_ship: an order that came from a store whose shop sends shipments back
-- (shop_platforms.fulfilment says so), shipped by this statement, gets its row of the outbox in
-- the same transaction: a shipment rolled back sends nothing, a crash after the commit loses
-- nothing. The delivery process sends it (server/platforms/fulfilment/sender.ts), woken on the
-- channel platform_fulfilments.
create or replace function platform_fulfilments_on_ship() returns trigger language plpgsql as $fn$
begin
  insert into platform_fulfilments (order_id, shop_id)
  select distinct o.id, o.shop_id
    from added_history h
    join orders o on o.id = h.order_id and o.platform_order_id is not null
    join shop_platforms p on p.shop_id = o.shop_id and (p.fulfilment ->> 'fulfilment')::boolean
   where h.to_status = 'shipped'
  on conflict (order_id) do nothing;
  if found then
    perform pg_notify('platform_fulfilments', '');
  end if;
  return null;
end
$fn$;

create or replace trigger platform_fulfilments_on_ship after insert on order_status_history
  referencing new table as added_history for each statement execute function platform_fulfilments_on_ship();
