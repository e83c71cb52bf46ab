import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * One word for the hub's refusal (issue 60): a merchant move and a delivery action the hub refused are
 * `refused`, as an outbox row and a publication are (they were `rejected`).
 */
export class Migration20261203190111 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_delivery_action" drop constraint if exists "hub_delivery_action_state_check";`);

    this.addSql(`alter table if exists "hub_order_move" drop constraint if exists "hub_order_move_state_check";`);

    this.addSql(`update "hub_delivery_action" set "state" = 'refused' where "state" = 'rejected';`);
    this.addSql(`update "hub_order_move" set "state" = 'refused' where "state" = 'rejected';`);

    this.addSql(`alter table if exists "hub_delivery_action" add constraint "hub_delivery_action_state_check" check("state" in ('done', 'refused', 'unknown'));`);

    this.addSql(`alter table if exists "hub_order_move" add constraint "hub_order_move_state_check" check("state" in ('sending', 'done', 'refused', 'unknown', 'failed'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "hub_delivery_action" drop constraint if exists "hub_delivery_action_state_check";`);

    this.addSql(`alter table if exists "hub_order_move" drop constraint if exists "hub_order_move_state_check";`);

    this.addSql(`update "hub_delivery_action" set "state" = 'rejected' where "state" = 'refused';`);
    this.addSql(`update "hub_order_move" set "state" = 'rejected' where "state" = 'refused';`);

    this.addSql(`alter table if exists "hub_delivery_action" add constraint "hub_delivery_action_state_check" check("state" in ('done', 'rejected', 'unknown'));`);

    this.addSql(`alter table if exists "hub_order_move" add constraint "hub_order_move_state_check" check("state" in ('sending', 'done', 'rejected', 'unknown', 'failed'));`);
  }

}
