import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Webhooks1795311637874 implements MigrationInterface {
  name = 'Webhooks1795311637874';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "webhook" ("id" character varying(40) NOT NULL, "org_id" character varying(40) NOT NULL, "url" text NOT NULL, "events" text array NOT NULL, "description" text, "secret_ciphertext" text NOT NULL, "secret_key_id" character varying(40) NOT NULL, "status" character varying(10) NOT NULL DEFAULT 'active', "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e6765510c2d078db49632b59020" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_webhook_org_created" ON "webhook"  ("org_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "webhook_delivery" ("id" character varying(40) NOT NULL, "org_id" character varying(40) NOT NULL, "webhook_id" character varying(40) NOT NULL, "event_id" character varying(60) NOT NULL, "event_type" character varying(60) NOT NULL, "body" text NOT NULL, "status" character varying(10) NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP(3) WITH TIME ZONE, "last_attempt_at" TIMESTAMP(3) WITH TIME ZONE, "last_status_code" integer, "last_error" text, "last_duration_ms" integer, "event_created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, "delivered_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b1ae290239a778f12399db91354" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_webhook_delivery_due" ON "webhook_delivery"  ("status", "next_attempt_at") `);
    await queryRunner.query(`CREATE INDEX "ix_webhook_delivery_webhook_created" ON "webhook_delivery"  ("webhook_id", "created_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_webhook_delivery_event" ON "webhook_delivery"  ("webhook_id", "event_id") `);
    await queryRunner.query(`ALTER TABLE "event" ADD "dispatched_at" TIMESTAMP(3) WITH TIME ZONE`);
    // Events from before webhooks existed have no one to go to.
    await queryRunner.query(`UPDATE "event" SET "dispatched_at" = "created_at"`);
    await queryRunner.query(`CREATE INDEX "ix_event_undispatched" ON "event"  ("created_at") WHERE dispatched_at IS NULL`);
    await queryRunner.query(
      `ALTER TABLE "webhook" ADD CONSTRAINT "FK_e5b373ad53378b074b96c3eec66" FOREIGN KEY ("org_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_delivery" ADD CONSTRAINT "FK_ef25cc28dcf88ea3dd81f39af2d" FOREIGN KEY ("webhook_id") REFERENCES "webhook"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_delivery" DROP CONSTRAINT "FK_ef25cc28dcf88ea3dd81f39af2d"`);
    await queryRunner.query(`ALTER TABLE "webhook" DROP CONSTRAINT "FK_e5b373ad53378b074b96c3eec66"`);
    await queryRunner.query(`DROP INDEX "public"."ix_event_undispatched"`);
    await queryRunner.query(`ALTER TABLE "event" DROP COLUMN "dispatched_at"`);
    await queryRunner.query(`DROP INDEX "public"."uq_webhook_delivery_event"`);
    await queryRunner.query(`DROP INDEX "public"."ix_webhook_delivery_webhook_created"`);
    await queryRunner.query(`DROP INDEX "public"."ix_webhook_delivery_due"`);
    await queryRunner.query(`DROP TABLE "webhook_delivery"`);
    await queryRunner.query(`DROP INDEX "public"."ix_webhook_org_created"`);
    await queryRunner.query(`DROP TABLE "webhook"`);
  }
}
