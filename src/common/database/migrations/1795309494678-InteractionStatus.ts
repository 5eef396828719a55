import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InteractionStatus1795309494678 implements MigrationInterface {
  name = 'InteractionStatus1795309494678';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "interaction" ADD "status" character varying(10) NOT NULL DEFAULT 'completed'`);
    await queryRunner.query(`ALTER TABLE "interaction" ADD "error" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "interaction" DROP COLUMN "error"`);
    await queryRunner.query(`ALTER TABLE "interaction" DROP COLUMN "status"`);
  }
}
