import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** One word for a hub order not imported: "set aside" (it was "quarantined" in the records). */
export class Migration20261122214500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "hub_order" drop constraint if exists "hub_order_import_state_check";`)
    this.addSql(`update "hub_order" set "import_state" = 'set_aside' where "import_state" = 'quarantined';`)
    this.addSql(
      `alter table if exists "hub_order" add constraint "hub_order_import_state_check" check ("import_state" in ('importing', 'imported', 'needs_stock', 'set_aside'));`
    )
    this.addSql(`alter table if exists "hub_order" rename column "quarantine_reason" to "set_aside_reason";`)
    this.addSql(`alter table if exists "hub_import_run" rename column "quarantined" to "set_aside";`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "hub_import_run" rename column "set_aside" to "quarantined";`)
    this.addSql(`alter table if exists "hub_order" rename column "set_aside_reason" to "quarantine_reason";`)
    this.addSql(`alter table if exists "hub_order" drop constraint if exists "hub_order_import_state_check";`)
    this.addSql(`update "hub_order" set "import_state" = 'quarantined' where "import_state" = 'set_aside';`)
    this.addSql(
      `alter table if exists "hub_order" add constraint "hub_order_import_state_check" check ("import_state" in ('importing', 'imported', 'needs_stock', 'quarantined'));`
    )
  }
}
