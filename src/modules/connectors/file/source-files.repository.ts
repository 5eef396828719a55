import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import type { Tx } from '#src/common/database/transaction.js';
import { SourceFileEntity } from '#src/modules/connectors/file/source-file.entity.js';

@Injectable()
export class SourceFilesRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(tx?: Tx): Repository<SourceFileEntity> {
    return (tx?.manager ?? this.dataSource.manager).getRepository(SourceFileEntity);
  }

  async findByName(dataSourceId: string, name: string, tx?: Tx): Promise<SourceFileEntity | null> {
    return this.repo(tx).findOne({ where: { dataSourceId, name } });
  }

  async save(file: SourceFileEntity, tx?: Tx): Promise<SourceFileEntity> {
    return this.repo(tx).save(file);
  }

  async ofSource(dataSourceId: string): Promise<SourceFileEntity[]> {
    return this.repo().find({ where: { dataSourceId }, order: { name: 'ASC' } });
  }

  async count(dataSourceId: string): Promise<number> {
    return this.repo().count({ where: { dataSourceId } });
  }
}
