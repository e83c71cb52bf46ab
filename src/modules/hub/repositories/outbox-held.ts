/*
 * Which outbox rows (`hub_catalogue_change as c`) can be sent now: SQL the outbox's repositories share,
 * one definition of the fact.
 */

/**
 * A CD's row waits while the hub does not hold its SKU: a product new in Medusa, waiting for its
 * publication, or one the hub refused (a CD answers a SKU it does not have with a refusal that would
 * then stand until its quantity changes). The SKU's default-warehouse row says so: a push the hub took,
 * a value it accepted (a create carried it, a reconciliation found it equal).
 */
export const HELD_BY_HUB = `exists (select 1 from hub_catalogue_change as d
   where d.deleted_at is null and d.account = c.account and d.warehouse = '98' and d.sku = c.sku
     and (d.sent_at is not null or d.accepted <> '{}'::jsonb))`

/**
 * A pending row that can go: the default warehouse's always (its push finds whether the hub holds the
 * SKU), another CD's once the hub holds the SKU. What the backlog counts: a CD's row waiting for its SKU
 * is not waiting to be pushed, as a row waiting for its product's publication (`awaiting`) is not.
 */
export const SENDABLE = `(c.state = 'pending' and (c.warehouse = '98' or ${HELD_BY_HUB}))`
