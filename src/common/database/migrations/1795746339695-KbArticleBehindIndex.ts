import type { MigrationInterface, QueryRunner } from 'typeorm';

export class KbArticleBehindIndex1795746339695 implements MigrationInterface {
  name = 'KbArticleBehindIndex1795746339695';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "ix_kb_article_behind_index" ON "kb_article"  ("updated_at") WHERE indexed_at IS DISTINCT FROM updated_at`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_kb_article_behind_index"`);
  }
}
