import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261202031207 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_hub_import_run_account_started_at" ON "hub_import_run" ("account", "started_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_hub_import_run_account_started_at";`);
  }

}
