import type { MigrationInterface, QueryRunner } from 'typeorm';

export class KbArticleIndexedAt1795727061721 implements MigrationInterface {
  name = 'KbArticleIndexedAt1795727061721';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "kb_article" ADD "indexed_at" TIMESTAMP(3) WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "kb_article" DROP COLUMN "indexed_at"`);
  }
}
