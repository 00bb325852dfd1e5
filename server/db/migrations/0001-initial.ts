/** The first schema: users, shops, catalogue, stock ledger, orders, workstations, sign-in throttling. */
import { type Migration, sql } from 'kysely'

export const initial: Migration = {
  async up(db) {
    await sql`
      create table users (
        id integer generated always as identity primary key,
        username text not null,
        password_hash text not null,
        display_name text not null,
        email text not null,
        debug boolean not null default false,
        admin_url text,
        warehouse_access boolean not null default false,
        roles text[] not null default '{}',
        created_at timestamptz not null default now()
      );
      -- Sign-in is case-insensitive: 'Demo' and 'demo' are one account.
      create unique index users_username_key on users (lower(username));

      create table shops (
        id integer generated always as identity primary key,
        slug text not null unique,
        name text not null,
        code text not null unique
      );

      create table user_shops (
        user_id integer not null references users on delete cascade,
        shop_id integer not null references shops on delete cascade,
        primary key (user_id, shop_id)
      );
      create index user_shops_shop_idx on user_shops (shop_id);

      create table products (
        id integer generated always as identity primary key,
        shop_id integer not null references shops,
        sku text not null,
        ean13 text not null check (ean13 ~ '^[0-9]{13}$'),
        name text not null,
        created_at timestamptz not null default now(),
        unique (shop_id, sku),
        unique (shop_id, ean13)
      );
      create index products_ean13_idx on products (ean13);

      create table locations (
        id integer generated always as identity primary key,
        name text not null unique,
        kind text not null default 'storage'
          check (kind in ('storage', 'reception', 'shipping', 'scrap', 'returns'))
      );

      create table carriers (
        id integer generated always as identity primary key,
        code text not null unique,
        name text not null
      );

      create table orders (
        id integer generated always as identity primary key,
        shop_id integer not null references shops,
        name text not null unique,
        picking_type text not null check (picking_type in (
          'mono', 'mono_customized', 'mono_gift', 'mono_classic',
          'multi', 'multi_customized', 'multi_gift', 'multi_classic')),
        status text not null default 'to_pick'
          check (status in ('to_pick', 'picking', 'picked', 'packed', 'shipped', 'cancelled')),
        carrier_id integer references carriers,
        customer_name text not null,
        tracking_number text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      -- The picking screens count and list a shop's orders by status and type.
      create index orders_shop_status_idx on orders (shop_id, status, picking_type);

      create table order_lines (
        id integer generated always as identity primary key,
        order_id integer not null references orders on delete cascade,
        product_id integer not null references products,
        quantity integer not null check (quantity > 0),
        picked_quantity integer not null default 0 check (picked_quantity between 0 and quantity),
        customization text,
        gift_message text
      );
      create index order_lines_order_idx on order_lines (order_id);

      -- The stock ledger: rows are only ever appended. A row moves goods out of
      -- from_location and/or into to_location; quantities per location are sums over it.
      create table stock_movements (
        id integer generated always as identity primary key,
        kind text not null
          check (kind in ('RECEPTION', 'TRANSFER', 'REBUT', 'PICK', 'RETURN', 'INVENTORY')),
        product_id integer not null references products,
        from_location_id integer references locations,
        to_location_id integer references locations,
        quantity integer not null check (quantity > 0),
        user_id integer references users on delete set null,
        order_id integer references orders,
        reason text,
        created_at timestamptz not null default now(),
        check (from_location_id is not null or to_location_id is not null),
        check (from_location_id is distinct from to_location_id),
        check (kind <> 'TRANSFER' or (from_location_id is not null and to_location_id is not null)),
        check (kind not in ('RECEPTION', 'RETURN') or (from_location_id is null and to_location_id is not null)),
        check (kind not in ('PICK', 'REBUT') or (from_location_id is not null and to_location_id is null))
      );
      create index stock_movements_from_idx on stock_movements (from_location_id, product_id);
      create index stock_movements_to_idx on stock_movements (to_location_id, product_id);
      create index stock_movements_product_idx on stock_movements (product_id);

      create view stock_levels as
        select product_id, location_id, sum(delta)::integer as quantity
        from (
          select product_id, to_location_id as location_id, quantity as delta
            from stock_movements where to_location_id is not null
          union all
          select product_id, from_location_id, -quantity
            from stock_movements where from_location_id is not null
        ) ledger
        group by product_id, location_id
        having sum(delta) <> 0;

      create table computers (
        id integer generated always as identity primary key,
        name text not null unique,
        ip text not null unique
      );

      create table printers (
        id integer generated always as identity primary key,
        computer_id integer not null references computers on delete cascade,
        name text not null,
        use text not null check (use in ('label', 'a4')),
        unique (computer_id, name)
      );

      -- The workstation a user last reported; printing resolves the computer through it.
      create table user_ips (
        user_id integer primary key references users on delete cascade,
        ip text not null,
        reported_at timestamptz not null default now()
      );
      create index user_ips_ip_idx on user_ips (ip);

      create table login_attempts (
        id integer generated always as identity primary key,
        username text not null,
        ip text not null,
        at timestamptz not null default now(),
        success boolean not null
      );
      create index login_attempts_username_idx on login_attempts (username, at) where not success;
      create index login_attempts_ip_idx on login_attempts (ip, at) where not success;
      create index login_attempts_at_idx on login_attempts (at);

      create table idempotency_records (
        user_id integer not null references users on delete cascade,
        key text not null,
        method text not null,
        path text not null,
        request_hash text not null,
        status integer not null,
        body jsonb,
        created_at timestamptz not null default now(),
        primary key (user_id, key)
      );
      create index idempotency_records_created_idx on idempotency_records (created_at);
    `.execute(db)
  },
}
