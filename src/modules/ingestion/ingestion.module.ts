import { Module } from '@nestjs/common';
import { DocumentPreparer } from '#src/modules/ingestion/document-preparer.js';

/** Parsers, crawler and chunker: pure functions of their input, with no database; the preparer runs them in worker threads. */
@Module({
  providers: [DocumentPreparer],
  exports: [DocumentPreparer],
})
export class IngestionModule {}
