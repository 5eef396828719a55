import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A webhook's held deliveries, oldest event first: they are sent in that order, one at a time, when it is active again. */
export class WebhookDeliveryHeld1795780000000 implements MigrationInterface {
  name = 'WebhookDeliveryHeld1795780000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "ix_webhook_delivery_held" ON "webhook_delivery" ("webhook_id", "event_created_at") WHERE "status" = 'held'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_webhook_delivery_held"`);
  }
}
