import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Ingestion1795307070851 implements MigrationInterface {
  name = 'Ingestion1795307070851';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "document" ("id" character varying(40) NOT NULL, "org_id" character varying(40) NOT NULL, "data_source_id" character varying(40) NOT NULL, "key" text NOT NULL, "url" text NOT NULL, "title" text NOT NULL, "content_hash" character(64), "status" character varying(10) NOT NULL, "error" text, "chunk_count" integer NOT NULL DEFAULT '0', "token_count" integer NOT NULL DEFAULT '0', "last_seen_run_id" character varying(40) NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e57d3357f83f3cdc0acffc3d777" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_document_source_key" ON "document"  ("data_source_id", "key") `);
    await queryRunner.query(`INSERT INTO "typeorm_metadata"("database", "schema", "table", "type", "name", "value") VALUES ($1, $2, $3, $4, $5, $6)`, [
      await queryRunner.getCurrentDatabase(),
      'public',
      'chunk',
      'GENERATED_COLUMN',
      'tsv',
      "to_tsvector('english', document_title || ' ' || section || ' ' || text)",
    ]);
    await queryRunner.query(
      `CREATE TABLE "chunk" ("id" character varying(40) NOT NULL, "org_id" character varying(40) NOT NULL, "data_source_id" character varying(40) NOT NULL, "document_id" character varying(40) NOT NULL, "chunk_index" integer NOT NULL, "document_title" text NOT NULL, "document_url" text NOT NULL, "heading_path" text array NOT NULL DEFAULT '{}', "section" text NOT NULL DEFAULT '', "text" text NOT NULL, "token_count" integer NOT NULL, "embedding" vector(512) NOT NULL, "embedding_model" character varying(200) NOT NULL, "tsv" tsvector GENERATED ALWAYS AS (to_tsvector('english', document_title || ' ' || section || ' ' || text)) STORED NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_444ba832a2c514629d265d81b5f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_chunk_document_index" ON "chunk"  ("document_id", "chunk_index") `);
    await queryRunner.query(`CREATE INDEX "ix_chunk_org_source" ON "chunk"  ("org_id", "data_source_id") `);
    // Not expressible in TypeORM's metadata (synchronize: false on the entity): the vector and full-text indexes.
    await queryRunner.query(`CREATE INDEX "ix_chunk_embedding_hnsw" ON "chunk" USING hnsw ("embedding" vector_cosine_ops) WITH (m = 16, ef_construction = 64)`);
    await queryRunner.query(`CREATE INDEX "ix_chunk_tsv_gin" ON "chunk" USING gin ("tsv")`);
    await queryRunner.query(
      `CREATE TABLE "source_file" ("id" character varying(40) NOT NULL, "org_id" character varying(40) NOT NULL, "data_source_id" character varying(40) NOT NULL, "name" character varying(255) NOT NULL, "content_type" character varying(200), "size" bigint NOT NULL, "sha256" character(64) NOT NULL, "storage_path" text NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_dc9b2afd84eb59641fafff82ea6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_source_file_source_name" ON "source_file"  ("data_source_id", "name") `);
    await queryRunner.query(
      `CREATE TABLE "sync_run" ("id" character varying(40) NOT NULL, "org_id" character varying(40) NOT NULL, "data_source_id" character varying(40) NOT NULL, "status" character varying(20) NOT NULL, "trigger" character varying(20) NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "documents_expected" integer, "documents_seen" integer NOT NULL DEFAULT '0', "documents_indexed" integer NOT NULL DEFAULT '0', "documents_unchanged" integer NOT NULL DEFAULT '0', "documents_failed" integer NOT NULL DEFAULT '0', "documents_removed" integer NOT NULL DEFAULT '0', "chunks_written" integer NOT NULL DEFAULT '0', "tokens_processed" integer NOT NULL DEFAULT '0', "error" text, "started_at" TIMESTAMP(3) WITH TIME ZONE, "finished_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ab1387853fd86ea904a21058b01" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_sync_run_source_status" ON "sync_run"  ("data_source_id", "status") `);
    await queryRunner.query(
      `ALTER TABLE "document" ADD CONSTRAINT "FK_38cf31e3f433e4fe6e334900826" FOREIGN KEY ("data_source_id") REFERENCES "data_source"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "chunk" ADD CONSTRAINT "FK_690a6e4013777feb8061731c119" FOREIGN KEY ("document_id") REFERENCES "document"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "source_file" ADD CONSTRAINT "FK_809551f99a96196e682d5f939ee" FOREIGN KEY ("data_source_id") REFERENCES "data_source"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "sync_run" ADD CONSTRAINT "FK_c33ad63ee37340008be01f03180" FOREIGN KEY ("data_source_id") REFERENCES "data_source"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sync_run" DROP CONSTRAINT "FK_c33ad63ee37340008be01f03180"`);
    await queryRunner.query(`ALTER TABLE "source_file" DROP CONSTRAINT "FK_809551f99a96196e682d5f939ee"`);
    await queryRunner.query(`ALTER TABLE "chunk" DROP CONSTRAINT "FK_690a6e4013777feb8061731c119"`);
    await queryRunner.query(`ALTER TABLE "document" DROP CONSTRAINT "FK_38cf31e3f433e4fe6e334900826"`);
    await queryRunner.query(`DROP INDEX "public"."ix_sync_run_source_status"`);
    await queryRunner.query(`DROP TABLE "sync_run"`);
    await queryRunner.query(`DROP INDEX "public"."uq_source_file_source_name"`);
    await queryRunner.query(`DROP TABLE "source_file"`);
    await queryRunner.query(`DROP INDEX "public"."ix_chunk_tsv_gin"`);
    await queryRunner.query(`DROP INDEX "public"."ix_chunk_embedding_hnsw"`);
    await queryRunner.query(`DROP INDEX "public"."ix_chunk_org_source"`);
    await queryRunner.query(`DROP INDEX "public"."uq_chunk_document_index"`);
    await queryRunner.query(`DROP TABLE "chunk"`);
    await queryRunner.query(`DELETE FROM "typeorm_metadata" WHERE "type" = $1 AND "name" = $2 AND "database" = $3 AND "schema" = $4 AND "table" = $5`, [
      'GENERATED_COLUMN',
      'tsv',
      await queryRunner.getCurrentDatabase(),
      'public',
      'chunk',
    ]);
    await queryRunner.query(`DROP INDEX "public"."uq_document_source_key"`);
    await queryRunner.query(`DROP TABLE "document"`);
  }
}
