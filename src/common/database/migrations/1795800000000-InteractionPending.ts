import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The interactions still pending, for the sweep that fails those whose process died mid-answer. */
export class InteractionPending1795800000000 implements MigrationInterface {
  name = 'InteractionPending1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "ix_interaction_pending" ON "interaction" ("created_at") WHERE "status" = 'pending'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_interaction_pending"`);
  }
}
