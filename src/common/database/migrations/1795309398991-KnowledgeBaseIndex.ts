import type { MigrationInterface, QueryRunner } from 'typeorm';

export class KnowledgeBaseIndex1795309398991 implements MigrationInterface {
  name = 'KnowledgeBaseIndex1795309398991';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "document" ADD "kb_article_id" character varying(40)`);
    await queryRunner.query(`ALTER TABLE "chunk" ADD "kb_article_id" character varying(40)`);
    await queryRunner.query(`ALTER TABLE "document" DROP CONSTRAINT "FK_38cf31e3f433e4fe6e334900826"`);
    await queryRunner.query(`DROP INDEX "public"."uq_document_source_key"`);
    await queryRunner.query(`ALTER TABLE "document" ALTER COLUMN "data_source_id" DROP NOT NULL`);
    await queryRunner.query(`DROP INDEX "public"."ix_chunk_org_source"`);
    await queryRunner.query(`ALTER TABLE "chunk" ALTER COLUMN "data_source_id" DROP NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_document_kb_article" ON "document"  ("kb_article_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_document_source_key" ON "document"  ("data_source_id", "key") `);
    await queryRunner.query(`CREATE INDEX "ix_chunk_org_kb_article" ON "chunk"  ("org_id", "kb_article_id") `);
    await queryRunner.query(`CREATE INDEX "ix_chunk_org_source" ON "chunk"  ("org_id", "data_source_id") `);
    await queryRunner.query(`ALTER TABLE "document" ADD CONSTRAINT "ck_document_owner" CHECK ((data_source_id IS NULL) <> (kb_article_id IS NULL))`);
    await queryRunner.query(
      `ALTER TABLE "document" ADD CONSTRAINT "FK_38cf31e3f433e4fe6e334900826" FOREIGN KEY ("data_source_id") REFERENCES "data_source"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "document" ADD CONSTRAINT "FK_3ddc79c7c3a9fab613858287466" FOREIGN KEY ("kb_article_id") REFERENCES "kb_article"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "document" DROP CONSTRAINT "FK_3ddc79c7c3a9fab613858287466"`);
    await queryRunner.query(`ALTER TABLE "document" DROP CONSTRAINT "FK_38cf31e3f433e4fe6e334900826"`);
    await queryRunner.query(`ALTER TABLE "document" DROP CONSTRAINT "ck_document_owner"`);
    await queryRunner.query(`DROP INDEX "public"."ix_chunk_org_source"`);
    await queryRunner.query(`DROP INDEX "public"."ix_chunk_org_kb_article"`);
    await queryRunner.query(`DROP INDEX "public"."uq_document_source_key"`);
    await queryRunner.query(`DROP INDEX "public"."uq_document_kb_article"`);
    await queryRunner.query(`ALTER TABLE "chunk" ALTER COLUMN "data_source_id" SET NOT NULL`);
    await queryRunner.query(`CREATE INDEX "ix_chunk_org_source" ON "chunk" USING btree ("org_id", "data_source_id") `);
    await queryRunner.query(`ALTER TABLE "document" ALTER COLUMN "data_source_id" SET NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_document_source_key" ON "document" USING btree ("data_source_id", "key") `);
    await queryRunner.query(
      `ALTER TABLE "document" ADD CONSTRAINT "FK_38cf31e3f433e4fe6e334900826" FOREIGN KEY ("data_source_id") REFERENCES "data_source"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "chunk" DROP COLUMN "kb_article_id"`);
    await queryRunner.query(`ALTER TABLE "document" DROP COLUMN "kb_article_id"`);
  }
}
