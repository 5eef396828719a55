import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAtColumn, IdColumn, OrgIdColumn } from '#src/common/database/columns.js';
import { DocumentEntity } from '#src/modules/data-sources/document.entity.js';

/** The dimensions the schema is created with (the local embedder's); `npm run cli -- reembed` changes them. */
export const DEFAULT_EMBEDDING_DIMENSIONS = 512;

/**
 * An uploaded file's name, as itself and as words ("q3-report.pdf q3 report pdf"), so a question naming
 * the file finds it; empty for a page (a URL), a knowledge base article (a path) and other named sources.
 */
const FILE_NAME = `CASE WHEN document_url ~ '^([a-z][a-z0-9+.-]*:|/)' THEN '' ELSE document_url || ' ' || regexp_replace(document_url, '[._/-]+', ' ', 'g') END`;

/**
 * A retrievable passage of a document: its text, its embedding (pgvector, HNSW cosine index) and a
 * generated full-text vector (GIN index). The two indexes are created by the migration, which TypeORM
 * cannot express, hence `synchronize: false` on them.
 */
@Entity('chunk')
@Index('ix_chunk_org_source', ['orgId', 'dataSourceId'])
@Index('ix_chunk_org_kb_article', ['orgId', 'kbArticleId'])
@Index('uq_chunk_document_index', ['documentId', 'chunkIndex'], { unique: true })
@Index('ix_chunk_embedding_hnsw', { synchronize: false })
@Index('ix_chunk_tsv_gin', { synchronize: false })
export class ChunkEntity {
  @IdColumn()
  id: string;

  @OrgIdColumn()
  orgId: string;

  /** Null for the chunks of a knowledge base article. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  dataSourceId: string | null;

  /** Set for the chunks of a published knowledge base article. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  kbArticleId: string | null;

  @Column({ type: 'varchar', length: 40 })
  documentId: string;

  @ManyToOne(() => DocumentEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'document_id' })
  document?: DocumentEntity;

  @Column({ type: 'integer' })
  chunkIndex: number;

  @Column({ type: 'text' })
  documentTitle: string;

  @Column({ type: 'text' })
  documentUrl: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  headingPath: string[];

  /** The heading path as one string, for the full-text vector (array_to_string is not immutable). */
  @Column({ type: 'text', default: '' })
  section: string;

  @Column({ type: 'text' })
  text: string;

  @Column({ type: 'integer' })
  tokenCount: number;

  @Column({ type: 'vector', length: DEFAULT_EMBEDDING_DIMENSIONS, select: false })
  embedding: string;

  @Column({ type: 'varchar', length: 200 })
  embeddingModel: string;

  /**
   * Keyword search's text: title, heading path, file name and text, then the words of their camel-case
   * identifiers (`identifier_words`, created by the ChunkIdentifierWords migration).
   */
  @Column({
    type: 'tsvector',
    select: false,
    generatedType: 'STORED',
    asExpression: `to_tsvector('english', document_title || ' ' || section || ' ' || ${FILE_NAME} || ' ' || text || ' ' || identifier_words(document_title || ' ' || section || ' ' || text))`,
    insert: false,
    update: false,
  })
  tsv: string;

  /** The title, heading path and file name alone (and their identifiers' words), whose terms keyword search weighs more (BM25_PARAMS.headingWeight). */
  @Column({
    type: 'tsvector',
    select: false,
    generatedType: 'STORED',
    asExpression: `to_tsvector('english', document_title || ' ' || section || ' ' || ${FILE_NAME} || ' ' || identifier_words(document_title || ' ' || section))`,
    insert: false,
    update: false,
  })
  headingTsv: string;

  @CreatedAtColumn()
  createdAt: Date;
}
